// The engine's modern and auto eras end to end against real servers: SDK v2 over stdio and over HTTP with the `auto`
// transport (which must find 2026-07-28 HTTP and say how), and server-everything, where auto must fall back.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AutoTransport } from '../../server/transports/auto-transport.js';
import { StdioTransport } from '../../server/transports/stdio-transport.js';
import { engineOver } from '../helpers/engine-over.js';
import { FIXTURES } from '../helpers/relay-process.js';
import { EVERYTHING_ON_LOOPBACK, startRemoteServer, type RemoteServer } from '../helpers/remote-server.js';
import { headerOf } from '../helpers/remote-session.js';

const SDK_V2 = join(FIXTURES, 'sdk-v2-server.mjs');
let v2: RemoteServer;
let v2sse: RemoteServer;
let everything: RemoteServer;
beforeAll(async () => {
  [v2, v2sse, everything] = await Promise.all([
    startRemoteServer(SDK_V2),
    startRemoteServer(SDK_V2, ['--sse']),
    startRemoteServer(EVERYTHING_ON_LOOPBACK, ['streamableHttp']),
  ]);
});
afterAll(async () => {
  await Promise.all([v2?.stop(), v2sse?.stop(), everything?.stop()]);
});

const stdioV2 = () => new StdioTransport({ command: process.execPath, args: [SDK_V2, '--stdio'], env: {}, graceMs: 1000 });
const auto = (url: string) => new AutoTransport({ url, headers: {}, maxMessageBytes: 1 << 20 });
const toolNames = (r: { result?: unknown }) => (r.result as { tools: Array<{ name: string }> }).tools.map((t) => t.name);

describe('the modern era over stdio, with the SDK v2 server', () => {
  it('discovers, lists, calls and answers input_required with era modern', async () => {
    const c = await engineOver(stdioV2());
    c.engine.handle('elicitation/create', () => ({ action: 'accept', content: { confirm: false } }));
    const conn = await c.engine.connect({ era: 'modern' });
    expect(conn).toMatchObject({ era: 'modern', protocolVersion: '2026-07-28', serverInfo: { name: 'sdk-v2-fixture' } });
    expect(conn.serverCapabilities).toMatchObject({ tools: {}, resources: { subscribe: true } });
    expect(toolNames(await c.engine.request('tools/list', {}))).toContain('echo');
    const echo = await c.engine.request('tools/call', { name: 'echo', arguments: { message: 'over stdio' } });
    expect(echo.result).toMatchObject({ content: [{ text: 'echo: over stdio' }], resultType: 'complete' });
    const asked = await c.engine.request('tools/call', { name: 'confirm', arguments: { action: 'wipe' } });
    expect(asked.result).toMatchObject({ content: [{ text: 'wipe: declined' }] });
    // No handshake in the modern era: every request carried the protocol _meta instead.
    const out = c.sent.map((t) => JSON.parse(t) as { method?: string; params?: { _meta?: Record<string, unknown> } });
    expect(out.some((m) => m.method === 'initialize')).toBe(false);
    for (const m of out.filter((m) => m.method)) expect(m.params!._meta!['io.modelcontextprotocol/protocolVersion']).toBe('2026-07-28');
    await c.close();
  });

  it('settles on the modern era with era auto, the probe recorded', async () => {
    const c = await engineOver(stdioV2());
    const conn = await c.engine.connect({ era: 'auto' });
    expect(conn.era).toBe('modern');
    expect(conn.probe).toMatchObject({ outcome: 'modern' });
    expect(toolNames(await c.engine.request('tools/list', {}))).toContain('slow');
    await c.close();
  });
});

describe('the auto transport', () => {
  it('finds 2026-07-28 HTTP for a server/discover, and says so in probe events', async () => {
    const c = await engineOver(auto(v2.url('/mcp')));
    const conn = await c.engine.connect({ era: 'auto' });
    expect(conn).toMatchObject({ era: 'modern', probe: { outcome: 'modern' } });
    const selected = await c.event('transport-selected');
    expect(selected).toMatchObject({ transport: 'http-2026', reason: expect.stringMatching(/2026-07-28 request with a result/) });
    expect(c.events.find((e) => e.event === 'probe')).toMatchObject({ message: expect.stringMatching(/as 2026-07-28 HTTP/) });
    const routed = await c.engine.request('tools/list', {}).then(() => c.engine.request('tools/call', { name: 'route', arguments: { region: 'ap' } }));
    expect(routed.result).toMatchObject({ content: [{ text: 'routed to ap' }] });
    const call = c.done().find((x) => x.request.body?.includes('"route"'));
    expect(call!.purpose).toBe('message');
    expect(headerOf(call!.request.headers, 'mcp-param-region')).toBe('ap');
    expect(c.done()[0]!.purpose).toBe('probe');
    await c.close();
  });

  it('finds 2026-07-28 HTTP when the probe is answered on an SSE stream, delivering the answer once', async () => {
    const c = await engineOver(auto(v2sse.url('/mcp')));
    const conn = await c.engine.connect({ era: 'auto' });
    expect(conn).toMatchObject({ era: 'modern', probe: { outcome: 'modern' } });
    expect(await c.event('transport-selected')).toMatchObject({ transport: 'http-2026' });
    expect(c.received.filter((t) => t.includes('supportedVersions'))).toHaveLength(1);
    const probe = c.done().find((x) => x.purpose === 'probe')!;
    expect(headerOf(probe.response!.headers, 'content-type')).toMatch(/text\/event-stream/);
    expect(probe.receivedSeqs).toHaveLength(1);
    expect(toolNames(await c.engine.request('tools/list', {}))).toContain('echo');
    await c.close();
  });

  it('takes the legacy path with a legacy first message, even to a server that also speaks 2026', async () => {
    const c = await engineOver(auto(v2.url('/mcp')));
    const conn = await c.engine.connect({ era: 'legacy', protocolVersion: '2025-11-25' });
    expect(conn.era).toBe('legacy');
    expect(await c.event('transport-selected')).toMatchObject({ transport: 'http' });
    expect(toolNames(await c.engine.request('tools/list'))).toContain('route');
    await c.close();
  });

  it('falls back from 2026-07-28 to Streamable HTTP for a legacy server, without a second answer to the probe', async () => {
    const c = await engineOver(auto(everything.url('/mcp')));
    const conn = await c.engine.connect({ era: 'auto', probeTimeoutMs: 3000 });
    expect(conn.era).toBe('legacy');
    const notModern = c.events.find((e) => e.event === 'probe' && /not a 2026-07-28 server/.test(e.message));
    expect(notModern).toMatchObject({ status: 400 });
    expect(await c.event('transport-selected')).toMatchObject({ transport: 'http' });
    expect(toolNames(await c.engine.request('tools/list'))).toContain('echo');
    // The 2026 attempt's answer stays in its exchange: the engine got one answer to server/discover (the Streamable one).
    const modernProbe = c.done().find((x) => x.purpose === 'probe' && headerOf(x.request.headers, 'mcp-method') === 'server/discover');
    expect(modernProbe!.receivedSeqs).toEqual([]);
    expect(c.received.filter((t) => t.includes('Server not initialized')).length).toBe(1);
    await c.close();
  });
});
