// The page's RelaySocket against a real WebSocket server on 127.0.0.1 that sends it malformed messages among good ones.
import { afterEach, describe, expect, it, vi } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { WS_PATH, WS_PROTOCOL, type FrameRecord } from '../../shared/relay-protocol.js';
import { RelaySocket } from '../../web/lib/relay/relay-socket.js';

const cleanups: Array<() => void | Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
  vi.restoreAllMocks();
  // The stubbed window and WebSocket must not outlive the file: the worker runs other files in this process.
  vi.unstubAllGlobals();
});

const frame: FrameRecord = { seq: 1, ts: 1, dir: 'in', kind: 'notification', text: '{"jsonrpc":"2.0","method":"x"}', size: 30, method: 'x', rpcId: null };

describe('the page socket and messages that break the relay protocol', () => {
  it('reports each malformed message as a relay error, acts on none of them, and keeps delivering the good ones', async () => {
    const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, path: WS_PATH, handleProtocols: (p) => (p.has(WS_PROTOCOL) ? WS_PROTOCOL : false) });
    await new Promise<void>((r) => wss.once('listening', r));
    cleanups.push(() => new Promise<void>((r) => wss.close(() => r())));
    wss.on('connection', (ws) => {
      ws.send('this is not JSON');
      ws.send(JSON.stringify({ type: 'frames', sessionId: 's', frames: [{ ...frame, seq: 'one' }] }));
      ws.send(JSON.stringify({ type: 'answerer', sessionId: 's', holder: 'everyone' }));
      ws.send(JSON.stringify({ type: 'frames', sessionId: 's', frames: [frame] }));
      ws.send(JSON.stringify({ type: 'synced', sessionId: 's', seq: 1 }));
    });
    // The page's globals, pointed at this server: the socket builds its URL from the page's location.
    const port = (wss.address() as { port: number }).port;
    vi.stubGlobal('window', { location: { protocol: 'http:', host: `127.0.0.1:${port}` } });
    vi.stubGlobal('WebSocket', WebSocket);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);

    const errors: Array<[string, string]> = [];
    const delivered: FrameRecord[][] = [];
    const answerers: string[] = [];
    const socket = new RelaySocket(
      'token',
      {
        onFrames: (_s, frames) => delivered.push(frames),
        onSession: () => undefined,
        onAnswerer: (_s, h) => answerers.push(h),
        onError: (code, message) => errors.push([code, message]),
      },
      () => 0,
    );
    cleanups.push(() => socket.stop());
    socket.subscribe('s');
    socket.start();
    await socket.whenSynced('s', 10_000);

    expect(socket.isSynced('s')).toBe(true);
    expect(delivered).toEqual([[frame]]);
    expect(answerers).toEqual([]);
    expect(errors.map(([code]) => code)).toEqual(['BAD_MESSAGE', 'BAD_MESSAGE', 'BAD_MESSAGE']);
    expect(errors[0]![1]).toMatch(/not JSON/);
    expect(errors[1]![1]).toMatch(/message "frames": frames\.0\.seq/);
    expect(errors[2]![1]).toMatch(/message "answerer": holder/);
    expect(logged).toHaveBeenCalledTimes(3);
    expect(socket.getState()).toBe('open');
  });
});
