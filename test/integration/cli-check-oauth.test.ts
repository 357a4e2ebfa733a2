// `mcpscope check --auth oauth` against the project's OAuth fixture (a real authorization server and an MCP server
// that requires its tokens, test/fixtures/oauth-server.mjs): the client credentials grant with a pre-registered client,
// one token for every scratch connection, a new one when it runs out, and a token cache from an earlier `call`.
// The fixture logs TOKEN / AUTHORIZE / REQUEST lines: what it saw.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CheckReport } from '../../shared/check/index.js';
import { fixtureStarter, OAUTH_FIXTURE, type RemoteServer } from '../helpers/remote-server.js';
import { runCli } from '../helpers/run-cli.js';

const fixture = fixtureStarter(OAUTH_FIXTURE);
const CREDENTIALS = { OAUTH_PRECLIENT: 'pre-client:pre-secret:http://127.0.0.1:9/cb', OAUTH_CLIENT_CREDENTIALS: '1' };
const CLIENT = ['--auth', 'oauth', '--grant', 'client-credentials', '--client-id', 'pre-client', '--client-secret', 'pre-secret'];
const seen = (s: RemoteServer, what: string) =>
  s
    .output()
    .split('\n')
    .filter((l) => l.startsWith(what));
const check = async (s: RemoteServer, ...flags: string[]) => {
  const run = await runCli(['check', '--json', '--no-robustness', ...flags, '--url', s.url('/mcp'), '--transport', 'http']);
  return { ...run, report: JSON.parse(run.stdout || 'null') as CheckReport | null };
};
const status = (r: CheckReport, id: string) => r.results.find((x) => x.id === id)?.status;

describe.concurrent('mcpscope check --auth oauth', () => {
  it('grades a protected server with the client credentials grant, every scratch connection on the one token', async () => {
    const s = await fixture(CREDENTIALS);
    const run = await check(s, ...CLIENT, '--no-token-cache', '--allow-tools', 'whoami');
    // The fixture serves a foreign Origin (http/origin-403 fails): graded, not "could not run".
    expect(run.code, run.stderr).toBe(1);
    const r = run.report!;
    expect(r.results.filter((x) => x.status === 'fail').map((x) => x.id)).toEqual(['http/origin-403']);
    for (const id of ['lifecycle/initialize-result', 'lifecycle/ping', 'tools/list', 'tools/call']) expect(status(r, id), id).toBe('pass');
    // Several connections (the check's own, unsupported-version…), one token request, and nothing authorized by a person.
    expect(r.sessions.length).toBeGreaterThanOrEqual(2);
    expect(seen(s, 'TOKEN')).toEqual(['TOKEN client_credentials pre-client']);
    expect(seen(s, 'AUTHORIZE')).toHaveLength(0);
    // The secret and the token stay out of the report and the logs.
    for (const secret of ['pre-secret', ...seen(s, 'SECRET').map((l) => l.slice(7))]) expect(run.stdout + run.stderr).not.toContain(secret);
  }, 120_000);

  it('gets a new token when the one it has is refused part-way, and the run goes on', async () => {
    // Each token is good for 4 MCP requests: the run needs several, each connection taking up the newest.
    const s = await fixture({ ...CREDENTIALS, OAUTH_TOKEN_USES: '4' });
    const run = await check(s, ...CLIENT, '--no-token-cache', '--allow-tools', 'whoami', '--only', 'lifecycle,tools');
    expect(run.code, run.stderr).toBe(0);
    expect(run.report!.results.filter((x) => x.status === 'fail')).toEqual([]);
    const tokens = seen(s, 'TOKEN client_credentials').length;
    expect(tokens).toBeGreaterThan(1);
    // Fewer than one per request: each token served its 4 before the next was asked for.
    expect(tokens).toBeLessThanOrEqual(Math.ceil(seen(s, 'REQUEST POST /mcp').length / 4) + 1);
  }, 120_000);

  it('uses the token an earlier `call --auth oauth` cached in the data dir, with no new authorization', async () => {
    const s = await fixture();
    const dir = mkdtempSync(join(tmpdir(), 'mcpscope-check-oauth-'));
    const call = await runCli([
      'call',
      '--url',
      s.url('/mcp'),
      '--transport',
      'http',
      '--auth',
      'oauth',
      '--oauth-open',
      'fetch',
      '--data-dir',
      dir,
      '--method',
      'tools/list',
    ]);
    expect(call.code, call.stderr).toBe(0);
    expect(seen(s, 'AUTHORIZE')).toHaveLength(1);
    const run = await check(s, '--auth', 'oauth', '--oauth-open', 'fetch', '--data-dir', dir, '--only', 'lifecycle,tools');
    expect(run.code, run.stderr).toBe(0);
    expect(status(run.report!, 'lifecycle/initialize-result')).toBe('pass');
    expect(seen(s, 'AUTHORIZE')).toHaveLength(1);
    expect(seen(s, 'TOKEN')).toHaveLength(1);
  }, 120_000);

  it('refuses the OAuth options without --auth, and --auth with a stdio server or a config file, before starting anything', async () => {
    for (const args of [
      ['--client-id', 'x', '--url', 'http://127.0.0.1:9/mcp'],
      ['--auth', 'oauth', '--', process.execPath, '-e', '0'],
      ['--auth', 'oauth', '--config', 'mcp.json'],
    ]) {
      const run = await runCli(['check', ...args]);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toMatch(/--(client-id|auth)[^\n]* go(es)? with/);
    }
  });
});
