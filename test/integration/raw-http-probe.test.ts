import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpExchange } from '../../shared/http-exchange.js';
import type { RelayServerMessage, SessionInfo } from '../../shared/relay-protocol.js';
import { DEMO_SERVER, startRelay, type RelayHandle } from '../helpers/relay-process.js';
import { openRemoteSession, type RemoteSession } from '../helpers/remote-session.js';
import { EVERYTHING_ON_LOOPBACK, startRemoteServer, type RemoteServer } from '../helpers/remote-server.js';

let server: RemoteServer;
let relay: RelayHandle;
let s: RemoteSession;

beforeAll(async () => {
  server = await startRemoteServer(EVERYTHING_ON_LOOPBACK, ['streamableHttp']);
  relay = await startRelay();
  s = await openRemoteSession(relay, { url: server.url('/mcp'), transport: 'http' });
  await s.handshake();
});

afterAll(async () => {
  await relay?.stop();
  await server?.stop();
});

function reply(ref: string) {
  return s.sock.until(
    () =>
      s.sock.messages.find(
        (m): m is Extract<RelayServerMessage, { type: 'http-result' | 'error' }> => (m.type === 'http-result' || m.type === 'error') && m.ref === ref,
      ),
    `the answer to ${ref}`,
    20_000,
  );
}

describe('the relay’s raw HTTP exchange for the fault lab (http-probe)', () => {
  it('sends the session’s own headers with one removed, records the exchange as an http frame and returns the status', async () => {
    s.sock.send({
      type: 'http-probe',
      sessionId: s.sid,
      method: 'POST',
      headers: { Accept: null },
      body: '{"jsonrpc":"2.0","id":50,"method":"ping"}',
      waitMs: 2000,
      ref: 'p1',
    });
    const msg = await reply('p1');
    if (msg.type !== 'http-result') throw new Error(`expected a result, got ${JSON.stringify(msg)}`);
    const r = msg.result;
    expect(r).toMatchObject({ status: 406, error: null });
    expect(r.sessionId).toMatch(/\S/);
    expect(r.messages).toEqual([expect.objectContaining({ error: expect.objectContaining({ code: -32000 }) })]);
    const frame = await s.sock.frame(s.sid, (f) => f.seq === r.exchangeSeq, 'the exchange frame');
    const x = JSON.parse(frame.text) as HttpExchange;
    expect(x).toMatchObject({ purpose: 'fault', state: 'complete', sentSeq: r.sentSeq, request: { method: 'POST' }, response: { status: 406 } });
    const names = x.request.headers.map(([k]) => k.toLowerCase());
    expect(names).not.toContain('accept');
    expect(names).toEqual(expect.arrayContaining(['mcp-session-id', 'mcp-protocol-version', 'content-type']));
    // The body went out as a recorded frame, and the JSON-RPC error came back as one, linked to the exchange.
    expect(s.frames().find((f) => f.seq === r.sentSeq)).toMatchObject({ dir: 'out', method: 'ping' });
    expect(x.receivedSeqs).toHaveLength(1);
  });

  it('replaces a header, and answers PUT without hanging even when the body is not JSON-RPC', async () => {
    s.sock.send({
      type: 'http-probe',
      sessionId: s.sid,
      method: 'POST',
      headers: { 'Mcp-Session-Id': 'mcpscope-unknown' },
      body: '{"jsonrpc":"2.0","id":51,"method":"ping"}',
      waitMs: 2000,
      ref: 'p2',
    });
    s.sock.send({ type: 'http-probe', sessionId: s.sid, method: 'PUT', headers: {}, waitMs: 2000, ref: 'p3' });
    const [unknown, put] = await Promise.all([reply('p2'), reply('p3')]);
    expect(unknown).toMatchObject({ type: 'http-result', result: { status: 400 } });
    expect(put).toMatchObject({ type: 'http-result', result: { status: 404, messages: [], sentSeq: null } });
    // The session itself is untouched: a normal request still works.
    const ping = await s.request(52, 'ping');
    expect(ping.body).toMatchObject({ id: 52, result: {} });
  });

  it('refuses a probe on a stdio session and a header value that would break the header block, and keeps running', async () => {
    const stdio = await relay.api<SessionInfo>('/api/sessions', {
      method: 'POST',
      body: JSON.stringify({ target: { transport: 'stdio', command: process.execPath, args: [DEMO_SERVER] }, protocolVersion: '2025-11-25', handshake: false }),
    });
    expect(stdio.status).toBe(201);
    const sock = s.sock;
    sock.send({ type: 'http-probe', sessionId: stdio.body.id, method: 'GET', headers: {}, waitMs: 500, ref: 'p4' });
    expect(await reply('p4')).toMatchObject({ type: 'error', code: 'CONFLICT', message: expect.stringMatching(/Streamable HTTP/) });
    sock.ws.send(JSON.stringify({ type: 'http-probe', sessionId: s.sid, method: 'POST', headers: { Accept: 'x\r\nInjected: 1' }, ref: 'p5' }));
    expect(await reply('p5')).toMatchObject({ type: 'error', code: 'BAD_REQUEST' });
    expect((await relay.api('/api/config')).status).toBe(200);
  });
});

