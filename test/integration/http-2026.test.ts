// The relay over 2026-07-28 HTTP with the SDK v2 server: every POST recorded as an `http` frame with the 2026 headers
// and linked to the frames it carried, `auto` choosing it in the log, and a TLS failure reported without a crash.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RelayConfig } from '../../shared/relay-protocol.js';
import { FIXTURES, startRelay, type RelayHandle } from '../helpers/relay-process.js';
import { startRemoteServer, type RemoteServer } from '../helpers/remote-server.js';
import { attachRemoteSession, headerOf, openRemoteSession } from '../helpers/remote-session.js';

const SDK_V2 = join(FIXTURES, 'sdk-v2-server.mjs');
const META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };

let server: RemoteServer;
let tls: RemoteServer;
let relay: RelayHandle;
let certDir: string;
beforeAll(async () => {
  certDir = mkdtempSync(join(tmpdir(), 'mcpscope-tls-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      join(certDir, 'key.pem'),
      '-out',
      join(certDir, 'cert.pem'),
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  [server, tls] = await Promise.all([startRemoteServer(SDK_V2), startRemoteServer(SDK_V2, ['--tls', join(certDir, 'key.pem'), join(certDir, 'cert.pem')])]);
  relay = await startRelay({ args: ['--url', server.url('/mcp'), '--transport', 'http-2026', '--http-timeout', '60000'] });
});
afterAll(async () => {
  await relay?.stop();
  await Promise.all([server?.stop(), tls?.stop()]);
  if (certDir) rmSync(certDir, { recursive: true, force: true });
});

describe('the relay over 2026-07-28 HTTP, with the SDK v2 server', () => {
  it('records each POST as an http frame with the 2026 headers, linked to the frames it carried', async () => {
    const { body: config } = await relay.api<RelayConfig>('/api/config');
    expect(config.defaultTarget).toMatchObject({ transport: 'http-2026', url: server.url('/mcp'), timeoutMs: 60000 });
    const s = await attachRemoteSession(relay, config.launchSessionId!);
    expect((await s.waitEvent('connected')).transport).toBe('http-2026');
    const discover = await s.request(1, 'server/discover', { _meta: META });
    expect(discover.body.result.supportedVersions).toContain('2026-07-28');
    await s.request(2, 'tools/list', { _meta: META });
    const call = await s.request(3, 'tools/call', { name: 'route', arguments: { region: 'us' }, _meta: META });
    expect(call.body.result.content[0].text).toBe('routed to us');

    const posts = await s.sock.until(() => {
      const xs = s.exchanges().filter((x) => x.state === 'complete');
      return xs.length >= 3 ? xs : undefined;
    }, 'three finished POSTs');
    const out = s.frames().filter((f) => f.dir === 'out');
    expect(posts.map((x) => x.sentSeq)).toEqual(out.map((f) => f.seq));
    expect(posts.map((x) => headerOf(x.request.headers, 'mcp-method'))).toEqual(['server/discover', 'tools/list', 'tools/call']);
    for (const x of posts) {
      expect(x.request.method).toBe('POST');
      expect(headerOf(x.request.headers, 'mcp-protocol-version')).toBe('2026-07-28');
      expect(x.response!.status).toBe(200);
    }
    expect(headerOf(posts[2]!.request.headers, 'mcp-name')).toBe('route');
    expect(headerOf(posts[2]!.request.headers, 'mcp-param-region')).toBe('us');
    expect(posts[2]!.receivedSeqs).toEqual([call.frame.seq]);
    // Stateless: no GET stream, no DELETE, no session id.
    expect(s.exchanges().some((x) => x.request.method !== 'POST')).toBe(false);
    expect(s.events('session-id')).toEqual([]);
    await relay.api(`/api/sessions/${s.sid}/stop`, { method: 'POST' });
  });

  it('shows the server refusing a call whose Mcp-Param header it cannot get, and says why', async () => {
    const s = await openRemoteSession(relay, { transport: 'http-2026', url: server.url('/mcp') });
    // No tools/list in this session: the transport cannot know that `region` belongs in a header.
    const call = await s.request(1, 'tools/call', { name: 'route', arguments: { region: 'us' }, _meta: META });
    expect(call.body.error.code).toBe(-32020);
    const warning = await s.waitEvent('warning', (e) => e.code === 'MCP_PARAM_HEADER');
    expect(warning.message).toMatch(/Mcp-Param-Region.*list the tools first/);
    await relay.api(`/api/sessions/${s.sid}/stop`, { method: 'POST' });
  });

  it('picks 2026-07-28 HTTP with auto for a server/discover, the probe in the log', async () => {
    const s = await openRemoteSession(relay, { transport: 'auto', url: server.url('/mcp') });
    await s.request(1, 'server/discover', { _meta: META });
    expect(s.events('probe')[0]!.message).toMatch(/as 2026-07-28 HTTP/);
    expect((await s.waitEvent('transport-selected')).transport).toBe('http-2026');
    expect(s.exchanges().find((x) => x.purpose === 'probe')!.response!.status).toBe(200);
    await relay.api(`/api/sessions/${s.sid}/stop`, { method: 'POST' });
  });

  it('reports an untrusted certificate as a TLS error in the log, and the relay carries on', async () => {
    const s = await openRemoteSession(relay, { transport: 'http-2026', url: tls.url('/mcp').replace('http:', 'https:') });
    s.sock.send({ type: 'send', sessionId: s.sid, text: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: META } }) });
    const err = await s.waitEvent('error');
    expect(err).toMatchObject({
      code: 'DEPTH_ZERO_SELF_SIGNED_CERT',
      message: expect.stringMatching(/TLS error with 127\.0\.0\.1:\d+: self-signed certificate/),
    });
    expect(s.exchanges().at(-1)).toMatchObject({ state: 'failed', response: null, error: { code: 'DEPTH_ZERO_SELF_SIGNED_CERT' } });
    expect((await relay.api('/api/config')).status).toBe(200);
    await relay.api(`/api/sessions/${s.sid}/stop`, { method: 'POST' });
  });
});
