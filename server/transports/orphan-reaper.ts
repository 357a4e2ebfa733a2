// What a launch does first: kills what earlier runs on the same data dir left running when they died without cleaning
// up (a crash, a SIGKILL of a relay, `call`, `check`, `tap` or `replay`), as the tables they kept there record it.
// Threat: servers and their descendants that outlive a killed run, forever; and, the other way, a launch that kills
// what is not an orphan: a run that is still going (a tap inside a host's config), a pid since reused by another
// process, the launcher's own ancestors, or processes of another machine or container sharing the data dir. So a
// table is acted on only when its run is provably dead here, and a table that does not parse is never signalled from.
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { bootId, isRunning, pidNamespace, startTimeOf } from './process-table.js';
import { TABLE_DIR, kill, processTracker, type TableFile } from './process-tracker.js';
import { SPAWN_MARKER, marksIn, signalMarked } from './spawn-marker.js';

export interface Reaped {
  /** Every process killed. */
  pids: number[];
  /** The dead runs whose tables were read, as "call 4321": for the message. */
  runs: string[];
}

/**
 * Whether the run that wrote `t` may still be running, so nothing of it is touched: unless its pid is gone, a zombie,
 * or another process now (another start time, or another boot), it is. A table naming this process's own pid is an
 * earlier run's: this one has not written its own yet.
 */
function runAlive(t: TableFile, boot: string): boolean {
  if (t.relayPid === process.pid || t.boot !== boot) return false;
  // No start time was readable when it was written: only a pid that is gone proves it dead.
  if (t.relayStart === null) return pidExists(t.relayPid);
  return isRunning(t.relayPid, t.relayStart);
}

const isPid = (pid: unknown): pid is number => Number.isInteger(pid) && (pid as number) > 1;
const isProc = (p: unknown): p is { pid: number; start: string } =>
  typeof p === 'object' && p !== null && isPid((p as { pid?: unknown }).pid) && typeof (p as { start?: unknown }).start === 'string';

/** Signal 0 checks without signalling; EPERM is a live process of another user (a pid reused since). */
function pidExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * At launch: kills what runs that died without cleaning up (a crash, a SIGKILL of a relay, `call`, `check`, `tap` or
 * `replay`) left running, as their tables in `dataDir` record it: every process still carrying one of their marks, and
 * every recorded process whose start time still matches (so a reused pid is never hit). A run still alive is never
 * touched, nor one on another machine or in another pid namespace, nor one whose mark this process carries (it runs under that run's server: its own parent would die; a
 * launch from outside cleans up after it). Call it before persistIn, or this run's own table is read as an earlier one.
 */
export function reapOrphans(dataDir: string): Reaped {
  const dir = join(dataDir, TABLE_DIR);
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.json'));
  } catch {
    return { pids: [], runs: [] };
  }
  const killed: number[] = [];
  const runs: string[] = [];
  const boot = bootId();
  const host = hostname();
  const pidns = pidNamespace();
  const own = new Set(marksIn(process.env[SPAWN_MARKER]).map((m) => m.split(':')[0]!));
  /** The instances of runs that are gone: whatever still carries one of their marks is an orphan. */
  const dead = new Set<string>();
  for (const name of names) {
    const file = join(dir, name);
    let t: TableFile;
    try {
      t = JSON.parse(readFileSync(file, 'utf8')) as TableFile;
    } catch {
      // Written atomically (a temporary file renamed over it): what does not parse was never a table.
      rmSync(file, { force: true });
      continue;
    }
    if (typeof t !== 'object' || t === null || !isPid(t.relayPid)) {
      rmSync(file, { force: true });
      continue;
    }
    // Another machine's or container's table: its pids are not ours to judge (nor its marks: a container's processes
    // are visible from the host), and it is left for a launch there.
    if ((t.host !== undefined && t.host !== host) || (t.pidns !== undefined && t.pidns !== pidns)) continue;
    if (runAlive(t, boot)) continue;
    const instance = typeof t.instance === 'string' && /^[0-9a-f]{16}$/.test(t.instance) ? t.instance : null;
    if (instance !== null && own.has(instance)) continue;
    runs.push(`${typeof t.command === 'string' && /^[a-z]{1,16}$/.test(t.command) ? t.command : 'relay'} ${t.relayPid}`);
    if (instance !== null) dead.add(instance);
    if (t.boot === boot && Array.isArray(t.procs)) {
      for (const p of t.procs as unknown[]) {
        // Only a real pid with a start time: kill(-1) or kill(0) would reach every process of this user.
        if (!isProc(p)) continue;
        if (startTimeOf(p.pid) === p.start && kill(p.pid, 'SIGKILL')) killed.push(p.pid);
      }
    }
    rmSync(file, { force: true });
  }
  if (dead.size > 0) {
    for (const pid of signalMarked((m) => dead.has(m.split(':')[0]!), 'SIGKILL')) if (!killed.includes(pid)) killed.push(pid);
  }
  return { pids: killed, runs };
}

/** The launch's line about what it cleaned up after (null: nothing was running). */
export function reapedNote(r: Reaped): string | null {
  return r.pids.length === 0 ? null : `killed ${r.pids.length} process(es) an earlier mcpscope left running (${r.runs.join(', ')}): ${r.pids.join(', ')}`;
}

/**
 * A command about to start a server (`call`, `check`, `tap`, `replay`) does what the relay does at launch: kills what
 * dead runs on `dataDir` left, then keeps its own table there, so a SIGKILL of this run is cleaned up by the next
 * launch of any of them. Never fails the command: a data dir it cannot write only loses that net, and the lines it
 * returns (for stderr) say so.
 */
export function enterDataDir(dataDir: string, command: string): string[] {
  const notes: string[] = [];
  try {
    const note = reapedNote(reapOrphans(dataDir));
    if (note !== null) notes.push(note);
    processTracker.persistIn(dataDir, command);
  } catch (err) {
    notes.push(
      `cannot keep this run's process table in ${join(dataDir, TABLE_DIR)} (${(err as Error).message}); should this process be SIGKILLed, nothing will stop its server`,
    );
  }
  return notes;
}
