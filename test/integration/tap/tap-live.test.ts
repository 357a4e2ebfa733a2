// Tapped sessions in a running inspector: they appear and grow live over its WebSocket, read-only, and several taps
// recording into the inspector's store at once lose no frame.
import { afterEach, describe, expect, it } from 'vitest';
import type { FrameRecord, SessionInfo } from '../../../shared/relay-protocol.js';
import { startRelay, type RelayHandle } from '../../helpers/relay-process.js';
import type { RelaySocket } from '../../helpers/relay-socket.js';
import { EVERYTHING, connectClient, readTapped, tapArgs } from '../../helpers/tap-process.js';

let relay: RelayHandle | null = null;
afterEach(async () => {
  await relay?.stop();
  relay = null;
});

function tappedSessions(socket: RelaySocket): SessionInfo[] {
  const byId = new Map<string, SessionInfo>();
  for (const m of socket.messages) if (m.type === 'session' && m.session.tapped === true) byId.set(m.session.id, m.session);
  return [...byId.values()];
}

function inOrder(frames: FrameRecord[]): boolean {
  return frames.every((f, i) => f.seq === i + 1);
}

describe('tapped sessions in the inspector', () => {
  it('appear live in a running inspector, read-only, each frame once and in order', async () => {
    relay = await startRelay();
    const socket = await relay.socket();
    const { client } = await connectClient([process.execPath, ...tapArgs(relay.dataDir, EVERYTHING)]);
    const info = await socket.until(() => tappedSessions(socket)[0], 'the tapped session to be announced', 30_000);
    socket.send({ type: 'subscribe', sessionId: info.id, afterSeq: 0 });
    await socket.frame(info.id, (f) => f.method === 'initialize', "the host's initialize");

    await client.callTool({ name: 'echo', arguments: { message: 'seen live' } });
    await socket.frame(info.id, (f) => f.dir === 'in' && f.text.includes('Echo: seen live'), 'the echo answer, live');

    const listed = await relay.api<SessionInfo[]>('/api/sessions');
    expect(listed.body.find((s) => s.id === info.id)).toMatchObject({ tapped: true, live: false, status: 'running' });
    // The host owns the session: nothing can be sent into it, nor can it be stopped from here.
    socket.send({ type: 'send', sessionId: info.id, text: '{"jsonrpc":"2.0","id":99,"method":"ping"}', ref: 'r1' });
    const refused = await socket.until(() => socket.messages.find((m) => m.type === 'error' && m.ref === 'r1'), 'the refusal');
    expect(refused).toMatchObject({ code: 'SESSION_NOT_LIVE', message: expect.stringContaining('tapped') });
    expect((await relay.api(`/api/sessions/${info.id}/stop`, { method: 'POST' })).status).toBe(409);

    await client.close();
    await socket.until(() => tappedSessions(socket).find((s) => s.id === info.id && s.status !== 'running'), 'the session to end');
    const stored = readTapped(relay.dataDir)[0]!.frames;
    await socket.until(() => (socket.framesOf(info.id).length === stored.length ? true : undefined), 'every stored frame, live');
    expect(socket.framesOf(info.id).map((f) => f.seq)).toEqual(stored.map((f) => f.seq));
    expect(inOrder(socket.framesOf(info.id))).toBe(true);
  });

  it('lose no frame with five taps writing the store at once while the inspector shows them', { timeout: 180_000 }, async () => {
    relay = await startRelay();
    const socket = await relay.socket();
    const hosts = await Promise.all(Array.from({ length: 5 }, () => connectClient([process.execPath, ...tapArgs(relay!.dataDir, EVERYTHING)])));
    const ids = await socket.until(
      () => {
        const s = tappedSessions(socket);
        return s.length === 5 ? s.map((x) => x.id) : undefined;
        // Five recorders opening one store at once queue on its write lock; on a loaded machine that takes a while.
      },
      'five tapped sessions',
      90_000,
    );
    for (const id of ids) socket.send({ type: 'subscribe', sessionId: id, afterSeq: 0 });
    const CALLS = 60;
    await Promise.all(
      hosts.map(({ client }, h) =>
        Promise.all(Array.from({ length: CALLS }, (_, i) => client.callTool({ name: 'echo', arguments: { message: `h${h}-${i}` } }))),
      ),
    );
    await Promise.all(hosts.map(({ client }) => client.close()));

    const stored = await (async () => {
      for (;;) {
        const all = readTapped(relay!.dataDir);
        if (all.length === 5 && all.every((r) => r.session.endedAt !== null)) return all;
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    for (const { session, frames } of stored) {
      expect(inOrder(frames)).toBe(true);
      const calls = frames.filter((f) => f.dir === 'out' && f.method === 'tools/call');
      const answers = frames.filter((f) => f.dir === 'in' && f.kind === 'response' && f.text.includes('Echo: h'));
      expect(calls).toHaveLength(CALLS);
      expect(answers).toHaveLength(CALLS);
      await socket.until(() => (socket.framesOf(session.id).length === frames.length ? true : undefined), `every frame of ${session.id}, live`);
      expect(inOrder(socket.framesOf(session.id))).toBe(true);
    }
  });
});
