// `mcpscope call --auth oauth` against a real authorization server (the MCP SDK's auth router) and an MCP server that
// requires its tokens (test/fixtures/oauth-server.mjs): each client identity, the token cache, refresh, step-up, and
// a failure at each step with its explanation. The fixture logs REGISTER / AUTHORIZE / TOKEN lines: what it saw.
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtureStarter, OAUTH_FIXTURE, type RemoteServer } from '../helpers/remote-server.js';
import { runCli } from '../helpers/run-cli.js';

// The tests run side by side (each has its own fixture and token cache), so the fixtures stop when the file ends.
const fixture = fixtureStarter(OAUTH_FIXTURE);

const tool = (name: string) => ['--method', 'tools/call', '--params', JSON.stringify({ name, arguments: {} }), '--no-list'];
const oauthCall = (s: RemoteServer, dataDir: string, ...extra: string[]) =>
  runCli(['call', '--url', s.url('/mcp'), '--transport', 'http', '--auth', 'oauth', '--oauth-open', 'fetch', '--data-dir', dataDir, ...extra]);
const seen = (s: RemoteServer, what: string) =>
  s
    .output()
    .split('\n')
    .filter((l) => l.startsWith(what));
const freePort = () =>
  new Promise<number>((ok) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => ok(port));
    });
  });

