// `mcpscope call` against the SDK v2 server: the modern era over 2026-07-28 HTTP and over stdio, --http-timeout,
// and https with an untrusted, then trusted, self-signed certificate.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES } from '../helpers/relay-process.js';
import { startRemoteServer, type RemoteServer } from '../helpers/remote-server.js';
import { runCli } from '../helpers/run-cli.js';

const SDK_V2 = join(FIXTURES, 'sdk-v2-server.mjs');
const call = (args: string[], env: Record<string, string> = {}) => runCli(['call', ...args], env);
const toolNames = (stdout: string) => (JSON.parse(stdout) as { tools: Array<{ name: string }> }).tools.map((t) => t.name);

let http: RemoteServer;
let tls: RemoteServer;
let certDir: string;
beforeAll(async () => {
  // A throwaway self-signed certificate for 127.0.0.1, made for this run and never committed.
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
  [http, tls] = await Promise.all([startRemoteServer(SDK_V2), startRemoteServer(SDK_V2, ['--tls', join(certDir, 'key.pem'), join(certDir, 'cert.pem')])]);
});
afterAll(async () => {
  await Promise.all([http?.stop(), tls?.stop()]);
  if (certDir) rmSync(certDir, { recursive: true, force: true });
});

describe('mcpscope call with a 2026-07-28 server', () => {
  it('prints the tools with --era modern --url (auto transport)', async () => {
    const run = await call(['--era', 'modern', '--method', 'tools/list', '--url', http.url('/mcp')]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(toolNames(run.stdout)).toEqual(expect.arrayContaining(['echo', 'route', 'slow', 'confirm', 'bump']));
  });

  it('calls a tool over --transport http-2026', async () => {
    const run = await call([
      '--era',
      'modern',
      '--transport',
      'http-2026',
      '--method',
      'tools/call',
      '--params',
      '{"name":"echo","arguments":{"message":"hi"}}',
      '--url',
      http.url('/mcp'),
    ]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ content: [{ type: 'text', text: 'echo: hi' }] });
  });

  it('learns Mcp-Param headers from the tools/list it sends first; with --no-list the server refuses and it says how to give one', async () => {
    const params = '{"name":"route","arguments":{"region":"eu"}}';
    const learned = await call(['--era', 'modern', '--method', 'tools/call', '--params', params, '--url', http.url('/mcp')]);
    expect(learned.code, learned.stderr).toBe(0);
    expect(JSON.parse(learned.stdout)).toMatchObject({ content: [{ text: 'routed to eu' }] });
    expect(learned.stderr).toMatch(/listed the tools first \(\d+ in 1 page\)/);
    const refused = await call(['--era', 'modern', '--method', 'tools/call', '--params', params, '--no-list', '--url', http.url('/mcp')]);
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stdout)).toMatchObject({ error: { code: -32020 } });
    expect(refused.stderr).toMatch(/warning: the server wants the Mcp-Param-Region header .*--header 'Mcp-Param-Region: …'/);
    const given = await call([
      '--era',
      'modern',
      '--method',
      'tools/call',
      '--params',
      params,
      '--no-list',
      '--header',
      'Mcp-Param-Region: eu',
      '--url',
      http.url('/mcp'),
    ]);
    expect(given.code).toBe(0);
    expect(JSON.parse(given.stdout)).toMatchObject({ content: [{ text: 'routed to eu' }] });
  });

  it('prints the tools with --era modern over stdio', async () => {
    const run = await call(['--era', 'modern', '--method', 'tools/list', '--', process.execPath, SDK_V2, '--stdio']);
    expect(run.code).toBe(0);
    expect(toolNames(run.stdout)).toContain('route');
  });

  it('exits 2 when the server never answers within --http-timeout, naming the wait', async () => {
    const run = await call(['--era', 'modern', '--http-timeout', '500', '--method', 'tools/list', '--url', http.url('/hang')]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/no response from 127\.0\.0\.1:\d+ within 500 ms \(the wait can be set with --http-timeout\)/);
  });

  it('refuses an untrusted certificate with a clear TLS error, and connects once the certificate is trusted', async () => {
    const args = ['--era', 'modern', '--method', 'tools/list', '--url', tls.url('/mcp').replace('http:', 'https:')];
    const refused = await call(args);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/TLS error with 127\.0\.0\.1:\d+: self-signed certificate; if you trust it, start mcpscope with NODE_EXTRA_CA_CERTS=/);
    const trusted = await call(args, { NODE_EXTRA_CA_CERTS: join(certDir, 'cert.pem') });
    expect(trusted.code).toBe(0);
    expect(toolNames(trusted.stdout)).toContain('echo');
  });
});
