// What a launch reaps from the data dir's process tables: only the marks of runs that are dead (pid gone, a zombie, or
// the pid now another process's), never a live run's, another machine's or container's, nor a run this process itself
// descends from; against real processes, with tables written as a relay, `call`, `check` or `tap` writes them.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bootId, startTimeOf } from '../../server/transports/process-table.js';
import { reapOrphans } from '../../server/transports/orphan-reaper.js';
import { SPAWN_MARKER, canReadEnvironments, signalMarked } from '../../server/transports/spawn-marker.js';
import { pidAlive, waitFor } from '../helpers/relay-process.js';

const started: number[] = [];
const instances: string[] = [];
afterEach(() => {
  const left = new Set(instances.splice(0));
  signalMarked((m) => left.has(m.split(':')[0]!), 'SIGKILL');
  for (const pid of started.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone already.
    }
  }
});

/** `sleep 30`, with `env` added; its pid once it is sleep (not the shell's fork any more). */
async function sleeper(env: Record<string, string> = {}): Promise<number> {
  const p = spawn('sleep', ['30'], { env: { ...process.env, ...env }, stdio: 'ignore' });
  started.push(p.pid!);
  await waitFor(() => startTimeOf(p.pid!) !== null, 'sleep to run', 5000);
  return p.pid!;
}

/** A data dir holding one table, as run `writer` (with `start`) would keep it for `instance`; and the table's path. */
function tableFor(writer: number, start: string | null, instance: string, extra: Record<string, string> = {}): { dataDir: string; file: string } {
  const dataDir = mkdtempSync(join(tmpdir(), 'mcpscope-reaper-'));
  mkdirSync(join(dataDir, 'processes'));
  const file = join(dataDir, 'processes', `${writer}.json`);
  writeFileSync(file, JSON.stringify({ relayPid: writer, relayStart: start, boot: bootId(), instance, command: 'call', procs: [], ...extra }));
  return { dataDir, file };
}

/** A fresh instance, and a process carrying its mark (what a dead or live run's server left). */
async function markedSleeper(): Promise<{ instance: string; orphan: number }> {
  const instance = randomBytes(8).toString('hex');
  instances.push(instance);
  return { instance, orphan: await sleeper({ [SPAWN_MARKER]: `${instance}:1` }) };
}

describe.runIf(canReadEnvironments)('the reaping of dead runs at launch', () => {
  it("kills a dead run's marked processes when its pid now names another process (another start time)", async () => {
    const { instance, orphan } = await markedSleeper();
    const other = await sleeper();
    const { dataDir, file } = tableFor(other, `${startTimeOf(other)}1`, instance);
    const reaped = reapOrphans(dataDir);
    expect(reaped.pids).toEqual([orphan]);
    expect(reaped.runs).toEqual([`call ${other}`]);
    await waitFor(() => !pidAlive(orphan), 'the orphan to be gone', 5000);
    // The process that reused the pid is not touched; the dead run's table is gone.
    expect(pidAlive(other)).toBe(true);
    expect(existsSync(file)).toBe(false);
  });

  it('leaves a run alone while its pid is still the process that wrote the table', async () => {
    const { instance, orphan } = await markedSleeper();
    const writer = await sleeper();
    const { dataDir, file } = tableFor(writer, startTimeOf(writer), instance);
    expect(reapOrphans(dataDir)).toEqual({ pids: [], runs: [] });
    expect(pidAlive(orphan)).toBe(true);
    expect(existsSync(file)).toBe(true);
  });

  it('reads a zombie writer (killed, never waited for by its parent) as dead', async () => {
    const { instance, orphan } = await markedSleeper();
    // `sleep 0` ends at once; the shell execs into sleep 30, which never waits: its child stays a zombie.
    const sh = spawn('sh', ['-c', 'sleep 0 & echo $!; exec sleep 30'], { stdio: ['ignore', 'pipe', 'ignore'] });
    started.push(sh.pid!);
    const zombie = await new Promise<number>((ok) => sh.stdout.once('data', (c: Buffer) => ok(Number(c.toString().trim()))));
    await waitFor(() => !pidAlive(zombie) && startTimeOf(zombie) !== null, 'the zombie', 5000);
    const { dataDir } = tableFor(zombie, startTimeOf(zombie), instance);
    expect(reapOrphans(dataDir).pids).toEqual([orphan]);
  });

  it("leaves a dead run whose mark this process carries (it runs under that run's server) to a launch from outside", async () => {
    const { instance, orphan } = await markedSleeper();
    const { dataDir, file } = tableFor(2 ** 22 + 1, '1', instance);
    const before = process.env[SPAWN_MARKER];
    process.env[SPAWN_MARKER] = `${instance}:7`;
    try {
      expect(reapOrphans(dataDir).pids).toEqual([]);
    } finally {
      if (before === undefined) delete process.env[SPAWN_MARKER];
      else process.env[SPAWN_MARKER] = before;
    }
    expect(pidAlive(orphan)).toBe(true);
    expect(existsSync(file)).toBe(true);
    // From outside, it goes.
    expect(reapOrphans(dataDir).pids).toEqual([orphan]);
    expect(existsSync(file)).toBe(false);
  });

  it("leaves another machine's or another pid namespace's table alone, dead as its pid looks here", async () => {
    for (const extra of [{ host: `not-${hostname()}` }, { pidns: 'pid:[1]' }] as Record<string, string>[]) {
      const { instance, orphan } = await markedSleeper();
      const { dataDir, file } = tableFor(2 ** 22 + 1, '1', instance, extra);
      expect(reapOrphans(dataDir), JSON.stringify(extra)).toEqual({ pids: [], runs: [] });
      expect(pidAlive(orphan)).toBe(true);
      expect(existsSync(file)).toBe(true);
    }
  });

  it('drops a table that names no process instead of signalling anything', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mcpscope-reaper-'));
    mkdirSync(join(dataDir, 'processes'));
    const files = ['a.json', 'b.json', 'c.json'].map((n) => join(dataDir, 'processes', n));
    writeFileSync(files[0]!, '{"relayPid":');
    writeFileSync(files[1]!, JSON.stringify({ relayPid: -1, relayStart: null, boot: bootId(), procs: [] }));
    writeFileSync(files[2]!, 'null');
    expect(reapOrphans(dataDir)).toEqual({ pids: [], runs: [] });
    for (const f of files) expect(existsSync(f), f).toBe(false);
  });
});
