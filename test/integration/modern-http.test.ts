// The 2026-07-28 HTTP transport against a real SDK v2 server: discovery, the per-request headers, input_required,
// cancellation by closing a stream, subscriptions/listen, and a server that never answers.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModernHttpTransport } from '../../server/transports/modern-http-transport.js';
import { engineOver } from '../helpers/engine-over.js';
import { FIXTURES, waitFor } from '../helpers/relay-process.js';
import { startRemoteServer, type RemoteServer } from '../helpers/remote-server.js';
import { headerOf } from '../helpers/remote-session.js';

const SDK_V2 = join(FIXTURES, 'sdk-v2-server.mjs');
let server: RemoteServer;
beforeAll(async () => {
  server = await startRemoteServer(SDK_V2);
});
afterAll(async () => {
  await server?.stop();
});

const modern = (path = '/mcp', timeoutMs?: number) =>
  new ModernHttpTransport({ url: server.url(path), headers: {}, maxMessageBytes: 1 << 20, ...(timeoutMs ? { headersTimeoutMs: timeoutMs } : {}) });

type Exchanges = ReturnType<Awaited<ReturnType<typeof engineOver>>['done']>;
/** The final records of the POSTs, in the order their requests went out. */
function posts(xs: Exchanges): Exchanges {
  return [...xs].sort((a, b) => (a.sentSeq ?? 0) - (b.sentSeq ?? 0));
}

