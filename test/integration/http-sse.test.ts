import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionInfo } from '../../shared/relay-protocol.js';
import { startRelay, type RelayHandle } from '../helpers/relay-process.js';
import { EVERYTHING_ON_LOOPBACK, startRemoteServer, type RemoteServer } from '../helpers/remote-server.js';
import { headerOf, openRemoteSession, type RemoteSession } from '../helpers/remote-session.js';

let server: RemoteServer;
let relay: RelayHandle;

beforeAll(async () => {
  server = await startRemoteServer(EVERYTHING_ON_LOOPBACK, ['sse']);
  relay = await startRelay();
});
afterAll(async () => {
  await relay?.stop();
  await server?.stop();
});

describe('the relay over legacy HTTP+SSE, with server-everything', () => {
  it('opens the stream, posts to the endpoint it names, and carries initialize, tools/list and tools/call', async () => {
    const s = await openRemoteSession(relay, { transport: 'sse', url: server.url('/sse') });
    const connected = await s.waitEvent('connected');
    // The server names a relative endpoint; the relay resolves it against the stream's URL.
    expect(connected.endpoint).toMatch(new RegExp(`^${server.url('/message')}\\?sessionId=`));
    expect(s.events('warning')).toEqual([]);

    const init = await s.handshake('2024-11-05');
    expect(init.protocolVersion).toBe('2024-11-05');
    const list = await s.request(2, 'tools/list');
    expect(list.body.result.tools.map((t: { name: string }) => t.name)).toContain('echo');
    const call = await s.request(3, 'tools/call', { name: 'echo', arguments: { message: 'over SSE' } });
    expect(call.body.result.content[0].text).toBe('Echo: over SSE');

    const stream = s.exchanges().find((x) => x.request.method === 'GET')!;
    expect(stream).toMatchObject({ state: 'open', purpose: 'stream' });
    expect(headerOf(stream.request.headers, 'accept')).toBe('text/event-stream');
    const posts = await s.sock.until(() => {
      const xs = s.exchanges().filter((x) => x.request.method === 'POST' && x.state === 'complete');
      return xs.length >= 4 ? xs : undefined;
    }, 'four POSTs');
    for (const x of posts) {
      expect(x.request.url).toBe(connected.endpoint);
      expect(x.response!.status).toBe(202);
    }
    expect(posts.map((x) => x.sentSeq)).toEqual(
      s
        .frames()
        .filter((f) => f.dir === 'out')
        .map((f) => f.seq),
    );

    // While the stream is still open, what it brings is recorded as it arrives: progress deltas of the same exchange.
    const liveSeqs = () => s.progress().flatMap((p) => (p.id === stream.id ? p.receivedSeqs : []));
    await s.sock.until(() => liveSeqs().includes(call.frame.seq) || undefined, 'the echo answer in a progress record of the open stream');
    const liveEvents = s.progress().flatMap((p) => (p.id === stream.id ? p.events : []));
    expect(liveEvents[0]).toMatchObject({ event: 'endpoint', data: expect.stringContaining('/message?sessionId=') });
    expect(
      s
        .exchanges()
        .filter((x) => x.id === stream.id)
        .map((x) => x.state),
    ).toEqual(['open']);
    // A HAR written now has the open stream as far as it got.
    const har = await relay.api<{ log: { entries: Array<{ request: { method: string }; _mcpscope: { state: string; receivedSeqs: number[] } }> } }>(
      `/api/sessions/${s.sid}/repro/har.json`,
    );
    const liveEntry = har.body.log.entries.find((e) => e.request.method === 'GET')!;
    expect(liveEntry._mcpscope.state).toBe('open');
    expect(liveEntry._mcpscope.receivedSeqs).toContain(call.frame.seq);

    // The stream's events, endpoint first, land in its exchange when it ends.
    await relay.api<SessionInfo>(`/api/sessions/${s.sid}/stop`, { method: 'POST' });
    const ended = await s.waitExchange((x) => x.request.method === 'GET' && x.state !== 'open', 'the stream to end');
    expect(ended.state).toBe('aborted');
    const events = ended.response!.events!;
    expect(events[0]).toMatchObject({ event: 'endpoint', data: expect.stringContaining('/message?sessionId=') });
    const messageSeqs = events.flatMap((e) => (e.seq === undefined ? [] : [e.seq]));
    expect(messageSeqs).toEqual(
      s
        .frames()
        .filter((f) => f.dir === 'in')
        .map((f) => f.seq),
    );
    expect(ended.response!.body).toContain('event: endpoint\ndata: /message?sessionId=');
    expect((await relay.api<SessionInfo>(`/api/sessions/${s.sid}`)).body.status).toBe('stopped');
    // The deltas told the same story the final record does, each event once.
    expect(s.progress().flatMap((p) => (p.id === stream.id ? p.events : []))).toEqual(events.slice(0, liveEventCount(s, stream.id)));
  });

  it('gives the exchanges of a restarted connection ids of their own', async () => {
    const s = await openRemoteSession(relay, { transport: 'sse', url: server.url('/sse') });
    await s.waitEvent('connected');
    await s.handshake('2024-11-05');
    expect((await relay.api(`/api/sessions/${s.sid}/restart`, { method: 'POST' })).status).toBeLessThan(300);
    await s.sock.until(() => s.events('connected').length >= 2 || undefined, 'the second connection');
    // The new connection is a new server session: initialize it again (ids the first connection did not use).
    await s.request(7, 'initialize', { protocolVersion: '2024-11-05', capabilities: {}, clientInfo: { name: 'mcpscope-test', version: '0' } });
    const again = await s.request(8, 'tools/list');
    expect(again.body.result.tools.length).toBeGreaterThan(0);

    const sentSeq = s.frames().find((f) => f.dir === 'out' && f.rpcId === '8')!.seq;
    const post = await s.waitExchange((x) => x.sentSeq === sentSeq && x.state !== 'open', 'the tools/list POST');
    expect(post.id).toMatch(/^c2\.x\d+$/);
    expect(s.exchanges().find((x) => x.request.method === 'GET' && x.state === 'open' && x.id === 'c2.x1')).toBeDefined();
    // Each id names one exchange: at most an open record, then one final record, never a second exchange.
    const finals = s.exchanges().filter((x) => x.state !== 'open');
    expect(new Set(finals.map((x) => x.id)).size).toBe(finals.length);
    expect(finals.map((x) => x.id)).toEqual(expect.arrayContaining(['x1', 'x2', post.id]));
    await relay.api(`/api/sessions/${s.sid}/stop`, { method: 'POST' });
  });

  it('falls back from Streamable HTTP to legacy SSE with auto, every step in the log', async () => {
    const s = await openRemoteSession(relay, { transport: 'auto', url: server.url('/sse') });
    const init = await s.handshake();
    expect(init.serverInfo.name).toBeTruthy();
    const probe = s.exchanges().find((x) => x.purpose === 'probe' && x.state === 'complete')!;
    expect(probe.request.method).toBe('POST');
    expect(probe.response!.status).toBe(404);
    // The probe's 404 is not the server's answer to initialize: no `in` frame came from it.
    expect(probe.receivedSeqs).toEqual([]);
    expect(s.events('probe').map((e) => e.message)).toEqual([
      expect.stringMatching(/as Streamable HTTP/),
      expect.stringMatching(/answered 404: trying legacy HTTP\+SSE/),
    ]);
    expect((await s.waitEvent('transport-selected')).transport).toBe('sse');
    const list = await s.request(2, 'tools/list');
    expect(list.body.result.tools.length).toBeGreaterThan(0);
    await relay.api(`/api/sessions/${s.sid}/stop`, { method: 'POST' });
  });

  it('reports a URL that is no SSE stream as a failed session, and the relay carries on', async () => {
    const s = await openRemoteSession(relay, { transport: 'sse', url: server.url('/nothing-here') });
    const err = await s.waitEvent('error');
    expect(err.message).toMatch(/404.*not an event stream/);
    const info = await relay.api<SessionInfo>(`/api/sessions/${s.sid}`);
    expect(info.body).toMatchObject({ status: 'failed', live: false });
    expect((await relay.api('/api/config')).status).toBe(200);
  });
});

/** How many of an exchange's events its progress records carried (the rest arrived after the last one). */
function liveEventCount(s: RemoteSession, id: string): number {
  return s.progress().reduce((n, p) => (p.id === id ? Math.max(n, p.eventsFrom + p.events.length) : n), 0);
}
