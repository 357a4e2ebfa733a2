// No process outlives its session: every process a stdio server starts carries this run's mark in its environment
// (spawn-marker.ts: found under /proc however it left the tree) and is also tracked by pid and start time (its tree is
// walked while it runs and again at stop: the second net, and the only one off Linux); all of it is killed on stop and
// on exit, and the instance and table of every run that starts servers (the relay, `call`, `check`, `tap`, `replay`)
// are written to the data dir so the next launch kills what a crashed or SIGKILLed run left (orphan-reaper.ts).
// Threat: servers (and what they spawn with setsid, a double fork, or while ignoring SIGTERM) running on after mcpscope
// is gone; and a remembered pid that now names someone else's process, which is why nothing is signalled unless its
// start time (or its mark) still matches.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { writePrivateFile } from '../private-files.js';
import { bootId, canListChildren, canReadProcessTable, descendantsOf, liveDescendantsOf, pidNamespace, processTable, startTimeOf } from './process-table.js';
import { SPAWN_MARKER, markerValue, marksIn, signalMarked } from './spawn-marker.js';
import { treeKillCommand } from './spawn-plan.js';

/** How often the tree of each running server is walked; a setsid grandchild is caught while its parent lives. */
const SWEEP_MS = 500;
/** The folder of the data dir that holds each run's table, named `<pid>.json`. */
export const TABLE_DIR = 'processes';

/** What a run keeps in `<data dir>/processes/<pid>.json` while it runs (orphan-reaper.ts reads it at the next launch). */
export interface TableFile {
  /** The run that wrote the table: a relay, or a `call`, `check`, `tap` or `replay` (the name is older than those). */
  relayPid: number;
  relayStart: string | null;
  boot: string;
  /** The relay's instance: the first half of every mark its servers carry (absent in tables written before marks). */
  instance?: string;
  /** What the run was (relay, call, check, tap, replay), for the message that says what was cleaned up after. */
  command?: string;
  /** Where its pids mean something: the machine (a data dir on a shared home) and the pid namespace (a container). */
  host?: string;
  pidns?: string;
  procs: Array<{ pid: number; start: string }>;
}

/** Signals one process, or its whole group; false when there was nothing to signal. */
export function kill(pid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(pid, signal);
    return true;
  } catch {
    return false;
  }
}

/** Windows: the tree goes at once, by taskkill, since there are no process groups to signal (untested here). */
function taskkillTree(pid: number): boolean {
  const { command, args } = treeKillCommand(pid);
  try {
    execFileSync(command, args, { stdio: 'ignore', windowsHide: true });
    return true;
  } catch {
    return false;
  }
}

class ProcessTracker {
  /** Names this tracker's marks; random, so no two relays (or CLI runs) ever share one, and not a secret. */
  readonly instance = randomBytes(8).toString('hex');
  private spawns = 0;
  /** leader pid → (pid → start time) of the leader and every descendant seen so far. */
  private readonly trees = new Map<number, Map<number, string>>();
  /** leader pid → the mark its environment was given. */
  private readonly marks = new Map<number, string>();
  private timer: NodeJS.Timeout | null = null;
  private tableFile: string | null = null;
  private written = '';
  private command = 'relay';

  /**
   * Keeps the table in `dataDir/processes/<pid>.json` from now on, for the next launch to read if this one dies; call
   * it before the first spawn, so no server runs unrecorded. Throws when the table cannot be written.
   */
  persistIn(dataDir: string, command = 'relay'): void {
    mkdirSync(join(dataDir, TABLE_DIR), { recursive: true, mode: 0o700 });
    this.command = command;
    this.tableFile = join(dataDir, TABLE_DIR, `${process.pid}.json`);
    this.written = '';
    this.write();
    if (this.written === '') throw new Error(`cannot write ${this.tableFile}`);
  }

  /** The variable to add to the next server's environment, last, so no recipe can set it: pass it to track() too. */
  markerEnv(): Record<string, string> {
    return { [SPAWN_MARKER]: markerValue(`${this.instance}:${++this.spawns}`) };
  }

  /** From now on the leader's tree is walked, and (when `env` holds our mark) every process carrying it is its. */
  track(leader: number, env?: Record<string, string | undefined>): void {
    this.adopt(leader, env);
    const start = startTimeOf(leader);
    if (start === null && canReadProcessTable) return;
    this.trees.set(leader, new Map([[leader, start ?? '']]));
    this.sweep();
    if (!this.timer && canReadProcessTable) {
      this.timer = setInterval(() => this.sweep(), SWEEP_MS);
      this.timer.unref();
    }
  }

