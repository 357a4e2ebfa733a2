// --config for the commands that start a server: the file's server, asking for its inputs at a terminal. The config
// parser loads only when --config is given, so a command without it does not pay for it at start-up.
import type { ConfigChoice } from './config-target.js';

export async function readConfigTarget(choice: ConfigChoice) {
  const [{ configTarget }, { terminalAsker }] = await Promise.all([import('./config-target.js'), import('./ask-input.js')]);
  return configTarget(choice, { env: process.env, ask: terminalAsker() });
}
