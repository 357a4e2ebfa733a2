// The spawn mark: read from /proc/<pid>/environ only where it is a whole entry, inherited through a double fork but
// not through `env -i` (the escape docs/security.md names), killed until none is left even while a shell keeps
// forking, and always the relay's own on a server whatever its recipe sets.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { processTracker } from '../../server/transports/process-tracker.js';
import { SPAWN_MARKER, canReadEnvironments, markedProcesses, markerOf, signalMarked } from '../../server/transports/spawn-marker.js';
import { StdioTransport } from '../../server/transports/stdio-transport.js';
import { FIXTURES, pidAlive, waitFor } from '../helpers/relay-process.js';

/** A mark no other test (nor any relay) uses, so parallel files never see each other's processes. */
const ours = () => `${randomBytes(8).toString('hex')}:1`;
const used: string[] = [];
afterEach(() => {
  const left = new Set(used.splice(0));
  signalMarked((m) => left.has(m), 'SIGKILL');
});

/** `sh -c script` with `env`, and the pids it prints on its first line of stdout. */
async function shell(script: string, env: Record<string, string>): Promise<number[]> {
  const sh = spawn('sh', ['-c', script], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'ignore'] });
  const line = await new Promise<string>((ok) => {
    let text = '';
    sh.stdout.on('data', (c: Buffer) => {
      text += c.toString();
      if (text.includes('\n')) ok(text.split('\n')[0]!);
    });
  });
  const pids = line.trim().split(' ').map(Number);
  // $! names the shell's fork until it has exec'd: wait for each to be what the script made it.
  await waitFor(() => pids.every((p) => commOf(p) === 'sleep'), 'every process to be sleep', 5000);
  return pids;
}

function commOf(pid: number): string | null {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return null;
  }
}

describe.runIf(canReadEnvironments)('the spawn mark', () => {
  it('is read only where it is a whole entry, and not at all from a process that is gone', async () => {
    const mark = ours();
    used.push(mark);
    const [marked, lookalike] = await shell('sleep 30 & a=$!; FOO_MCPSCOPE_SPAWN=x X="MCPSCOPE_SPAWN=y" env -u MCPSCOPE_SPAWN sleep 30 & echo $a $!; wait', {
      [SPAWN_MARKER]: mark,
    });
    expect(markerOf(marked!)).toBe(mark);
    expect(markerOf(lookalike!)).toBeNull();
    // The shell is marked too; the lookalike is not.
    expect(markedProcesses((m) => m === mark)).toContain(marked);
    expect(markedProcesses((m) => m === mark)).not.toContain(lookalike);
    process.kill(lookalike!, 'SIGKILL');
    expect(markerOf(2 ** 22 + 1)).toBeNull();
  });

  it('is carried by a double-forked grandchild but shed by one started with env -i', async () => {
    const mark = ours();
    used.push(mark);
    const [kept, shed] = await shell('setsid sleep 30 </dev/null >/dev/null 2>&1 & a=$!; env -i /bin/sleep 30 </dev/null >/dev/null 2>&1 & echo $a $!', {
      [SPAWN_MARKER]: mark,
    });
    expect(markedProcesses((m) => m === mark)).toContain(kept);
    // The net this mark cannot catch: only the pid/start-time walk of the tracker sees such a process, if it ever does.
    expect(markerOf(shed!)).toBeNull();
    process.kill(shed!, 'SIGKILL');
    const killed = signalMarked((m) => m === mark, 'SIGKILL');
    expect(killed).toContain(kept);
    expect(killed).not.toContain(shed);
    await waitFor(() => !pidAlive(kept!), 'the marked grandchild to be gone', 5000);
  });

  it('kills until none is left, even while a shell keeps forking marked children', async () => {
    const mark = ours();
    used.push(mark);
    await shell('sleep 30 & echo $!; i=0; while [ $i -lt 3000 ]; do sleep 30 & i=$((i+1)); done; wait', { [SPAWN_MARKER]: mark });
    await waitFor(() => markedProcesses((m) => m === mark).length > 20, 'the shell to have forked a few children');
    const killed = signalMarked((m) => m === mark, 'SIGKILL');
    expect(killed.length).toBeGreaterThan(20);
    expect(markedProcesses((m) => m === mark)).toEqual([]);
    await waitFor(() => killed.every((p) => !pidAlive(p)), 'every killed process to be gone', 5000);
  });

  it("is the relay's own on every server it spawns, whatever the recipe's environment says", async () => {
    const t = new StdioTransport({
      command: process.execPath,
      args: [join(FIXTURES, 'scripted-server.mjs'), '--stubborn'],
      env: { [SPAWN_MARKER]: 'someone-else:1' },
      graceMs: 200,
    });
    let pid = 0;
    await t.start({
      onMessage: () => undefined,
      onOversize: () => undefined,
      onStderr: () => undefined,
      onEvent: (e) => void (e.event === 'spawned' && (pid = e.pid)),
      onClosed: () => undefined,
    });
    expect(pid).toBeGreaterThan(0);
    const mark = markerOf(pid);
    expect(mark).toMatch(new RegExp(`^${processTracker.instance}:\\d+$`));
    expect(readFileSync(`/proc/${pid}/environ`, 'utf8')).not.toContain('someone-else');
    await t.close();
    expect(pidAlive(pid)).toBe(false);
  });
});