describe('2026-07-28 HTTP with the SDK v2 server', () => {
  it('discovers, lists and calls with the modern era, every POST carrying the 2026 headers', async () => {
    const c = await engineOver(modern());
    const conn = await c.engine.connect({ era: 'modern' });
    expect(conn).toMatchObject({ era: 'modern', protocolVersion: '2026-07-28', serverInfo: { name: 'sdk-v2-fixture' } });
    const list = await c.engine.request('tools/list', {});
    const names = (list.result as { tools: Array<{ name: string }> }).tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['echo', 'route', 'slow', 'confirm']));
    // route's `region` is marked x-mcp-header: the server refuses the call unless Mcp-Param-Region mirrors it.
    const routed = await c.engine.request('tools/call', { name: 'route', arguments: { region: 'eu-west', count: 2 } });
    expect(routed.result).toMatchObject({ content: [{ type: 'text', text: 'routed to eu-west x2' }] });
    const odd = await c.engine.request('tools/call', { name: 'route', arguments: { region: ' zürich ' } });
    expect(odd.result).toMatchObject({ content: [{ text: 'routed to  zürich ' }] });

    const xs = posts(await waitFor(() => (c.done().length >= 4 ? c.done() : undefined), 'four finished exchanges'));
    expect(xs).toHaveLength(4);
    for (const x of xs) {
      expect(x.request.method).toBe('POST');
      expect(headerOf(x.request.headers, 'mcp-protocol-version')).toBe('2026-07-28');
      expect(headerOf(x.request.headers, 'mcp-session-id')).toBeUndefined();
    }
    expect(headerOf(xs[0]!.request.headers, 'mcp-method')).toBe('server/discover');
    expect(headerOf(xs[1]!.request.headers, 'mcp-method')).toBe('tools/list');
    expect(headerOf(xs[1]!.request.headers, 'mcp-name')).toBeUndefined();
    const call = xs[2]!;
    expect(headerOf(call.request.headers, 'mcp-method')).toBe('tools/call');
    expect(headerOf(call.request.headers, 'mcp-name')).toBe('route');
    expect(headerOf(call.request.headers, 'mcp-param-region')).toBe('eu-west');
    expect(call.response!.status).toBe(200);
    expect(call.receivedSeqs.length).toBe(1);
    // A value with edge spaces and non-ASCII text travels Base64-wrapped, as the spec says.
    expect(headerOf(xs[3]!.request.headers, 'mcp-param-region')).toBe(`=?base64?${Buffer.from(' zürich ').toString('base64')}?=`);
    await c.close();
    expect(c.events.at(-1)).toMatchObject({ event: 'disconnected', transport: 'http-2026' });
  });

  it('answers an input_required result through the engine and retries', async () => {
    const c = await engineOver(modern());
    c.engine.handle('elicitation/create', () => ({ action: 'accept', content: { confirm: true } }));
    await c.engine.connect({ era: 'modern' });
    const r = await c.engine.request('tools/call', { name: 'confirm', arguments: { action: 'deploy' } });
    expect(r.result).toMatchObject({ content: [{ text: 'deploy: confirmed' }] });
    const calls = c.sent.map((t) => JSON.parse(t) as { method?: string; params?: { inputResponses?: unknown } }).filter((m) => m.method === 'tools/call');
    expect(calls).toHaveLength(2);
    expect(calls[1]!.params!.inputResponses).toMatchObject({ ok: { action: 'accept' } });
    await c.close();
  });

  it('cancels a request by closing its stream, and sends no notifications/cancelled', async () => {
    const c = await engineOver(modern());
    await c.engine.connect({ era: 'modern' });
    const progress: unknown[] = [];
    const slow = c.engine.begin('tools/call', { name: 'slow', arguments: { ms: 60_000 } }, { onProgress: (p) => progress.push(p) });
    await waitFor(() => progress.length >= 2, 'progress on the stream', 20_000);
    const open = c.exchanges.find((x) => x.state === 'open');
    expect(open).toBeDefined();
    await slow.cancel('enough');
    await expect(slow.response).rejects.toMatchObject({ code: 'CANCELLED' });
    const ev = await c.event('request-cancelled');
    expect(ev).toMatchObject({ requestId: String(slow.id), exchange: open!.id });
    const closed = await waitFor(() => c.done().find((x) => x.id === open!.id), 'the cancelled exchange to finish');
    expect(closed.state).toBe('aborted');
    // The server saw its request's signal abort: the stream closing is the cancellation.
    await waitFor(() => server.output().includes('CANCELLED slow'), 'the server to see the cancellation', 20_000);
    expect(c.done().some((x) => x.request.body?.includes('notifications/cancelled'))).toBe(false);
    expect(c.events.filter((e) => e.event === 'error')).toEqual([]);
    await c.close();
  });

  it('cancels a request still waiting for its JSON answer by aborting its POST', async () => {
    const c = await engineOver(modern());
    await c.engine.connect({ era: 'modern' });
    const count = (word: string) => server.output().split(word).length - 1;
    const [started, cancelled] = [count('STARTED slow'), count('CANCELLED slow')];
    // No progress token: the server answers with one JSON body at the end, so no response headers arrive before it.
    const slow = c.engine.begin('tools/call', { name: 'slow', arguments: { ms: 60_000 } });
    const settled = slow.response.catch((e: unknown) => e);
    await waitFor(() => count('STARTED slow') > started, 'the server to start the call', 20_000);
    expect(c.exchanges.some((x) => x.request.body?.includes('"slow"'))).toBe(false);
    await slow.cancel();
    expect(await settled).toMatchObject({ code: 'CANCELLED' });
    const ev = await c.event('request-cancelled');
    expect(ev.requestId).toBe(String(slow.id));
    const x = await waitFor(() => c.done().find((e) => e.request.body?.includes('"slow"')), 'the aborted exchange');
    expect(x).toMatchObject({ state: 'aborted', response: null, error: { code: 'ABORTED' } });
    await waitFor(() => count('CANCELLED slow') > cancelled, 'the server to see the cancellation', 20_000);
    expect(c.events.filter((e) => e.event === 'error')).toEqual([]);
    await c.close();
  });

  it('keeps a subscriptions/listen stream open and delivers resource updates on it', async () => {
    const c = await engineOver(modern());
    await c.engine.connect({ era: 'modern' });
    const listen = c.engine.begin('subscriptions/listen', { notifications: { resourceSubscriptions: ['memo://counter'] } });
    const ended = listen.response.catch((e: unknown) => e);
    await waitFor(() => c.received.find((t) => t.includes('notifications/subscriptions/acknowledged')), 'the acknowledgement');
    await c.engine.request('tools/call', { name: 'bump', arguments: {} });
    const update = await waitFor(() => c.received.find((t) => t.includes('notifications/resources/updated')), 'the update');
    expect(JSON.parse(update).params.uri).toBe('memo://counter');
    const stream = c.exchanges.find((x) => x.state === 'open' && x.request.body?.includes('subscriptions/listen'));
    expect(headerOf(stream!.request.headers, 'mcp-method')).toBe('subscriptions/listen');
    await listen.cancel();
    expect(await ended).toMatchObject({ code: 'CANCELLED' });
    await waitFor(() => c.done().find((x) => x.id === stream!.id && x.state === 'aborted'), 'the listen stream closed');
    await c.close();
  });

  it('gives up on a server that never answers after the configured wait, saying how to change it', async () => {
    const t = modern('/hang', 400);
    const c = await engineOver(t, 20_000);
    const pending = c.engine.request('server/discover', {});
    const err = await c.event('error');
    expect(err).toMatchObject({
      code: 'TIMEOUT',
      message: expect.stringMatching(/no response from 127\.0\.0\.1:\d+ within 400 ms \(the wait can be set with --http-timeout\)/),
    });
    expect(c.done()[0]).toMatchObject({ state: 'failed', response: null, error: { code: 'TIMEOUT' } });
    expect(t.alive).toBe(true);
    await c.close();
    await expect(pending).rejects.toMatchObject({ code: 'CONNECTION_CLOSED' });
  });
});
