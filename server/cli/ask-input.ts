// Asks for a VS Code `${input:id}` value at the terminal, on stderr (stdout may be a pipe for `call`'s JSON), without
// echoing a password. Threat: a secret typed in clear on a shared screen or captured in a terminal recording, and a
// config whose input description carries escape sequences to disguise the question (shown escaped).
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { escapeControls } from '../../shared/trust/escape-controls.js';
import type { InputSpec } from './config-target.js';

/** An asker when stdin and stderr are a terminal; undefined otherwise (scripts give --input instead). */
export function terminalAsker(): ((input: InputSpec) => Promise<string>) | undefined {
  if (!process.stdin.isTTY || !process.stderr.isTTY) return undefined;
  return (input) =>
    new Promise((resolve) => {
      const def = input.default !== undefined && !input.password ? ` [${escapeControls(input.default)}]` : '';
      process.stderr.write(`mcpscope: ${escapeControls(input.description)} (\${input:${escapeControls(input.id)}})${def}: `);
      // readline echoes what is typed through its output: a silent one hides a password.
      const silent = new Writable({ write: (_c, _e, done) => done() });
      const rl = createInterface({ input: process.stdin, output: input.password ? silent : process.stderr, terminal: true });
      rl.question('', (answer) => {
        rl.close();
        if (input.password) process.stderr.write('\n');
        resolve(answer === '' && input.default !== undefined ? input.default : answer);
      });
    });
}