describe('a GET probe answered with a stream that never ends', () => {
  let streams: http.ServerResponse[] = [];
  let endless: http.Server;
  let relay2: RelayHandle;

  beforeAll(async () => {
    // A minimal Streamable HTTP server whose GET streams stay open forever, like a real standalone stream.
    endless = http.createServer((req, res) => {
      if (req.method === 'GET') {
        res.writeHead(200, { 'Content-Type': 'text/event-stream' });
        res.write(': open\n\n');
        streams.push(res);
        return;
      }
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        // The relay's DELETE when the session closes, or anything else without a JSON body.
        if (req.method !== 'POST' || body === '') return void res.writeHead(req.method === 'DELETE' ? 204 : 400).end();
        const msg = JSON.parse(body) as { id?: number; method?: string };
        if (msg.id === undefined) return void res.writeHead(202).end();
        const result = msg.method === 'initialize' ? { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 'endless', version: '0' } } : {};
        res.writeHead(200, { 'Content-Type': 'application/json', 'Mcp-Session-Id': 'endless-1' }).end(JSON.stringify({ jsonrpc: '2.0', id: msg.id, result }));
      });
    });
    await new Promise<void>((ok) => endless.listen(0, '127.0.0.1', ok));
    relay2 = await startRelay();
  });

  afterAll(async () => {
    await relay2?.stop();
    for (const r of streams) r.destroy();
    streams = [];
    await new Promise<void>((ok) => endless.close(() => ok()));
  });

  it('answers with the 200 and the stream type as soon as the headers arrive, and closes its own stream', async () => {
    const { port } = endless.address() as AddressInfo;
    const t = await openRemoteSession(relay2, { url: `http://127.0.0.1:${port}/mcp`, transport: 'http' });
    await t.handshake();
    const started = Date.now();
    t.sock.send({ type: 'http-probe', sessionId: t.sid, method: 'GET', headers: {}, waitMs: 10_000, ref: 'g1' });
    const msg = await t.sock.until(() => t.sock.messages.find((m) => m.type === 'http-result' && m.ref === 'g1'), 'the GET result', 10_000);
    expect(msg).toMatchObject({ result: { status: 200, contentType: 'text/event-stream', sessionId: 'endless-1' } });
    // Not the 10 s wait: a GET's stream is closed once it has answered.
    expect(Date.now() - started).toBeLessThan(5000);
    const x = await t.waitExchange((e) => e.purpose === 'fault' && e.state !== 'open', 'the finished GET exchange');
    expect(x.request.headers).toEqual(expect.arrayContaining([['Mcp-Session-Id', 'endless-1']]));
  });
});
