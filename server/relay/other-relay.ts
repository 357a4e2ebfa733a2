// Tells a session another relay on the same data dir is running from one that a dead relay left marked `running`: two
// relays may share one store, each owning what it started, and neither may mark the other's sessions stopped.
// A session runs elsewhere when its server process is alive and its parent is a relay that keeps a process table in
// this data dir (`processes/<pid>.json`, written by every run that starts servers and removed when it ends or is
// reaped). An orphan of a SIGKILLed relay has been reparented (to init or a subreaper), so it does not count, and the
// next launch reaps it and marks its session stopped as before.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { processTable } from '../transports/process-table.js';
import { TABLE_DIR } from '../transports/process-tracker.js';

interface StoredRow {
  status: string;
  pid: number | null;
}

function parentOf(pid: number): number | null {
  if (process.platform === 'linux') {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      return Number.isInteger(ppid) ? ppid : null;
    } catch {
      return null;
    }
  }
  return processTable().find((p) => p.pid === pid)?.ppid ?? null;
}

export function runsElsewhere(s: StoredRow, dataDir: string | null): boolean {
  if (dataDir === null || s.pid === null || (s.status !== 'running' && s.status !== 'starting' && s.status !== 'stdout-closed')) return false;
  const parent = parentOf(s.pid);
  return parent !== null && parent !== process.pid && parent > 1 && existsSync(join(dataDir, TABLE_DIR, `${parent}.json`));
}
