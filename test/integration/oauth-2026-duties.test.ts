// The 2026-07-28 authorization MUSTs, kept by `mcpscope call --auth oauth` against a real authorization server
// (test/fixtures/oauth-server.mjs on 127.0.0.1): application_type in registration, iss checked (RFC 9207) and required
// when advertised, re-registration when the protected resource names another authorization server. Each only in the
// era that has it: the same fixture spoken to in 2025-11-25 shows the older behaviour.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '../helpers/free-port.js';
import { fixtureStarter, OAUTH_FIXTURE, type RemoteServer } from '../helpers/remote-server.js';
import { runCli } from '../helpers/run-cli.js';

const fixture = fixtureStarter(OAUTH_FIXTURE);

const WHOAMI = ['--method', 'tools/call', '--params', '{"name":"whoami","arguments":{}}', '--no-list'];
/** 2026-07-28 first (server/discover), falling back to initialize: the fixture is an SDK 1.x server behind OAuth. */
const MODERN = ['--protocol', '2026-07-28', '--era', 'auto'];
const newDir = () => mkdtempSync(join(tmpdir(), 'mcpscope-oauth-'));
const oauthCall = (s: RemoteServer, dataDir: string, ...extra: string[]) =>
  runCli(['call', '--url', s.url('/mcp'), '--auth', 'oauth', '--oauth-open', 'fetch', '--data-dir', dataDir, ...extra, ...WHOAMI]);
const lines = (s: RemoteServer, prefix: string) =>
  s
    .output()
    .split('\n')
    .filter((l) => l.startsWith(prefix));
const tokenRequests = (s: RemoteServer) => lines(s, 'REQUEST POST /token');
/** The lint findings `call --lint` printed (one JSON line each), as [rule, severity]. */
const findings = (run: { stdout: string; stderr: string }) =>
  `${run.stdout}\n${run.stderr}`
    .split('\n')
    .filter((l) => l.startsWith('{"ruleId"'))
    .map((l) => JSON.parse(l) as { ruleId: string; severity: string })
    .map((f) => [f.ruleId, f.severity]);

