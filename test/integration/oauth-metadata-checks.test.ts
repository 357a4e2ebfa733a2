// OAuth metadata that must not be used (RFC 8414 §3.3, RFC 9728 §3.3, MCP's https rule), served by a real
// authorization server fixture on 127.0.0.1 (test/fixtures/oauth-server.mjs): `mcpscope call --auth oauth` stops the
// flow with the broken sentence quoted, and the fixture's request log shows nothing was sent past the bad document.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtureStarter, OAUTH_FIXTURE, type RemoteServer } from '../helpers/remote-server.js';
import { runCli } from '../helpers/run-cli.js';

// The tests run side by side (each has its own fixture and token cache), so the fixtures stop when the file ends.
const fixture = fixtureStarter(OAUTH_FIXTURE);

const WHOAMI = ['--method', 'tools/call', '--params', '{"name":"whoami","arguments":{}}', '--no-list'];
/** An authorization code flow that approves without a person (`extra` replaces that with other OAuth flags). */
const oauthCall = (s: RemoteServer, ...extra: string[]) =>
  runCli([
    'call',
    '--url',
    s.url('/mcp'),
    '--transport',
    'http',
    '--auth',
    'oauth',
    '--no-token-cache',
    '--data-dir',
    mkdtempSync(join(tmpdir(), 'mcpscope-oauth-')),
    ...(extra.length ? extra : ['--oauth-open', 'fetch']),
    ...WHOAMI,
  ]);
/** The requests the fixture saw, as `METHOD /path`. */
const requests = (s: RemoteServer) =>
  s
    .output()
    .split('\n')
    .filter((l) => l.startsWith('REQUEST '))
    .map((l) => l.slice('REQUEST '.length));
/** Registration, authorization and token requests: none may follow a document that must not be used. */
const pastMetadata = (s: RemoteServer) => requests(s).filter((r) => /^(POST \/register|GET \/authorize|POST \/authorize|POST \/token)$/.test(r));

const RFC_8414 =
  'The "issuer" value returned MUST be identical to the authorization server\'s issuer identifier value into which the well-known URI string was inserted';
const RFC_9728_CHALLENGE = 'then the "resource" value returned MUST be identical to the URL that the client used to make the request to the resource server';
const HTTPS = '"All authorization server endpoints MUST be served over HTTPS."';

describe.concurrent('OAuth metadata that must not be used stops the flow before any token request', () => {
  it('goes all the way on honest metadata served over loopback http (the control for the cases below)', async () => {
    const s = await fixture();
    const run = await oauthCall(s);
    expect(run.code, run.stderr).toBe(0);
    expect(requests(s)).toContain('POST /token');
    expect(pastMetadata(s)).toContain('POST /register');
  });

  it('refuses authorization server metadata whose issuer is not the URL it was fetched for (RFC 8414 §3.3)', async () => {
    const s = await fixture({ OAUTH_ISSUER: 'https://login.victim.example' });
    const run = await oauthCall(s);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('authorization failed at the server-metadata step');
    expect(run.stderr).toContain(`says its issuer is https://login.victim.example: "${RFC_8414}`);
    expect(run.stderr).toContain('the data contained in the response MUST NOT be used." (RFC 8414 §3.3)');
    expect(requests(s)).toContain('GET /.well-known/oauth-authorization-server');
    expect(pastMetadata(s)).toEqual([]);
  });

  it('does not sign a client assertion or send a secret for a foreign issuer with the client credentials grant', async () => {
    const s = await fixture({ OAUTH_ISSUER: 'https://login.victim.example' });
    const run = await oauthCall(s, '--grant', 'client-credentials', '--client-id', 'robot', '--client-secret', 'robot-secret-4711');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('authorization failed at the server-metadata step');
    expect(run.stderr).toContain('(RFC 8414 §3.3)');
    expect(requests(s)).not.toContain('POST /token');
  });

  it('refuses resource metadata that names another resource than the server it was asked for (RFC 9728 §3.3)', async () => {
    const s = await fixture({ OAUTH_PRM_RESOURCE: 'https://api.victim.example/mcp' });
    const run = await oauthCall(s);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('authorization failed at the resource-metadata step');
    expect(run.stderr).toContain(`names the resource https://api.victim.example/mcp, not ${s.url('/mcp')}`);
    expect(run.stderr).toContain(RFC_9728_CHALLENGE);
    expect(run.stderr).toContain('(RFC 9728 §3.3; §7.3 says why: it stops impersonation)');
    // Not even the authorization server's metadata is asked for.
    expect(requests(s).filter((r) => r.includes('oauth-authorization-server') || r.includes('openid-configuration'))).toEqual([]);
    expect(pastMetadata(s)).toEqual([]);
  });

  it('refuses a resource that is only a parent of the server: the rule says identical, not a prefix', async () => {
    const s = await fixture({ OAUTH_PRM_RESOURCE: '/' });
    const run = await oauthCall(s);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`names the resource ${s.url('/')}, not ${s.url('/mcp')}`);
    expect(pastMetadata(s)).toEqual([]);
  });

  it('refuses an authorization server on plain http that is not loopback, before sending it anything (MCP https rule)', async () => {
    const s = await fixture({ OAUTH_PRM_AS: 'http://login.example.invalid/' });
    const run = await oauthCall(s);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('authorization failed at the resource-metadata step');
    expect(run.stderr).toContain(
      `names the authorization server http://login.example.invalid/: http://login.example.invalid/ is served over http, not https, on a host that is not loopback. ${HTTPS}`,
    );
    expect(pastMetadata(s)).toEqual([]);
  });

  it('refuses authorization server metadata that lists a plain-http endpoint on a remote host (MCP https rule)', async () => {
    const s = await fixture({ OAUTH_TOKEN_ENDPOINT: 'http://tokens.example.invalid/token' });
    const run = await oauthCall(s);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('authorization failed at the server-metadata step');
    expect(run.stderr).toContain(`token_endpoint http://tokens.example.invalid/token is served over http, not https, on a host that is not loopback. ${HTTPS}`);
    expect(pastMetadata(s)).toEqual([]);
  });
});
