// The page's RelaySocket against the real relay: each send learns its seq from the relay, from the frames message that
// carries its echo when the page follows the session, from a `sent` message when it does not, and fails with the
// relay's code when it could not go.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import type { FrameRecord, RelayConfig } from '../../shared/relay-protocol.js';
import { RelaySocket, SendError } from '../../web/lib/relay/relay-socket.js';
import { FIXTURES, startRelay, type RelayHandle } from '../helpers/relay-process.js';

let relay: RelayHandle;

beforeAll(async () => {
  relay = await startRelay({ command: [process.execPath, join(FIXTURES, 'scripted-server.mjs')] });
});

afterAll(async () => {
  vi.unstubAllGlobals();
  await relay?.stop();
});

const ping = (id: number) => JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' });

describe("the page's sends through the real relay", () => {
  it('resolve with the seq of their echo, followed or not, and fail with the relay code when they cannot go', async () => {
    const sid = (await relay.api<RelayConfig>('/api/config')).body.launchSessionId!;
    vi.stubGlobal('window', { location: { protocol: 'http:', host: `127.0.0.1:${relay.port}` } });
    vi.stubGlobal('WebSocket', WebSocket);
    const delivered: FrameRecord[] = [];
    const socket = new RelaySocket(relay.token, { onFrames: (_s, frames) => delivered.push(...frames), onSession: () => undefined }, () => 0);
    socket.subscribe(sid);
    socket.start();
    await socket.whenOpen();
    await socket.whenSynced(sid);

    // Followed: the answer rides with the echo, and the frames are delivered by the time the send resolves.
    for (let id = 1; id <= 5; id++) {
      const seq = await socket.send(sid, ping(id), 'user');
      expect(delivered.find((f) => f.seq === seq)).toMatchObject({ dir: 'out', rpcId: String(id), origin: 'user' });
    }

    // Not followed: a `sent` message answers, naming the frame the relay recorded.
    socket.unsubscribe(sid);
    const seq = await socket.send(sid, ping(6), 'user');
    const { body } = await relay.api<{ frames: FrameRecord[] }>(`/api/sessions/${sid}/frames?afterSeq=${seq - 1}&limit=1`);
    expect(body.frames[0]).toMatchObject({ seq, dir: 'out', rpcId: '6' });

    // No such session: the relay's error, not a wait.
    const failed = await socket.send('no-such-session', ping(7), 'user').catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(SendError);
    expect(failed).toMatchObject({ code: 'NOT_FOUND', local: false });
    socket.stop();
  }, 60_000);
});
