// Asks the person at the terminal whether a model's tool call (or a server's sampling request) may go ahead, on
// stderr (stdout may be a pipe for --json). Threat: a model or server text that carries escape sequences to redraw
// the question, so everything it quotes is shown escaped; with no terminal nothing is approved by default.
import { createInterface } from 'node:readline';
import { escapeControls } from '../../shared/trust/escape-controls.js';

/** A yes/no asker when stdin and stderr are a terminal; undefined otherwise (scripts choose --approve). */
export function terminalYesNo(): ((question: string) => Promise<boolean>) | undefined {
  if (!process.stdin.isTTY || !process.stderr.isTTY) return undefined;
  return (question) =>
    new Promise((resolve) => {
      const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
      rl.question(`mcpscope chat: ${question} [y/N] `, (answer) => {
        rl.close();
        resolve(/^y(es)?$/i.test(answer.trim()));
      });
    });
}

/** The call as the question shows it: the tool's name and its arguments, one line, escaped and cut. */
export function describeCall(name: string, args: unknown): string {
  const text = JSON.stringify(args ?? {});
  return `run ${escapeControls(name)} ${escapeControls(text.length > 300 ? `${text.slice(0, 300)}…` : text)}?`;
}
