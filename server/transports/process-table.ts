// Reads the machine's process table: each process's parent and start time, so a server's descendants can be found even
// after one left its process group (setsid), and a remembered pid is only ever signalled while it is the same process.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, readlinkSync } from 'node:fs';

export interface ProcInfo {
  pid: number;
  ppid: number;
  /** Opaque but stable for the life of the process: /proc's start tick on Linux, `ps`'s lstart elsewhere. */
  start: string;
}

/** /proc/<pid>/stat: the command name sits in parentheses and may hold spaces or parentheses itself. */
function parseStat(pid: number, text: string): ProcInfo | null {
  const close = text.lastIndexOf(')');
  if (close === -1) return null;
  const rest = text.slice(close + 2).split(' ');
  // After the name: state(3) ppid(4) … starttime(22); rest[0] is field 3.
  const ppid = Number(rest[1]);
  const start = rest[19];
  return Number.isInteger(ppid) && start !== undefined ? { pid, ppid, start } : null;
}

function linuxTable(): ProcInfo[] {
  const out: ProcInfo[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const info = parseStat(Number(name), readFileSync(`/proc/${name}/stat`, 'utf8'));
      if (info) out.push(info);
    } catch {
      // Gone between the listing and the read.
    }
  }
  return out;
}

/** macOS and the BSDs: no /proc, but `ps` says the same (untested here: see docs/security.md). */
function psTable(): ProcInfo[] {
  let text: string;
  try {
    text = execFileSync('ps', ['-axo', 'pid=,ppid=,lstart='], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], windowsHide: true });
  } catch {
    return [];
  }
  return text
    .split('\n')
    .map((l) => /^\s*(\d+)\s+(\d+)\s+(.+?)\s*$/.exec(l))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ pid: Number(m[1]), ppid: Number(m[2]), start: m[3]! }));
}

export const canReadProcessTable = process.platform !== 'win32';

/** Every process on the machine; empty where the table cannot be read (Windows: taskkill /T walks the tree itself). */
export function processTable(): ProcInfo[] {
  if (process.platform === 'linux') return linuxTable();
  if (canReadProcessTable) return psTable();
  return [];
}

/** One process's start time, or null when it does not exist (any more). */
export function startTimeOf(pid: number): string | null {
  if (process.platform === 'linux') {
    try {
      return parseStat(pid, readFileSync(`/proc/${pid}/stat`, 'utf8'))?.start ?? null;
    } catch {
      return null;
    }
  }
  return processTable().find((p) => p.pid === pid)?.start ?? null;
}

/**
 * Whether `pid` is still the process that had start time `start` and has not ended: a zombie (state Z, or X while it is
 * being reaped) has, only its parent's wait is missing, and a killed run's parent may never wait.
 */
export function isRunning(pid: number, start: string): boolean {
  if (process.platform !== 'linux') return startTimeOf(pid) === start;
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return false;
  }
  const state = text.slice(text.lastIndexOf(')') + 2, text.lastIndexOf(')') + 3);
  return parseStat(pid, text)?.start === start && state !== 'Z' && state !== 'X';
}

/** The descendants of `root` in `table`, children before grandchildren. */
export function descendantsOf(root: number, table: readonly ProcInfo[]): ProcInfo[] {
  const children = new Map<number, ProcInfo[]>();
  for (const p of table) {
    const list = children.get(p.ppid);
    if (list) list.push(p);
    else children.set(p.ppid, [p]);
  }
  const out: ProcInfo[] = [];
  const queue = [root];
  const seen = new Set(queue);
  while (queue.length > 0) {
    for (const c of children.get(queue.shift()!) ?? []) {
      if (seen.has(c.pid)) continue;
      seen.add(c.pid);
      out.push(c);
      queue.push(c.pid);
    }
  }
  return out;
}

/**
 * Linux lists each thread's children (/proc/<pid>/task/<tid>/children, CONFIG_PROC_CHILDREN): a walk down a server's
 * tree then reads a few files, where the whole table is one file a process (hundreds on a busy machine, read twice a
 * second while a server runs: a few percent of the relay's thread during a flood).
 */
export const canListChildren = process.platform === 'linux' && existsSync(`/proc/${process.pid}/task/${process.pid}/children`);

/** The children of `pid` now, each under the thread that forked it; none when it is gone. */
function childrenOf(pid: number): number[] {
  const out: number[] = [];
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return out;
  }
  for (const tid of tids) {
    try {
      for (const c of readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').split(' ')) if (c !== '') out.push(Number(c));
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return out;
}

/**
 * The descendants of `root` as they are now, children before grandchildren, found by walking the children lists
 * (canListChildren): the same answer as descendantsOf on a fresh table, for the cost of the tree alone.
 */
export function liveDescendantsOf(root: number): ProcInfo[] {
  const out: ProcInfo[] = [];
  const queue = [root];
  const seen = new Set(queue);
  while (queue.length > 0) {
    const ppid = queue.shift()!;
    for (const pid of childrenOf(ppid)) {
      if (seen.has(pid)) continue;
      seen.add(pid);
      const start = startTimeOf(pid);
      if (start === null) continue;
      out.push({ pid, ppid, start });
      queue.push(pid);
    }
  }
  return out;
}

/** This boot's id (Linux): a pid table written before a reboot names no process alive now. */
export function bootId(): string {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return 'unknown';
  }
}

/**
 * This process's pid namespace (Linux: "pid:[4026531836]"): a table written in another one (a container sharing the
 * data dir) names pids that mean other processes here, so nothing in it can be judged from here.
 */
export function pidNamespace(): string {
  try {
    return readlinkSync('/proc/self/ns/pid');
  } catch {
    return 'unknown';
  }
}
