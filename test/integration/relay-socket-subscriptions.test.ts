// The page's RelaySocket against a real WebSocket server on 127.0.0.1: two holders of one session (the fault lab and
// the detail) share one subscription, and the relay hears unsubscribe only when the last of them lets go; a stream
// opened early (before the page has rendered enough to ask) is taken over by the page, or let go.
import { afterEach, describe, expect, it, vi } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { WS_PATH, WS_PROTOCOL, type RelayClientMessage } from '../../shared/relay-protocol.js';
import { RelaySocket } from '../../web/lib/relay/relay-socket.js';

const cleanups: Array<() => void | Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
  vi.unstubAllGlobals();
});

/** A WebSocket server that records what the page sends and answers each subscribe with `synced`; the page's socket on it. */
async function pageSocket() {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, path: WS_PATH, handleProtocols: (p) => (p.has(WS_PROTOCOL) ? WS_PROTOCOL : false) });
  await new Promise<void>((r) => wss.once('listening', r));
  cleanups.push(() => new Promise<void>((r) => wss.close(() => r())));
  const received: RelayClientMessage[] = [];
  let arrived = () => undefined as void;
  wss.on('connection', (ws) => {
    ws.on('message', (data) => {
      const msg = JSON.parse(data.toString()) as RelayClientMessage;
      received.push(msg);
      if (msg.type === 'subscribe') ws.send(JSON.stringify({ type: 'synced', sessionId: msg.sessionId, seq: 0 }));
      arrived();
    });
  });
  const until = (n: number) => (received.length >= n ? Promise.resolve() : new Promise<void>((r) => (arrived = () => void (received.length >= n && r()))));
  const port = (wss.address() as { port: number }).port;
  vi.stubGlobal('window', { location: { protocol: 'http:', host: `127.0.0.1:${port}` } });
  vi.stubGlobal('WebSocket', WebSocket);

  const socket = new RelaySocket('token', { onFrames: () => undefined, onSession: () => undefined }, () => 0);
  cleanups.push(() => socket.stop());
  /** What the relay heard so far, one "type sessionId" line a message. */
  const sent = () => received.map((m) => `${m.type} ${'sessionId' in m ? m.sessionId : ''}`);
  return { socket, received, until, sent };
}

describe('the page socket with several users of one session', () => {
  it('subscribes once, keeps the stream while one user remains, and unsubscribes after the last', async () => {
    const { socket, received, until, sent } = await pageSocket();
    socket.start();
    await socket.whenOpen();

    socket.subscribe('scratch'); // the fault lab opens its scratch session
    socket.subscribe('scratch'); // the user shows that session in the detail
    await socket.whenSynced('scratch', 10_000);
    socket.unsubscribe('scratch'); // the fault lab closes the scratch session
    // A marker the relay sees after anything the first unsubscribe wrote: then nothing else is in flight.
    socket.subscribe('marker');
    await until(2);
    expect(sent()).toEqual(['subscribe scratch', 'subscribe marker']);
    expect(socket.isSynced('scratch')).toBe(true);

    socket.unsubscribe('scratch'); // the detail moves on
    await until(3);
    expect(received[2]).toEqual({ type: 'unsubscribe', sessionId: 'scratch' });
    expect(socket.isSynced('scratch')).toBe(false);
  });

  it('opens a stream early, before the socket is open, and hands it to the page when it subscribes to that session', async () => {
    const { socket, received, until, sent } = await pageSocket();
    socket.subscribeEarly('launch'); // before the socket opened: sent as it opens
    socket.start();
    await socket.whenSynced('launch', 10_000);
    socket.subscribe('launch'); // the workbench attaches to the same session: it takes the early hold over
    socket.subscribe('marker');
    await until(2);
    expect(sent()).toEqual(['subscribe launch', 'subscribe marker']);
    socket.unsubscribe('launch'); // one hold in all: the page letting go ends the stream
    await until(3);
    expect(received[2]).toEqual({ type: 'unsubscribe', sessionId: 'launch' });
  });

  it('asks for an early stream only once what the page asked first has been answered, taken over meanwhile or not', async () => {
    const { socket, until, sent } = await pageSocket();
    socket.start();
    await socket.whenOpen();
    let answered = () => undefined as void;
    socket.subscribeEarly('huge', new Promise<void>((r) => (answered = r)));
    socket.subscribe('huge'); // the workbench attaches meanwhile: it takes the hold over, asking nothing
    socket.subscribe('marker');
    await until(1);
    expect(sent()).toEqual(['subscribe marker']);
    answered();
    await socket.whenSynced('huge', 10_000);
    expect(sent()).toEqual(['subscribe marker', 'subscribe huge']);
    expect(socket.isSynced('huge')).toBe(true);
  });

  it('does not ask for a deferred early stream the page let go of before it was due', async () => {
    const { socket, until, sent } = await pageSocket();
    socket.start();
    await socket.whenOpen();
    let answered = () => undefined as void;
    socket.subscribeEarly('guess', new Promise<void>((r) => (answered = r)));
    socket.subscribe('other'); // the page opened another session: the guess is let go, never having been asked for
    answered();
    await Promise.resolve();
    socket.subscribe('marker');
    await until(2);
    expect(sent()).toEqual(['subscribe other', 'subscribe marker']);
  });

  it('lets an early stream go when the page subscribes to another session first', async () => {
    const { socket, received, until, sent } = await pageSocket();
    socket.start();
    await socket.whenOpen();
    socket.subscribeEarly('guess');
    socket.subscribe('other');
    await until(3);
    expect(sent()).toEqual(['subscribe guess', 'subscribe other', 'unsubscribe guess']);
    // Only one early hold, and only for a session nobody holds yet.
    socket.subscribeEarly('other');
    socket.subscribe('marker');
    await until(4);
    expect(received[3]).toMatchObject({ type: 'subscribe', sessionId: 'marker' });
  });
});
