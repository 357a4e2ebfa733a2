// The verdict for a preset the server died on, worded once for the CLI, check and the browser's lab: what killed it
// first, then how it ended (exit code or signal, a refused connection) and the last lines it wrote on stderr.
import { escapeControls } from '../trust/escape-controls.js';
import type { FaultVerdict } from './fault-types.js';

export interface ServerDeath {
  /** "the server exited (code 3, signal -)", or the refused connection. */
  cause: string;
  /** The last lines the server wrote on stderr (stdio only), newest last. */
  stderr: string[];
}

export function diedVerdict(what: string, death: ServerDeath): FaultVerdict {
  const said = death.stderr.length > 0 ? ` Its last stderr lines: ${death.stderr.map((l) => `"${escapeControls(l).slice(0, 200)}"`).join(', ')}.` : '';
  return { outcome: 'died', explanation: `The server died on ${what}: ${escapeControls(death.cause)}.${said}` };
}
