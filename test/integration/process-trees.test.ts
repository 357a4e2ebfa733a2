// No process outlives its session: a grandchild that left the server's process group with setsid is killed on stop and
// on Ctrl-C, and after mcpscope itself is SIGKILLed, the next launch on the same data dir kills what it left running and
// recounts the crashed session's frames from the store.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FrameRecord, RelayConfig, SessionInfo } from '../../shared/relay-protocol.js';
import { FIXTURES, pidAlive, startRelay, waitFor, type RelayHandle } from '../helpers/relay-process.js';

const SCRIPTED = join(FIXTURES, 'scripted-server.mjs');
const relays: RelayHandle[] = [];
/** Pids a failed test could leave behind; killed after each test whatever happened. */
const strays: number[] = [];

afterEach(async () => {
  await Promise.all(relays.splice(0).map((r) => r.stop('SIGKILL')));
  for (const pid of strays.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone: what the test wanted.
    }
  }
});

/** A relay on a server that starts a setsid grandchild; resolves once the grandchild's pid is known. */
async function launch(serverFlags: string[] = []) {
  const relay = await startRelay({ command: [process.execPath, SCRIPTED, '--stderr', '5', '--setsid-grandchild', ...serverFlags] });
  relays.push(relay);
  const { body: config } = await relay.api<RelayConfig>('/api/config');
  const sid = config.launchSessionId!;
  const sock = await relay.socket();
  sock.send({ type: 'subscribe', sessionId: sid, afterSeq: 0 });
  const line = await sock.frame(sid, (f) => f.kind === 'stderr' && f.text.startsWith('setsid-grandchild '), 'grandchild pid');
  sock.close();
  const grandchild = Number(line.text.split(' ')[1]);
  const server = (await relay.api<SessionInfo>(`/api/sessions/${sid}`)).body.pid!;
  strays.push(grandchild, server);
  expect(pidAlive(server)).toBe(true);
  expect(pidAlive(grandchild)).toBe(true);
  // Out of the server's group: a signal to the group alone would never reach it.
  expect(readFileSync(`/proc/${grandchild}/stat`, 'utf8').split(') ')[1]!.split(' ')[2]).not.toBe(String(server));
  return { relay, sid, server, grandchild };
}

describe('a server whose child left its process group (setsid)', () => {
  it('loses that grandchild when its session is stopped', async () => {
    const { relay, sid, server, grandchild } = await launch();
    const stopped = await relay.api<SessionInfo>(`/api/sessions/${sid}/stop`, { method: 'POST' });
    expect(stopped.body).toMatchObject({ status: 'stopped', live: false });
    await waitFor(() => !pidAlive(server) && !pidAlive(grandchild), 'server and setsid grandchild to be gone', 5000);
  });

  it('loses that grandchild when mcpscope gets Ctrl-C', async () => {
    const { relay, server, grandchild } = await launch();
    expect(await relay.stop('SIGINT')).toBe(0);
    await waitFor(() => !pidAlive(server) && !pidAlive(grandchild), 'server and setsid grandchild to be gone', 5000);
  });

  it("survives a SIGKILLed mcpscope only until the next launch on the same data dir, which kills it and the server and recounts the session's frames", async () => {
    // Stubborn: it ignores its stdin closing when the relay dies, as many servers do, so only a kill ends it.
    const first = await launch(['--stubborn']);
    const table = join(first.relay.dataDir, 'processes', `${first.relay.proc.pid}.json`);
    // The relay writes down each descendant as its sweep finds it; a SIGKILL before that would leave nothing to read.
    await waitFor(() => {
      try {
        return (JSON.parse(readFileSync(table, 'utf8')) as { procs: Array<{ pid: number }> }).procs.some((p) => p.pid === first.grandchild);
      } catch {
        return false;
      }
    }, "the grandchild in the relay's process table");
    // Read back (so flushed to disk): the frames of a session whose row was last saved when it started running.
    const before = await first.relay.api<{ frames: FrameRecord[] }>(`/api/sessions/${first.sid}/frames`);
    const lastSeq = before.body.frames.at(-1)!.seq;
    expect(lastSeq).toBeGreaterThan(2);
    await first.relay.stop('SIGKILL');
    // Nothing cleaned up: both are still running, orphaned.
    expect(pidAlive(first.server)).toBe(true);
    expect(pidAlive(first.grandchild)).toBe(true);

    const second = await startRelay({ dataDir: first.relay.dataDir });
    relays.push(second);
    await waitFor(() => !pidAlive(first.server) && !pidAlive(first.grandchild), 'the orphans to be killed', 5000);
    expect(second.output()).toMatch(/killed \d+ process\(es\) an earlier mcpscope left running \(relay \d+\)/);
    // The crashed session's count comes from its frames, not from the row saved before most of them.
    const { body: info } = await second.api<SessionInfo>(`/api/sessions/${first.sid}`);
    expect(info).toMatchObject({ status: 'stopped', lastSeq });
  });
});
