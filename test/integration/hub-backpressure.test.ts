import { createServer } from 'node:http';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { WS_PATH, WS_PROTOCOL, WS_TOKEN_PREFIX } from '../../shared/relay-protocol.js';
import { createRelay } from '../../server/relay/app.js';
import { Recorder } from '../../server/store/recorder.js';
import { SecurityGuard } from '../../server/relay/security.js';
import { SessionManager } from '../../server/relay/session-manager.js';
import { RecipeTrust } from '../../server/trust/recipe-trust.js';
import { FIXTURES } from '../helpers/relay-process.js';
import { RelaySocket } from '../helpers/relay-socket.js';

const TOKEN = 'backpressure-token-0123456789';
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe('the hub under a slow browser', () => {
  it('keeps what it queues for a stalled socket bounded and still delivers every frame in order', async () => {
    const recorder = new Recorder(null);
    const sessions = new SessionManager({ recorder, maxLineBytes: 1 << 20, graceMs: 500, trust: new RecipeTrust(null) });
    let port = 0;
    const guard = new SecurityGuard({ token: TOKEN, host: '127.0.0.1', port: () => port });
    const high = 256 * 1024;
    const relay = createRelay({
      sessions,
      guard,
      webRoot: '/nonexistent',
      version: 't',
      hub: { highWaterBytes: high, replayChunk: 500 },
      config: () => {
        throw new Error('unused');
      },
    });
    const server = createServer(relay.app);
    relay.attach(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as { port: number }).port;
    cleanups.push(
      () => new Promise<void>((r) => server.close(() => r())),
      () => recorder.close(),
      () => sessions.stopAll('test over'),
    );

    const session = await sessions.create({
      target: { transport: 'stdio', command: process.execPath, args: [join(FIXTURES, 'scripted-server.mjs'), '--flood', '40000'], env: {} },
      protocolVersion: '2025-11-25',
      handshake: false,
    });
    const sock = await RelaySocket.open(new WebSocket(`ws://127.0.0.1:${port}${WS_PATH}`, [WS_PROTOCOL, WS_TOKEN_PREFIX + TOKEN]));
    cleanups.push(() => sock.close());
    sock.send({ type: 'subscribe', sessionId: session.id, afterSeq: 0 });
    await sock.until(() => sock.messages.find((m) => m.type === 'synced'), 'synced');

    const raw = (sock.ws as unknown as { _socket: { pause(): void; resume(): void } })._socket;
    raw.pause();
    session.send(Buffer.from('{"jsonrpc":"2.0","id":1,"method":"flood"}'), 'user');
    let peak = 0;
    // Sample while the flood is recorded, however long a loaded machine takes: spawned + request + 40,000 + result.
    const deadline = Date.now() + 60_000;
    while (session.info().lastSeq < 40_003 && Date.now() < deadline) {
      peak = Math.max(peak, relay.hub.maxBufferedBytes());
      await new Promise((r) => setTimeout(r, 5));
    }
    for (let i = 0; i < 20; i++) {
      peak = Math.max(peak, relay.hub.maxBufferedBytes());
      await new Promise((r) => setTimeout(r, 5));
    }
    expect(session.info().lastSeq).toBe(40_003);
    // 40,000 frames are about 8 MB; the relay held back once the socket passed the high-water mark, so at most
    // one tick's batch more than the mark was ever queued (without the mark the queue reaches ~10 MB). How many
    // frames one tick gathers grows with the machine's load (a starved loop reads more per turn), so the bound is
    // half the flood, which a relay without the mark exceeds whatever the load.
    expect(peak).toBeGreaterThan(high);
    expect(peak).toBeLessThan(4 * 1024 * 1024);
    raw.resume();
    await sock.frame(session.id, (f) => f.rpcId === '1' && f.dir === 'in', 'flood result', 30_000);
    const seqs = sock.framesOf(session.id).map((f) => f.seq);
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    expect(sock.framesOf(session.id).filter((f) => f.method === 'notifications/message')).toHaveLength(40000);
  });
});