  /**
   * Every process carrying the mark in `env` is the leader's from now on, without a walk of its tree (the tap, whose
   * thread carries a host's bytes and must not stall): signal() and release() reach them all the same.
   */
  adopt(leader: number, env?: Record<string, string | undefined>): void {
    const mark = marksIn(env?.[SPAWN_MARKER]).find((m) => m.startsWith(`${this.instance}:`));
    if (mark !== undefined) this.marks.set(leader, mark);
  }

  /**
   * Adds every descendant of every tracked process that is still itself: down the children lists where Linux keeps
   * them (a few files for a server's tree), else from one reading of the whole process table.
   */
  sweep(): void {
    if (!canReadProcessTable || this.trees.size === 0) return;
    const table = canListChildren ? null : processTable();
    const startOf = table ? new Map(table.map((p) => [p.pid, p.start])) : null;
    for (const tree of this.trees.values()) {
      /** Members whose subtree this sweep has walked already (a child is walked with its parent). */
      const walked = new Set<number>();
      for (const [pid, start] of [...tree]) {
        // Walk from every member, not only the leader: a grandchild orphaned by its parent's exit is still found.
        if (walked.has(pid) || (startOf ? startOf.get(pid) : startTimeOf(pid)) !== start) continue;
        for (const d of table ? descendantsOf(pid, table) : liveDescendantsOf(pid)) {
          tree.set(d.pid, d.start);
          walked.add(d.pid);
        }
      }
    }
    this.write();
  }

  /**
   * Signals the leader's group, every tracked descendant that is still the same process, and every process carrying
   * the leader's mark (with SIGKILL: until none is left).
   */
  signal(leader: number, signal: NodeJS.Signals): boolean {
    if (process.platform === 'win32') return signal === 'SIGKILL' ? taskkillTree(leader) : kill(leader, signal);
    this.sweep();
    let any = kill(-leader, signal) || kill(leader, signal);
    for (const [pid, start] of this.trees.get(leader) ?? []) {
      if (pid !== leader && startTimeOf(pid) === start) any = kill(pid, signal) || any;
    }
    const mark = this.marks.get(leader);
    if (mark !== undefined && signalMarked((m) => m === mark, signal).length > 0) any = true;
    return any;
  }

  /** The leader is gone: whatever is left of its tree, and whatever carries its mark, is killed, and both forgotten. */
  release(leader: number): void {
    if (!this.trees.has(leader) && !this.marks.has(leader)) return;
    this.signal(leader, 'SIGKILL');
    this.trees.delete(leader);
    this.marks.delete(leader);
    if (this.trees.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
    this.write();
  }

  /** Synchronously kills every tracked tree: the relay's way out, whatever it is (signal, exit, failed start). */
  killAll(): void {
    for (const leader of new Set([...this.trees.keys(), ...this.marks.keys()])) this.release(leader);
    // Also what no tracked leader accounts for any more (a tree already released while a straggler forked).
    if (this.spawns > 0) signalMarked((m) => m.startsWith(`${this.instance}:`), 'SIGKILL');
    // Nothing is left to clean up after this relay: the next launch need not read its table.
    if (this.tableFile) rmSync(this.tableFile, { force: true });
    this.tableFile = null;
  }

  private self: Pick<TableFile, 'relayPid' | 'relayStart' | 'boot' | 'host' | 'pidns'> | null = null;

  private write(): void {
    if (!this.tableFile) return;
    const procs = [...this.trees.values()].flatMap((t) => [...t].map(([pid, start]) => ({ pid, start })));
    // What names this process cannot change while it runs: read once, not at every sweep (two reads and a readlink
    // each 500 ms for as long as a server runs, in every relay and command).
    this.self ??= { relayPid: process.pid, relayStart: startTimeOf(process.pid), boot: bootId(), host: hostname(), pidns: pidNamespace() };
    const table: TableFile = { ...this.self, instance: this.instance, command: this.command, procs };
    const text = JSON.stringify(table);
    if (text === this.written) return;
    try {
      // Not synced to disk: the table is for the next launch of this boot (a crashed or SIGKILLed run's file is in the
      // page cache all the same), and after a power cut none of its processes exist (its boot id says so). A sync cost
      // the start 5–17 ms before the ready line, and every spawn as much again (docs/performance.md, "Start, round 4").
      writePrivateFile(this.tableFile, text, false);
      this.written = text;
    } catch {
      // A data dir that went away must not take the relay with it; the in-memory table still works.
    }
  }
}

/** The relay's one tracker: every stdio transport registers with it. */
export const processTracker = new ProcessTracker();
