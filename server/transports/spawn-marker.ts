// Finds every process a server started, however it got away, by a mark in its environment, and kills them all.
// Threat: a descendant that outlives mcpscope because no walk of the process tree ever saw it: a double fork whose
// middle process exits at once (the grandchild is re-parented to init before any walk), a setsid child, a process that
// ignores SIGTERM. The tree can be shed (fork, exit, setsid) but the environment is inherited by every exec and fork
// unless a process deliberately replaces it (env -i, execve with a fresh environment): that one escapes this net, and
// only the pid/start-time walk (process-tracker.ts) catches it, if it saw it. The mark is an identifier, not a
// credential: it grants nothing, and a process that copies another's mark only makes itself a target of that kill.
// Linux only (/proc/<pid>/environ); elsewhere markedProcesses finds nothing and the pid/start-time walk is all.
import { readFileSync, readdirSync } from 'node:fs';

/**
 * The variable every spawned server (and so everything it starts) carries: its marks, space-separated, each
 * `<instance>:<spawn number>`. More than one when mcpscope runs under a server that another mcpscope started (a
 * nested relay, `call` in a server's script): its servers keep the outer marks, so stopping the outer session still
 * finds them.
 */
export const SPAWN_MARKER = 'MCPSCOPE_SPAWN';

const MARK = /^[0-9a-f]{16}:\d+$/;

/** The marks in a marker's value that have the shape of one (whatever else a process put there is ignored). */
export function marksIn(value: string | undefined): string[] {
  return (value ?? '').split(' ').filter((m) => MARK.test(m));
}

/** The marker's value for a new server: the marks this process inherited, then its own `mark`. */
export function markerValue(mark: string, inherited: string | undefined = process.env[SPAWN_MARKER]): string {
  return [...marksIn(inherited).filter((m) => m !== mark), mark].join(' ');
}

export const canReadEnvironments = process.platform === 'linux';

const NEEDLE = Buffer.from(`${SPAWN_MARKER}=`);

/**
 * The marker's value in one process's initial environment (what /proc shows: the block its last exec received; a
 * later unsetenv leaves it there), or null: no marker, not ours to read (another user: EACCES), gone, or a zombie
 * (whose environment reads empty: it is dead, only its parent's wait is missing).
 */
export function markerOf(pid: number): string | null {
  let env: Buffer;
  try {
    env = readFileSync(`/proc/${pid}/environ`);
  } catch {
    return null;
  }
  for (let at = env.indexOf(NEEDLE); at !== -1; at = env.indexOf(NEEDLE, at + 1)) {
    // Only at the start of an entry: FOO_MCPSCOPE_SPAWN=… or a value containing the name is not the marker.
    if (at !== 0 && env[at - 1] !== 0) continue;
    const end = env.indexOf(0, at);
    return env.toString('utf8', at + NEEDLE.length, end === -1 ? env.length : end);
  }
  return null;
}

/**
 * Every process now that carries a mark `match` accepts, this process excepted. One pass over /proc reads each
 * process's environment: 80 processes (17 of them this user's) took 1.3 ms on the 2-core test machine, so it runs at
 * stop and exit only, never on a timer.
 */
export function markedProcesses(match: (mark: string) => boolean): number[] {
  if (!canReadEnvironments) return [];
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return [];
  }
  const out: number[] = [];
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    const pid = Number(name);
    if (pid === process.pid) continue;
    const marker = markerOf(pid);
    if (marker !== null && marksIn(marker).some(match)) out.push(pid);
  }
  return out;
}

/** Blocks the thread: the exit path cannot wait on a timer, and a killed process needs a moment to be gone. */
function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Signals every process carrying a mark `match` accepts. With SIGKILL it repeats until a pass finds none (a process
 * may fork between the reading and the kill; its child carries the mark and is found on the next pass) or `budgetMs`
 * is spent (a process stuck in the kernel, D state, cannot die at once). Synchronous, so it works in an 'exit'
 * handler. Returns every pid it signalled. The kill follows its reading by microseconds: for the pid to name another
 * process by then, the marked one would have to exit and the kernel hand out every other pid in between.
 */
export function signalMarked(match: (mark: string) => boolean, signal: NodeJS.Signals, budgetMs = 2000): number[] {
  const signalled = new Set<number>();
  const end = Date.now() + budgetMs;
  for (;;) {
    const found = markedProcesses(match);
    for (const pid of found) {
      try {
        process.kill(pid, signal);
        signalled.add(pid);
      } catch {
        // Gone between the reading and the kill.
      }
    }
    if (signal !== 'SIGKILL' || found.length === 0 || Date.now() >= end) return [...signalled];
    sleepSync(5);
  }
}
