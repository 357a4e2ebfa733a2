import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FrameRecord, SessionInfo } from '../../shared/relay-protocol.js';
import { startRelay, type RelayHandle } from '../helpers/relay-process.js';
import { REMOTE_FIXTURE, startRemoteServer, type RemoteServer } from '../helpers/remote-server.js';
import { headerOf, openRemoteSession } from '../helpers/remote-session.js';

const BEARER = 'sk-test-4f9c2a7be01d4c55a1e3';
let server: RemoteServer;
let guarded: RemoteServer;
let relay: RelayHandle;

beforeAll(async () => {
  [server, guarded, relay] = await Promise.all([
    startRemoteServer(REMOTE_FIXTURE),
    startRemoteServer(REMOTE_FIXTURE, [], { FIXTURE_BEARER: BEARER }),
    startRelay(),
  ]);
});
afterAll(async () => {
  await relay?.stop();
  await Promise.all([server?.stop(), guarded?.stop()]);
});

const stop = (sid: string) => relay.api<SessionInfo>(`/api/sessions/${sid}/stop`, { method: 'POST' });

describe('remote faults the relay makes visible', () => {
  it('resumes a response stream the server closed mid-request, with Last-Event-ID, and delivers the answer', async () => {
    const s = await openRemoteSession(relay, { transport: 'http', url: server.url('/mcp') });
    await s.handshake();
    const { body } = await s.request(2, 'tools/call', { name: 'drop_stream', arguments: {} });
    expect(body.result.content[0].text).toBe('survived the cut');
    const logs = s
      .frames()
      .filter((f) => f.method === 'notifications/message')
      .map((f) => JSON.parse(f.text).params.data);
    expect(logs).toEqual(['before the cut', 'after the cut']);

    const resuming = await s.waitEvent('stream-resuming');
    expect(resuming.delayMs).toBe(100); // the server's `retry`
    const first = s.exchanges().find((x) => x.id === resuming.exchange && x.state === 'complete')!;
    expect(first.response!.events![0]).toMatchObject({ retry: 100, dataSize: 0 });
    const resumed = await s.waitExchange((x) => x.purpose === 'resume', 'the resumed stream');
    expect(resumed.resumes).toBe(first.id);
    expect(headerOf(resumed.request.headers, 'last-event-id')).toBe(resuming.lastEventId);
    const answer = s.frames().find((f) => f.dir === 'in' && f.rpcId === '2')!;
    // The answer came on the resumed stream: in its progress records while it is open, or its final record. The SDK
    // closes that stream only when the answer is sent into it; an answer stored before the GET arrived (the 150 ms
    // cut outlasted on a loaded machine) is replayed into a stream that stays open, so waiting for it to end timed out.
    const carried = () => [...s.exchanges(), ...s.progress()].filter((x) => x.id === resumed.id).flatMap((x) => x.receivedSeqs ?? []);
    await s.sock.until(() => carried().includes(answer.seq) || undefined, 'the answer on the resumed stream');
    expect(s.events('error')).toEqual([]);
    await stop(s.sid);
  });

  it('reports a session the server forgot (404), and a fresh initialize starts a new one', async () => {
    const s = await openRemoteSession(relay, { transport: 'http', url: server.url('/mcp') });
    await s.handshake();
    const firstId = (await s.waitEvent('session-id')).sessionId;
    await s.request(2, 'tools/call', { name: 'forget_session', arguments: {} });
    await server.waitOutput(new RegExp(`forgot session ${firstId}`));
    s.sock.send({ type: 'send', sessionId: s.sid, text: '{"jsonrpc":"2.0","id":3,"method":"tools/list"}' });
    const expired = await s.waitEvent('session-expired');
    expect(expired).toMatchObject({ sessionId: firstId, status: 404 });
    // The 404 body is recorded as the error it is (with id null, as servers answer an unknown session).
    await s.sock.frame(s.sid, (f) => f.dir === 'in' && f.kind === 'error' && /Session not found/.test(f.text), 'the 404 body');

    const again = await s.request(4, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '0' } });
    expect(again.body.result.serverInfo.name).toBe('remote-fixture');
    const reinit = s.exchanges().find((x) => x.sentSeq === s.frames().find((f) => f.dir === 'out' && f.rpcId === '4')!.seq)!;
    expect(headerOf(reinit.request.headers, 'mcp-session-id')).toBeUndefined();
    const secondId = (await s.waitEvent('session-id', (e) => e.sessionId !== firstId)).sessionId;
    s.notify('notifications/initialized');
    const list = await s.request(5, 'tools/list');
    expect(list.body.result.tools.length).toBeGreaterThan(0);
    const listOut = s.frames().find((f) => f.dir === 'out' && f.rpcId === '5')!;
    const listX = await s.waitExchange((x) => x.sentSeq === listOut.seq, 'the POST of tools/list in the new session');
    expect(headerOf(listX.request.headers, 'mcp-session-id')).toBe(secondId);
    await stop(s.sid);
  });

  it('sends a bearer header to the server and never records or shows its value', async () => {
    const s = await openRemoteSession(relay, { transport: 'http', url: guarded.url('/mcp'), headers: { Authorization: `Bearer ${BEARER}` } });
    const init = await s.handshake();
    expect(init.serverInfo.name).toBe('remote-fixture');
    await s.request(2, 'tools/list');
    const x = s.exchanges().find((e) => e.sentSeq !== undefined)!;
    expect(headerOf(x.request.headers, 'authorization')).toBe('Bearer ••••');
    await stop(s.sid);

    const frames = (await relay.api<{ frames: FrameRecord[] }>(`/api/sessions/${s.sid}/frames?afterSeq=0&limit=1000`)).body.frames;
    expect(frames.length).toBeGreaterThan(5);
    expect(JSON.stringify(frames)).not.toContain(BEARER);
    const sessions = await relay.api<SessionInfo[]>('/api/sessions');
    expect(JSON.stringify(sessions.body)).not.toContain(BEARER);
    expect(sessions.body.find((i) => i.id === s.sid)!.target).toMatchObject({ headers: { Authorization: 'Bearer ••••' } });
    // Every file the relay keeps, in subfolders too (processes/ holds its process table).
    const files = readdirSync(relay.dataDir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile());
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) expect(readFileSync(join(f.parentPath, f.name)).includes(BEARER)).toBe(false);
  });

  it('records a 401 with its JSON-RPC error as an in frame when the token is missing', async () => {
    const s = await openRemoteSession(relay, { transport: 'http', url: guarded.url('/mcp') });
    s.sock.send({ type: 'send', sessionId: s.sid, text: '{"jsonrpc":"2.0","id":1,"method":"ping"}' });
    const err = await s.sock.frame(s.sid, (f) => f.dir === 'in', 'the 401 body');
    expect(err.kind).toBe('error');
    const x = await s.waitExchange((e) => e.state === 'complete', 'the 401 exchange');
    expect(x.response).toMatchObject({ status: 401 });
    expect(headerOf(x.response!.headers, 'www-authenticate')).toBe('Bearer');
    expect(x.receivedSeqs).toEqual([err.seq]);
    await stop(s.sid);
  });

  it('shows a non-JSON error page and a stream cut mid-event, and keeps the session usable', async () => {
    const page = await openRemoteSession(relay, { transport: 'http', url: server.url('/html-error') });
    page.sock.send({ type: 'send', sessionId: page.sid, text: '{"jsonrpc":"2.0","id":1,"method":"ping"}' });
    // The page answers the ping it carried: the request fails at once (http-answer), the session stays up.
    const err = await page.waitEvent('http-answer');
    expect(err).toMatchObject({ requestIds: ['1'], status: 500 });
    expect(err.message).toMatch(/500 Internal Server Error: a text\/html body of \d+ bytes that is not JSON-RPC/);
    const x = page.exchanges().find((e) => e.id === err.exchange)!;
    expect(x.response!.body).toContain('<h1>500 Internal Server Error</h1>');
    expect((await relay.api<SessionInfo>(`/api/sessions/${page.sid}`)).body).toMatchObject({ status: 'running', live: true });
    await stop(page.sid);

    const cut = await openRemoteSession(relay, { transport: 'http', url: server.url('/cut') });
    cut.sock.send({ type: 'send', sessionId: cut.sid, text: '{"jsonrpc":"2.0","id":1,"method":"ping"}' });
    const cutErr = await cut.waitEvent('error');
    expect(cutErr.message).toMatch(/was cut .* before the response to request 1, and carried no event id/);
    const cx = cut.exchanges().find((e) => e.state === 'failed')!;
    expect(cx.error!.code).toBe('ECONNRESET');
    expect(cx.response!.events![0]).toMatchObject({ event: 'message', incomplete: true, data: '{"jsonrpc":"2.0","id":' });
    await stop(cut.sid);
  });

  it('turns connection refused and DNS failure into clear errors, never a relay crash', async () => {
    const gone = await startRemoteServer(REMOTE_FIXTURE);
    const deadUrl = gone.url('/mcp');
    await gone.stop();
    const refused = await openRemoteSession(relay, { transport: 'http', url: deadUrl });
    refused.sock.send({ type: 'send', sessionId: refused.sid, text: '{"jsonrpc":"2.0","id":1,"method":"ping"}' });
    const e1 = await refused.waitEvent('error');
    expect(e1).toMatchObject({ code: 'ECONNREFUSED', message: expect.stringMatching(/connection refused by 127\.0\.0\.1:\d+/) });
    expect(refused.exchanges().at(-1)).toMatchObject({ state: 'failed', response: null, error: { code: 'ECONNREFUSED' } });

    const dns = await openRemoteSession(relay, { transport: 'sse', url: 'http://no-such-host.invalid/sse' });
    const e2 = await dns.waitEvent('error');
    expect(e2.message).toMatch(/DNS lookup failed for no-such-host\.invalid/);
    expect((await relay.api<SessionInfo>(`/api/sessions/${dns.sid}`)).body.status).toBe('failed');
    expect((await relay.api('/api/config')).status).toBe(200);
    await stop(refused.sid);
  });

  it('speaks MCP over a WebSocket with the mcp subprotocol', async () => {
    const s = await openRemoteSession(relay, { transport: 'ws', url: server.url('/ws', 'ws'), headers: { 'X-Trace': 'secret-trace' } });
    await s.waitEvent('connected');
    const upgrade = s.exchanges()[0]!;
    expect(upgrade).toMatchObject({ purpose: 'upgrade', response: { status: 101 } });
    expect(headerOf(upgrade.response!.headers, 'sec-websocket-protocol')).toBe('mcp');
    expect(headerOf(upgrade.request.headers, 'x-trace')).toBe('••••');
    await s.handshake();
    const call = await s.request(2, 'tools/call', { name: 'echo', arguments: { message: 'over ws' } });
    expect(call.body.result.content[0].text).toBe('over ws');
    const stopped = await stop(s.sid);
    expect(stopped.body.status).toBe('stopped');

    const refused = await openRemoteSession(relay, { transport: 'ws', url: server.url('/not-a-socket', 'ws') });
    const err = await refused.waitEvent('error');
    expect(err.message).toMatch(/refused the WebSocket upgrade: 400/);
    expect(refused.events('error')).toHaveLength(1);
    expect((await relay.api<SessionInfo>(`/api/sessions/${refused.sid}`)).body.status).toBe('failed');
  });
});
