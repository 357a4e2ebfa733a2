import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RelayConfig, SessionInfo } from '../../shared/relay-protocol.js';
import { startRelay, type RelayHandle } from '../helpers/relay-process.js';
import { EVERYTHING_ON_LOOPBACK, startRemoteServer, type RemoteServer } from '../helpers/remote-server.js';
import { attachRemoteSession, headerOf, openRemoteSession } from '../helpers/remote-session.js';

let server: RemoteServer;
let relay: RelayHandle;

beforeAll(async () => {
  server = await startRemoteServer(EVERYTHING_ON_LOOPBACK, ['streamableHttp']);
  relay = await startRelay({ args: ['--url', server.url('/mcp'), '--transport', 'http'] });
});
afterAll(async () => {
  await relay?.stop();
  await server?.stop();
});

describe('the relay over Streamable HTTP, with server-everything', () => {
  it('carries initialize, tools/list and tools/call as POSTs from a session the CLI started with --url', async () => {
    const { body: config } = await relay.api<RelayConfig>('/api/config');
    expect(config.defaultTarget).toMatchObject({ transport: 'http', url: server.url('/mcp') });
    const s = await attachRemoteSession(relay, config.launchSessionId!);
    const init = await s.handshake();
    expect(init.serverInfo.name).toBeTruthy();
    expect(init.protocolVersion).toBe('2025-11-25');
    const list = await s.request(2, 'tools/list');
    expect(list.body.result.tools.map((t: { name: string }) => t.name)).toContain('echo');
    const call = await s.request(3, 'tools/call', { name: 'echo', arguments: { message: 'over HTTP' } });
    expect(call.body.result.content[0].text).toBe('Echo: over HTTP');

    const out = s.frames().filter((f) => f.dir === 'out');
    const posts = await s.sock.until(() => {
      const xs = s.exchanges().filter((x) => x.request.method === 'POST' && x.state !== 'open');
      return xs.length >= 4 ? xs : undefined;
    }, 'four finished POST exchanges');
    // Each message its own POST, linked to the frame it carried.
    expect(posts.map((x) => x.sentSeq)).toEqual(out.map((f) => f.seq));
    for (const x of posts) expect(headerOf(x.request.headers, 'accept')).toBe('application/json, text/event-stream');
    const [initX, initializedX, listX] = posts;
    expect(initX!.response).toMatchObject({ status: 200 });
    expect(headerOf(initX!.response!.headers, 'content-type')).toMatch(/text\/event-stream|application\/json/);
    expect(initX!.receivedSeqs).toContain(s.frames().find((f) => f.dir === 'in' && f.rpcId === '1')!.seq);
    expect(initializedX!.response!.status).toBe(202);

    // The session id from the initialize answer goes out again on every later request, with the protocol version.
    const sessionId = (await s.waitEvent('session-id')).sessionId as string;
    expect(headerOf(initX!.response!.headers, 'mcp-session-id')).toBe(sessionId);
    expect(headerOf(initX!.request.headers, 'mcp-session-id')).toBeUndefined();
    expect(headerOf(listX!.request.headers, 'mcp-session-id')).toBe(sessionId);
    expect(headerOf(listX!.request.headers, 'mcp-protocol-version')).toBe('2025-11-25');
    expect(headerOf(initX!.request.headers, 'mcp-protocol-version')).toBeUndefined();

    // After the handshake the standalone GET stream opens.
    const get = await s.waitExchange((x) => x.request.method === 'GET' && x.purpose === 'stream', 'the standalone GET stream');
    expect(get.response!.status).toBe(200);

    // Disconnecting ends the session with a DELETE.
    const stopped = await relay.api<SessionInfo>(`/api/sessions/${s.sid}/stop`, { method: 'POST' });
    expect(stopped.body).toMatchObject({ status: 'stopped', live: false });
    const del = await s.waitExchange((x) => x.request.method === 'DELETE', 'the DELETE');
    expect(headerOf(del.request.headers, 'mcp-session-id')).toBe(sessionId);
    expect(del.response!.status).toBe(200);
    await s.waitEvent('disconnected');
  });

  it('finds Streamable HTTP by itself with auto, and says so in the log', async () => {
    const s = await openRemoteSession(relay, { transport: 'auto', url: server.url('/mcp') });
    await s.handshake();
    expect(s.events('probe')[0]!.message).toMatch(/POST .* as Streamable HTTP/);
    expect((await s.waitEvent('transport-selected')).transport).toBe('http');
    expect(s.exchanges().find((x) => x.purpose === 'probe')!.response!.status).toBe(200);
    const list = await s.request(2, 'tools/list');
    expect(list.body.result.tools.length).toBeGreaterThan(0);
    await relay.api(`/api/sessions/${s.sid}/stop`, { method: 'POST' });
  });

  it('records a JSON-RPC error in a 4xx body as the message it is, and shows a dropped Accept header', async () => {
    const s = await openRemoteSession(relay, { transport: 'http', url: server.url('/mcp'), overrides: { dropAccept: true } });
    s.sock.send({ type: 'send', sessionId: s.sid, text: '{"jsonrpc":"2.0","id":1,"method":"ping"}' });
    // The SDK answers with id null: the transport cannot know which request it meant.
    const frame = await s.sock.frame(s.sid, (f) => f.dir === 'in', 'the 406 body');
    expect(frame.kind).toBe('error');
    expect(JSON.parse(frame.text).error.message).toMatch(/Not Acceptable/);
    const x = await s.waitExchange((e) => e.state === 'complete', 'the refused POST');
    expect(headerOf(x.request.headers, 'accept')).toBeUndefined();
    expect(x.response!.status).toBe(406);
    expect(x.receivedSeqs).toEqual([frame.seq]);
    await relay.api(`/api/sessions/${s.sid}/stop`, { method: 'POST' });
  });

  it('records a long SSE answer while it streams: its progress notifications are linked before the result arrives', async () => {
    const s = await openRemoteSession(relay, { transport: 'http', url: server.url('/mcp') });
    await s.handshake();
    const params = { name: 'trigger-long-running-operation', arguments: { duration: 2, steps: 4 }, _meta: { progressToken: 'live' } };
    s.sock.send({ type: 'send', sessionId: s.sid, text: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/call', params }) });
    const answer = await s.sock.frame(s.sid, (f) => f.dir === 'in' && f.rpcId === '9' && f.kind === 'response', 'the result', 30_000);
    const sentSeq = s.frames().find((f) => f.dir === 'out' && f.rpcId === '9')!.seq;
    const post = await s.waitExchange((x) => x.sentSeq === sentSeq && x.state === 'complete', 'the call POST to end');
    const deltas = s.frames().filter((f) => f.kind === 'http' && JSON.parse(f.text).state === 'progress' && JSON.parse(f.text).id === post.id);
    expect(deltas.length).toBeGreaterThan(0);
    // Deltas were recorded before the result, linking the notifications that came before it (after the priming event).
    const linking = deltas.filter((f) => JSON.parse(f.text).receivedSeqs.length > 0);
    expect(linking.length).toBeGreaterThan(0);
    expect(linking[0]!.seq).toBeLessThan(answer.seq);
    const early: number[] = JSON.parse(linking[0]!.text).receivedSeqs;
    for (const seq of early) expect(s.frames().find((f) => f.seq === seq)?.method).toBe('notifications/progress');
    // And together with the final record, nothing was lost or doubled.
    expect(post.receivedSeqs).toEqual(expect.arrayContaining(early));
    expect(post.receivedSeqs.at(-1)).toBe(answer.seq);
    await relay.api(`/api/sessions/${s.sid}/stop`, { method: 'POST' });
  });
});