describe.concurrent('the 2026-07-28 authorization duties of mcpscope as an OAuth client', () => {
  it('registers with application_type "native" in 2026-07-28 and accepts a redirect whose iss is the recorded issuer', async () => {
    const s = await fixture({ OAUTH_ISS_SUPPORTED: '1', OAUTH_ISS: 'correct' });
    const run = await oauthCall(s, newDir(), '--no-token-cache', ...MODERN);
    expect(run.code, run.stderr).toBe(0);
    expect(lines(s, 'REGISTRATION-BODY')).toEqual(['REGISTRATION-BODY application_type=native']);
    expect(tokenRequests(s)).toHaveLength(1);
  });

  it('says what it registered as when a server refuses the registration for its application_type', async () => {
    const s = await fixture({ OAUTH_REFUSE_NATIVE: '1' });
    const run = await oauthCall(s, newDir(), '--no-token-cache', ...MODERN);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('authorization failed at the client step: Dynamic client registration failed');
    expect(run.stderr).toContain('native clients are not accepted here');
    expect(run.stderr).toContain('It said application_type "native", as "MCP clients MUST specify an appropriate application_type');
    expect(lines(s, 'AUTHORIZE')).toEqual([]);
  });

  it('sends no application_type in 2025-11-25, where the sentence does not exist', async () => {
    const s = await fixture();
    const run = await oauthCall(s, newDir(), '--no-token-cache');
    expect(run.code, run.stderr).toBe(0);
    expect(lines(s, 'REGISTRATION-BODY')).toEqual(['REGISTRATION-BODY application_type=(none)']);
  });

  it('rejects an authorization response without iss when the server advertised it (2026-07-28), before the token request', async () => {
    const s = await fixture({ OAUTH_ISS_SUPPORTED: '1' });
    const run = await oauthCall(s, newDir(), '--no-token-cache', ...MODERN);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('authorization failed at the authorization step');
    expect(run.stderr).toContain('advertises authorization_response_iss_parameter_supported, but its redirect carried no iss');
    expect(run.stderr).toContain('MCP clients MUST apply the validation in RFC9207 Section 2.4 before transmitting the authorization code');
    expect(lines(s, 'AUTHORIZE')).toHaveLength(1);
    expect(tokenRequests(s)).toEqual([]);
  });

  it('accepts the same response in 2025-11-25, whose authorization section has no such rule; lint still names the server’s MUST', async () => {
    const s = await fixture({ OAUTH_ISS_SUPPORTED: '1' });
    const run = await oauthCall(s, newDir(), '--no-token-cache', '--lint');
    expect(run.code, run.stderr).toBe(0);
    expect(tokenRequests(s)).toHaveLength(1);
    expect(findings(run)).toEqual([['auth/iss-missing', 'error']]);
  });

  it('lints an iss the metadata does not advertise, on a flow that otherwise succeeds', async () => {
    const s = await fixture({ OAUTH_ISS: 'correct' });
    const run = await oauthCall(s, newDir(), '--no-token-cache', '--lint');
    expect(run.code, run.stderr).toBe(0);
    expect(findings(run)).toEqual([['auth/iss-not-advertised', 'error']]);
  });

  it('lints authorization server metadata whose issuer is not the URL it was read from (RFC 8414 §3.3)', async () => {
    const s = await fixture({ OAUTH_ISSUER: 'https://login.victim.example' });
    const run = await oauthCall(s, newDir(), '--no-token-cache', '--lint');
    expect(run.code).toBe(2);
    expect(findings(run)).toEqual([['auth/metadata-issuer-mismatch', 'error']]);
  });

  it('rejects an iss from another issuer even when the server never advertised iss, and does not read its error', async () => {
    const s = await fixture({ OAUTH_ISS: 'wrong', OAUTH_DENY: '1' });
    const run = await oauthCall(s, newDir(), '--no-token-cache');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("The redirect's iss (https://evil.example) is not the issuer recorded for this flow");
    // The denial text came with a foreign iss: nothing it says is shown (RFC 9207 §2.4).
    expect(run.stderr).not.toContain('the fixture refuses every authorization');
    expect(tokenRequests(s)).toEqual([]);
  });

  it('compares iss as a string: the issuer without its trailing slash is another issuer', async () => {
    const s = await fixture({ OAUTH_ISS_SUPPORTED: '1', OAUTH_ISS: 'normalized' });
    const run = await oauthCall(s, newDir(), '--no-token-cache', '--lint', ...MODERN);
    // (Only auth/ findings here: mcpscope's own 2026 POSTs are item 5 of issue 31, not this file's.)
    expect(findings(run).filter(([rule]) => rule!.startsWith('auth/'))).toEqual([['auth/iss-mismatch', 'error']]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`The redirect's iss (${s.url('')}) is not the issuer recorded for this flow (${s.url('/')})`);
    expect(run.stderr).toContain('They differ only by URL normalization, which does not count');
    expect(tokenRequests(s)).toEqual([]);
  });

  it('registers again, and never offers the old client, when the resource moves to another authorization server between runs', async () => {
    const s = await fixture();
    const dir = newDir();
    const first = await oauthCall(s, dir);
    expect(first.code, first.stderr).toBe(0);
    const [firstId] = lines(s, 'REGISTER ').map((l) => l.split(' ')[1]);
    await fetch(s.url('/switch-as'), { method: 'POST' });
    await s.waitOutput(/SWITCHED /);

    const second = await oauthCall(s, dir);
    expect(second.code, second.stderr).toBe(0);
    const ids = lines(s, 'REGISTER ').map((l) => l.split(' ')[1]);
    expect(ids).toHaveLength(2);
    expect(ids[1]).not.toBe(firstId);
    expect(lines(s, 'AUTHORIZE').at(-1)).toContain(`AUTHORIZE ${ids[1]} `);
    // The old client id and its refresh token never reached the new authorization server.
    expect(lines(s, 'FOREIGN-CLIENT')).toEqual([]);
    expect(lines(s, 'TOKEN refresh_token')).toEqual([]);
    expect(second.stdout).toContain(`client ${ids[1]}`);
  });

  it('stops (2026-07-28) rather than offer a pre-registered client to the authorization server the resource moved to', async () => {
    const port = await freePort();
    const s = await fixture({ OAUTH_PRECLIENT: `pre-client:pre-secret:http://127.0.0.1:${port}/oauth/callback` });
    const dir = newDir();
    const pre = ['--client-id', 'pre-client', '--client-secret', 'pre-secret', '--callback-port', String(port), ...MODERN];
    const first = await oauthCall(s, dir, ...pre);
    expect(first.code, first.stderr).toBe(0);
    await fetch(s.url('/switch-as'), { method: 'POST' });
    await s.waitOutput(/SWITCHED /);

    const second = await oauthCall(s, dir, ...pre);
    expect(second.code).toBe(2);
    expect(second.stderr).toContain('authorization failed at the client step');
    expect(second.stderr).toContain(
      `now names the authorization server ${s.url('/as2')}, but the pre-registered client pre-client was used with ${s.url('/')}`,
    );
    expect(second.stderr).toContain('clients SHOULD surface an error rather than silently attempting to use mismatched credentials');
    expect(lines(s, 'AUTHORIZE')).toHaveLength(1);
  });
});
