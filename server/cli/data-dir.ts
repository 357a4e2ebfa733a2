// Where mcpscope keeps its store unless told: one place for the inspector and for taps, which must agree on it.
import { homedir, platform } from 'node:os';
import { join } from 'node:path';

export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  const home = homedir();
  if (platform() === 'win32') return join(env.LOCALAPPDATA ?? join(home, 'AppData', 'Local'), 'mcpscope');
  if (platform() === 'darwin') return join(home, 'Library', 'Application Support', 'mcpscope');
  return join(env.XDG_DATA_HOME || join(home, '.local', 'share'), 'mcpscope');
}