describe.concurrent('mcpscope call --auth oauth against a real authorization server', () => {
  it('registers itself, authorizes with PKCE and the resource, and calls the tool; the next run reuses the cached token', async () => {
    const s = await fixture();
    const dir = mkdtempSync(join(tmpdir(), 'mcpscope-oauth-'));
    const first = await oauthCall(s, dir, ...tool('whoami'));
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/client \S+, scopes mcp:read/);
    expect(seen(s, 'REGISTER')).toHaveLength(1);
    expect(seen(s, 'AUTHORIZE')[0]).toContain(`resource=${s.url('/mcp')}`);
    const file = join(dir, 'oauth-tokens.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8')).servers[0].serverUrl).toBe(s.url('/mcp'));
    const second = await oauthCall(s, dir, ...tool('whoami'));
    expect(second.code, second.stderr).toBe(0);
    expect(seen(s, 'AUTHORIZE')).toHaveLength(1);
    expect(seen(s, 'TOKEN')).toHaveLength(1);
  });

  it('refreshes an expired token without a new authorization', async () => {
    const s = await fixture();
    const dir = mkdtempSync(join(tmpdir(), 'mcpscope-oauth-'));
    expect((await oauthCall(s, dir, ...tool('whoami'))).code).toBe(0);
    expect(seen(s, 'TOKEN refresh_token')).toHaveLength(0);
    // The server expires the cached token when told, not after a second of wall time a busy machine may outlast.
    expect((await fetch(s.url('/expire-tokens'), { method: 'POST' })).status).toBe(204);
    const again = await oauthCall(s, dir, ...tool('whoami'));
    expect(again.code, again.stderr).toBe(0);
    expect(seen(s, 'AUTHORIZE')).toHaveLength(1);
    expect(seen(s, 'TOKEN refresh_token')).toHaveLength(1);
  });

  it('steps up on 403 insufficient_scope, asking for the scope it had plus the one the challenge names', async () => {
    const s = await fixture();
    const run = await oauthCall(s, mkdtempSync(join(tmpdir(), 'mcpscope-oauth-')), '--no-token-cache', ...tool('admin'));
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('admin ok');
    const asked = seen(s, 'AUTHORIZE');
    expect(asked).toHaveLength(2);
    expect(asked[0]).toContain('scope=mcp:read ');
    expect(asked[1]).toContain('scope=mcp:read mcp:admin');
  });

  it('uses a pre-registered client with its secret (client_secret_post) and registers nothing', async () => {
    const port = await freePort();
    const s = await fixture({ OAUTH_PRECLIENT: `pre-client:pre-secret:http://127.0.0.1:${port}/oauth/callback` });
    const run = await oauthCall(
      s,
      mkdtempSync(join(tmpdir(), 'mcpscope-oauth-')),
      '--no-token-cache',
      '--client-id',
      'pre-client',
      '--client-secret',
      'pre-secret',
      '--callback-port',
      String(port),
      ...tool('whoami'),
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('client pre-client');
    expect(seen(s, 'REGISTER')).toHaveLength(0);
  });

  it('keeps cached tokens to the client identity that got them: a pre-registered client authorizes anew', async () => {
    const port = await freePort();
    const s = await fixture({ OAUTH_PRECLIENT: `pre-client:pre-secret:http://127.0.0.1:${port}/oauth/callback` });
    const dir = mkdtempSync(join(tmpdir(), 'mcpscope-oauth-'));
    const registered = await oauthCall(s, dir, ...tool('whoami'));
    expect(registered.code, registered.stderr).toBe(0);
    const pre = await oauthCall(s, dir, '--client-id', 'pre-client', '--client-secret', 'pre-secret', '--callback-port', String(port), ...tool('whoami'));
    expect(pre.code, pre.stderr).toBe(0);
    expect(pre.stdout).toContain('client pre-client');
    expect(seen(s, 'AUTHORIZE')).toHaveLength(2);
    expect(JSON.parse(readFileSync(join(dir, 'oauth-tokens.json'), 'utf8')).servers[0].identity).toBe('pre-registered pre-client');
  });

  it('uses a Client ID Metadata Document URL as the client id when the server supports it', async () => {
    const s = await fixture({ OAUTH_CIMD: '1' });
    const port = await freePort();
    const doc = s.url(`/client.json?redirect=${encodeURIComponent(`http://127.0.0.1:${port}/oauth/callback`)}`);
    const run = await oauthCall(
      s,
      mkdtempSync(join(tmpdir(), 'mcpscope-oauth-')),
      '--no-token-cache',
      '--callback-port',
      String(port),
      '--client-metadata-url',
      doc,
      ...tool('whoami'),
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`client ${doc}`);
    expect(seen(s, 'REGISTER')).toHaveLength(0);
  });

  it('refuses an authorization server that does not advertise PKCE S256, quoting the spec', async () => {
    const s = await fixture({ OAUTH_NO_S256: '1' });
    const run = await oauthCall(s, mkdtempSync(join(tmpdir(), 'mcpscope-oauth-')), '--no-token-cache', '--lint', ...tool('whoami'));
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('authorization failed at the server-metadata step');
    expect(run.stderr).toContain('MCP clients MUST refuse to proceed');
    expect(seen(s, 'AUTHORIZE')).toHaveLength(0);
    // The client's MUST is mcpscope's to keep; the server is graded by what binds it: RFC 9700's RECOMMENDED.
    expect(run.stderr).toContain('"ruleId":"auth/pkce-methods-missing","severity":"warning"');
  });

  it('says the authorization server refused when it redirects back with an error', async () => {
    const s = await fixture({ OAUTH_DENY: '1' });
    const run = await oauthCall(s, mkdtempSync(join(tmpdir(), 'mcpscope-oauth-')), '--no-token-cache', ...tool('whoami'));
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      'authorization failed at the authorization step: The authorization server refused: access_denied (the fixture refuses every authorization)',
    );
  });

  it("passes on the authorization endpoint's own error for a client it does not know", async () => {
    const s = await fixture();
    const run = await oauthCall(s, mkdtempSync(join(tmpdir(), 'mcpscope-oauth-')), '--no-token-cache', '--client-id', 'nobody', ...tool('whoami'));
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      'authorization failed at the authorization step: The authorization endpoint refused the request (400): invalid_client: Invalid client_id',
    );
  });

  it('starts no flow when the server cannot be reached at all: a plain connection error', async () => {
    const s = await fixture();
    const port = await freePort();
    const run = await runCli([
      'call',
      '--url',
      `http://127.0.0.1:${port}/mcp`,
      '--transport',
      'http',
      '--auth',
      'oauth',
      '--oauth-open',
      'fetch',
      '--no-token-cache',
      ...tool('whoami'),
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('connection refused');
    expect(seen(s, 'AUTHORIZE')).toHaveLength(0);
  });

  it('asks for a client credentials token with no person and no registration, and explains the refusal of a server without that grant', async () => {
    const s = await fixture({ OAUTH_PRECLIENT: 'pre-client:pre-secret:http://127.0.0.1:9/oauth/callback' });
    const run = await runCli([
      'call',
      '--url',
      s.url('/mcp'),
      '--transport',
      'http',
      '--auth',
      'oauth',
      '--grant',
      'client-credentials',
      '--client-id',
      'pre-client',
      '--client-secret',
      'pre-secret',
      '--no-token-cache',
      ...tool('whoami'),
    ]);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('authorization failed at the token step');
    expect(run.stderr).toContain('unsupported_grant_type');
    expect(seen(s, 'REGISTER')).toHaveLength(0);
    expect(seen(s, 'AUTHORIZE')).toHaveLength(0);
  });
});
