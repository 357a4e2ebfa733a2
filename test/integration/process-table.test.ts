import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { canListChildren, descendantsOf, liveDescendantsOf, processTable } from '../../server/transports/process-table.js';

const started: number[] = [];
afterEach(() => {
  for (const pid of started.splice(0)) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
});

/** A shell whose children and grandchild sleep, one of them in a session of its own (setsid), and which says when all run. */
async function tree(): Promise<number> {
  const script = 'sleep 30 & (sleep 31 & setsid sleep 32 & wait) & echo ready; wait';
  const sh = spawn('sh', ['-c', script], { detached: true, stdio: ['ignore', 'pipe', 'ignore'] });
  started.push(sh.pid!);
  await new Promise<void>((ok) => sh.stdout.once('data', () => ok()));
  return sh.pid!;
}

describe.runIf(canListChildren)('liveDescendantsOf', () => {
  it('finds the same descendants, with the same parents and start times, as a walk of the whole process table', async () => {
    const root = await tree();
    // The setsid grandchild may still be starting: wait until the table shows all four below the shell.
    let fromTable = descendantsOf(root, processTable());
    for (let i = 0; i < 100 && fromTable.length < 4; i++) {
      await new Promise((r) => setTimeout(r, 20));
      fromTable = descendantsOf(root, processTable());
    }
    expect(fromTable).toHaveLength(4);
    const byPid = (a: { pid: number }, b: { pid: number }) => a.pid - b.pid;
    expect([...liveDescendantsOf(root)].sort(byPid)).toEqual([...fromTable].sort(byPid));
  });

  it('finds nothing below a process that is gone', () => {
    expect(liveDescendantsOf(2 ** 22 + 1)).toEqual([]);
  });
});
