// Starts a stdio server the one way mcpscope starts every server (the relay's sessions, `call`, `check`, the tap): the
// recipe's environment checked, the relay's secrets left out, the run's spawn mark added last, a process group of its
// own, and the child tracked from its spawn to its exit (process-tracker.ts: the table in <data dir>/processes/).
// Threat: a server that outlives mcpscope, or reads what only the relay may know.
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import crossSpawn from 'cross-spawn';
import { assertSpawnableEnv } from '../../shared/trust/env-names.js';
import { processTracker } from './process-tracker.js';
import { serverSpawnOptions } from './spawn-plan.js';

/** Variables the relay reads and no server should inherit. */
const RELAY_ONLY_ENV = ['MCPSCOPE_TOKEN'];

/**
 * The server's environment: the relay's own, minus what only the relay may know, plus the recipe's. Threat: a server
 * (or anything it runs) reading the relay's access token and driving the relay, which can spawn processes.
 */
function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = { ...process.env };
  for (const name of RELAY_ONLY_ENV) delete base[name];
  return { ...base, ...env };
}

export interface ServerCommand {
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd?: string | undefined;
  /**
   * `walk` (the relay, `call`, `check`): the tree is walked now and then as well as found by its mark. `mark` (the tap):
   * by its mark only, since a walk stalls the thread that carries the host's bytes.
   */
  tracking: 'walk' | 'mark';
}

/**
 * Spawns the server; throws what spawn throws synchronously (a bad env name, a bad cwd type), and reports the rest as
 * the child's 'error'. From its 'spawn' it is tracked; at its 'close' whatever is left of its group and mark goes.
 */
export function spawnServer(s: ServerCommand): ChildProcessWithoutNullStreams {
  // The last guard: a name that is not a name never reaches spawn, whatever path it came by.
  assertSpawnableEnv(s.env);
  // Every process the server starts inherits this mark, whatever it does to the tree; added last, so no recipe sets it.
  const marker = processTracker.markerEnv();
  // Its own process group (POSIX), hidden console (Windows); cross-spawn finds npx.cmd and other shims on Windows.
  const child = crossSpawn(s.command, s.args, serverSpawnOptions(s.cwd, { ...childEnv(s.env), ...marker })) as ChildProcessWithoutNullStreams;
  child.once('spawn', () => {
    if (s.tracking === 'walk') processTracker.track(child.pid!, marker);
    else processTracker.adopt(child.pid!, marker);
  });
  // The leader is gone; anything it left (in its group or carrying its mark) goes too.
  child.once('close', () => {
    if (child.pid !== undefined) processTracker.release(child.pid);
  });
  return child;
}
