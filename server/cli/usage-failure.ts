// How every command reports a usage error: the mistake, the command's synopsis and where its full help is, on stderr,
// exit 2. Not the whole --help: in a CI log the one line that says what went wrong must not scroll away under sixty.
import { escapeControlsKeepingLines } from '../../shared/trust/escape-controls.js';

export const USAGE_EXIT = 2;

/** The synopsis of a --help text: its lines up to the first blank one (`usage: mcpscope call …` and its continuation). */
export function synopsis(usage: string): string {
  const end = usage.search(/\n\s*\n/);
  return end === -1 ? usage : usage.slice(0, end);
}

/**
 * The text of a usage error for `command` ('' for the inspector itself, else `call`, `check`…): the message, the
 * synopsis, and the --help to read.
 */
export function usageFailureText(command: string, message: string, usage: string): string {
  const name = command === '' ? 'mcpscope' : `mcpscope ${command}`;
  // A message quotes what was typed or read from a file (a config's args, an answers file): escaped, as all such text.
  return `${name}: ${escapeControlsKeepingLines(message)}\n${synopsis(usage)}\nsee '${name} --help'\n`;
}

/** Writes the usage error on stderr and returns the exit code for it. */
export function usageFailure(command: string, message: string, usage: string): number {
  process.stderr.write(usageFailureText(command, message, usage));
  return USAGE_EXIT;
}
