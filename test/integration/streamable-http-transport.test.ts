import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpExchange, HttpExchangeProgress } from '../../shared/http-exchange.js';
import { StreamableHttpTransport } from '../../server/transports/streamable-http-transport.js';
import type { TransportEvent, TransportHandlers } from '../../server/transports/transport.js';
import { waitFor } from '../helpers/relay-process.js';
import { REMOTE_FIXTURE, startRemoteServer, type RemoteServer } from '../helpers/remote-server.js';
import { headerOf } from '../helpers/remote-session.js';

let server: RemoteServer;
beforeAll(async () => {
  server = await startRemoteServer(REMOTE_FIXTURE);
});
afterAll(async () => {
  await server?.stop();
});

function collector() {
  const got = {
    messages: [] as string[],
    events: [] as TransportEvent[],
    exchanges: [] as HttpExchange[],
    progress: [] as HttpExchangeProgress[],
    closed: false,
  };
  let seq = 100;
  const handlers: TransportHandlers = {
    onMessage: (b) => {
      got.messages.push(b.toString());
      return ++seq;
    },
    onOversize: () => ++seq,
    onStderr: () => {},
    onEvent: (e) => got.events.push(e),
    onExchange: (x) => void (x.state === 'progress' ? got.progress.push(x) : got.exchanges.push(x)),
    onClosed: () => (got.closed = true),
  };
  const done = () => got.exchanges.filter((x) => x.state !== 'open');
  return { got, handlers, done };
}

describe('StreamableHttpTransport', () => {
  it('sends a malformed body byte-exact and records the parse error the server answers with', async () => {
    const t = new StreamableHttpTransport({ url: server.url('/mcp'), headers: {}, maxMessageBytes: 1 << 20 });
    const { got, handlers, done } = collector();
    await t.start(handlers);
    const text = '{"jsonrpc":"2.0", "id": 1, oops';
    t.send(Buffer.from(text), 7);
    await waitFor(() => done().length === 1 && got.messages.length === 1, 'the answer');
    const [x] = done();
    expect(x!.request.body).toBe(text);
    expect(x!.request.bodySize).toBe(Buffer.byteLength(text));
    expect(x!.sentSeq).toBe(7);
    expect(x!.response!.status).toBe(400);
    expect(JSON.parse(got.messages[0]!).error.code).toBe(-32700);
    expect(x!.receivedSeqs).toEqual([101]);
    await t.close();
    expect(got.closed).toBe(true);
    expect(got.events.at(-1)).toMatchObject({ event: 'disconnected', transport: 'http' });
  });

  it('sends the protocol headers the user pinned, wrong on purpose, instead of the right ones', async () => {
    const overrides = { sessionId: 'no-such-session', protocolVersion: '1999-01-01' };
    const t = new StreamableHttpTransport({ url: server.url('/mcp'), headers: {}, overrides, maxMessageBytes: 1 << 20 });
    const { got, handlers, done } = collector();
    await t.start(handlers);
    t.send(
      Buffer.from(
        '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}',
      ),
    );
    await waitFor(() => done().length === 1, 'the answer');
    const [x] = done();
    expect(headerOf(x!.request.headers, 'mcp-session-id')).toBe('no-such-session');
    expect(headerOf(x!.request.headers, 'mcp-protocol-version')).toBe('1999-01-01');
    expect(x!.response!.status).toBe(404);
    // A pinned session id is the user's experiment, not an expiry to report.
    expect(got.events.some((e) => e.event === 'session-expired')).toBe(false);
    await t.close();
  });

  it('gives up on a server that never answers, with an error that says so', async () => {
    const t = new StreamableHttpTransport({ url: server.url('/hang'), headers: {}, maxMessageBytes: 1 << 20, headersTimeoutMs: 300 });
    const { got, handlers, done } = collector();
    await t.start(handlers);
    t.send(Buffer.from('{"jsonrpc":"2.0","id":1,"method":"ping"}'));
    await waitFor(() => got.events.find((e) => e.event === 'error'), 'the timeout error');
    expect(got.events.find((e) => e.event === 'error')).toMatchObject({
      code: 'TIMEOUT',
      message: expect.stringMatching(/no response from 127\.0\.0\.1:\d+ within/),
    });
    expect(done()[0]).toMatchObject({ state: 'failed', response: null, error: { code: 'TIMEOUT' } });
    expect(t.alive).toBe(true);
    await t.close();
  });

  it('cancels what is in flight on close without calling it an error', async () => {
    const t = new StreamableHttpTransport({ url: server.url('/hang'), headers: {}, maxMessageBytes: 1 << 20 });
    const { got, handlers, done } = collector();
    await t.start(handlers);
    const before = (server.output().match(/hanging on a request/g) ?? []).length;
    t.send(Buffer.from('{"jsonrpc":"2.0","id":1,"method":"ping"}'));
    // In flight once the server holds it.
    await server.waitOutput(new RegExp(`(hanging on a request[\\s\\S]*){${before + 1}}`));
    await t.close('test over');
    expect(done()[0]).toMatchObject({ state: 'aborted' });
    expect(got.events.filter((e) => e.event === 'error')).toEqual([]);
    expect(() => t.send(Buffer.from('{}'))).toThrow(/closed/);
  });
});
