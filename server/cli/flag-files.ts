// --env-file and --header-file: a server's variables and headers read from a file instead of argv. Threat: a secret
// on the command line (--env API_KEY=…, --header 'Authorization: Bearer …') is readable by every local user in `ps` and
// /proc/<pid>/cmdline for as long as the command runs; a file named there shows only its path. The file is read once,
// at parse time, and every line is checked as its flag would check it, so a bad one is an error naming file and line.
import { readFileSync } from 'node:fs';
import { envNameError } from '../../shared/trust/env-names.js';
import { UsageError } from './flags.js';
import { HEADER_NAME } from './validators.js';

/** The file's lines that say something, numbered from 1: blank lines and `#` comments are skipped, CRLF tolerated. */
function meaningfulLines(file: string, flag: string): { n: number; text: string }[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new UsageError(`${flag} ${file}: cannot read it (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  return text
    .replace(/^\uFEFF/, '')
    .split('\n')
    .map((line, i) => ({ n: i + 1, text: line.replace(/\r$/, '') }))
    .filter((l) => l.text.trim() !== '' && !l.text.trimStart().startsWith('#'));
}

/** `"x"` and `'x'` around a whole value are quotes, taken off; nothing inside is interpreted (no escapes, no ${}). */
function unquote(v: string): string {
  return v.length >= 2 && (v[0] === '"' || v[0] === "'") && v.endsWith(v[0]) ? v.slice(1, -1) : v;
}

/**
 * A dotenv-style file: `KEY=VALUE` per line (an `export ` before it is allowed), split at the first `=`, the value
 * trimmed and unquoted. Names are checked like every recipe's (shared/trust/env-names.ts).
 */
export function envFile(file: string, flag: string): [string, string][] {
  return meaningfulLines(file, flag).map(({ n, text }): [string, string] => {
    const line = text.trim().replace(/^export\s+/, '');
    const eq = line.indexOf('=');
    if (eq === -1) throw new UsageError(`${flag} ${file}, line ${n}: needs KEY=VALUE`);
    const name = line.slice(0, eq).trim();
    const bad = envNameError(name);
    if (bad !== null) throw new UsageError(`${flag} ${file}, line ${n}: ${bad}`);
    return [name, unquote(line.slice(eq + 1).trim())];
  });
}

/** `Name: value` per line, as --header takes it: split at the first colon, both trimmed; the name an HTTP token. */
export function headerFile(file: string, flag: string): [string, string][] {
  return meaningfulLines(file, flag).map(({ n, text }): [string, string] => {
    const colon = text.indexOf(':');
    const name = colon === -1 ? '' : text.slice(0, colon).trim();
    if (!HEADER_NAME.test(name)) throw new UsageError(`${flag} ${file}, line ${n}: needs 'Name: value' with a valid header name`);
    const value = text.slice(colon + 1).trim();
    if (/[\r\0]/.test(value)) throw new UsageError(`${flag} ${file}, line ${n}: the value of ${name} contains a CR or NUL character`);
    return [name, value];
  });
}
