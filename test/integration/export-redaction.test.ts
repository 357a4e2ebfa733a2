// Every export is free of every secret planted in a recipe: flag values (`--password V`, `--token=V`, `--api-key V`),
// credential-shaped arguments, env values (named like a key, and marked secret), header values, a URL's password and a
// secret query value. Two real sessions (the demo server over stdio, the remote fixture over HTTP on 127.0.0.1) carry
// them and echo them back; profiles are saved from them; then every export path runs: profile export in each client's
// format, the API's profile view, bundles, client frames, stdio and curl scripts, HAR, `mcpscope call --bundle`, and
// the check report as Markdown and JUnit (CLI and Conformance tab). Only `secrets=include` writes them, and all of them.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkMarkdown } from '../../shared/check/check-report.js';
import type { CheckReport } from '../../shared/check/check-types.js';
import { CONFIG_FLAVORS } from '../../shared/profiles/format-mcp-config.js';
import type { Profile } from '../../shared/profiles/profile.js';
import type { FrameRecord, SessionInfo } from '../../shared/relay-protocol.js';
import { driveSession } from '../helpers/demo-session.js';
import { DEMO_SERVER, startRelay, type RelayHandle } from '../helpers/relay-process.js';
import { REMOTE_FIXTURE, startRemoteServer, type RemoteServer } from '../helpers/remote-server.js';
import { openRemoteSession } from '../helpers/remote-session.js';
import { runCli } from '../helpers/run-cli.js';
import { shareText } from '../helpers/share-file.js';

/** Distinct, and none a part of another, so a hit names the place that leaked. */
const STDIO = {
  password: 'pw-SEKRET1-f3a9c0',
  token: 'tok-SEKRET2-8c1d55',
  apiKeyFlag: 'ak-SEKRET3-77e0b2',
  openaiShaped: 'sk-SEKRETsk0aaaabbbbccccdddd',
  githubShaped: 'ghp_SEKRETgh0AAAABBBBCCCCDDDD1234',
  envNamed: 'env-SEKRET4-2b6f91',
  envMarked: 'env-SEKRET4m-9d0c3e',
};
const REMOTE = {
  bearer: 'bearer-SEKRET5-4e1a7d',
  apiKeyHeader: 'hdr-SEKRET6-a5c3e8',
  urlPassword: 'url-SEKRET7-0f7b2c',
  query: 'qs-SEKRET8-6d2e4a',
};
const ALL = { ...STDIO, ...REMOTE };

const stdioArgs = [
  DEMO_SERVER,
  '--password',
  STDIO.password,
  `--token=${STDIO.token}`,
  '--api-key',
  STDIO.apiKeyFlag,
  STDIO.openaiShaped,
  STDIO.githubShaped,
  '--units',
  'metric',
];
const stdioEnv = { API_KEY: STDIO.envNamed, MY_SETTING: STDIO.envMarked, LOG_LEVEL: 'debug' };
let remote: RemoteServer;
let relay: RelayHandle;
let stdioSid: string;
let httpSid: string;
let remoteUrl: string;

async function download(path: string): Promise<string> {
  const res = await fetch(relay.base + path, { headers: { authorization: `Bearer ${relay.token}` } });
  expect(res.status, path).toBe(200);
  return res.text();
}

/** Each planted value the text holds, as `what (value)`. */
const leaks = (text: string, secrets: Record<string, string> = ALL) =>
  Object.entries(secrets)
    .filter(([, v]) => text.includes(v))
    .map(([k, v]) => `${k} (${v})`);

beforeAll(async () => {
  [remote, relay] = await Promise.all([startRemoteServer(REMOTE_FIXTURE), startRelay()]);

  // stdio: a profile marks MY_SETTING secret; connecting it starts a session with every kind of stdio secret.
  const p0 = await relay.api<Profile>('/api/profiles', {
    method: 'POST',
    body: JSON.stringify({
      name: 'planted stdio',
      target: { transport: 'stdio', command: process.execPath, args: stdioArgs, env: stdioEnv },
      secretEnv: ['MY_SETTING'],
    }),
  });
  expect(p0.status).toBe(201);
  const connected = await relay.api<SessionInfo>(`/api/profiles/${p0.body.id}/connect`, { method: 'POST', body: JSON.stringify({ handshake: false }) });
  expect(connected.status).toBe(201);
  stdioSid = connected.body.id;
  await driveSession(relay, stdioSid, [
    JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '0' } },
    }),
    JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'echo', arguments: { text: `echoed: ${Object.values(STDIO).join(' ')}` } } }),
  ]);

  // remote: userinfo password, a secret query parameter and two credential headers.
  const url = new URL(remote.url('/mcp'));
  url.username = 'alice';
  url.password = REMOTE.urlPassword;
  url.search = `?api_key=${REMOTE.query}&region=eu`;
  remoteUrl = url.href;
  const s = await openRemoteSession(relay, {
    url: remoteUrl,
    transport: 'http',
    headers: { Authorization: `Bearer ${REMOTE.bearer}`, 'X-Api-Key': REMOTE.apiKeyHeader },
  });
  httpSid = s.sid;
  await s.handshake();
  const echoed = await s.request(2, 'tools/call', { name: 'echo', arguments: { message: `echoed: ${Object.values(REMOTE).join(' ')}` } });
  expect(JSON.stringify(echoed.body)).toContain(REMOTE.query);
  s.sock.close();

  // "Save current connection as profile", from both: the relay still holds the real values, so the profiles do too.
  for (const sid of [stdioSid, httpSid]) {
    const saved = await relay.api<{ profile: Profile; missing: string[] }>(`/api/sessions/${sid}/profile`, { method: 'POST', body: '{}' });
    expect(saved.status).toBe(201);
    expect(saved.body.missing).toEqual([]);
  }
}, 120_000);

afterAll(async () => {
  await Promise.all([relay?.stop(), remote?.stop()]);
});

describe('profile exports', () => {
  it.each(CONFIG_FLAVORS)('the %s config holds no planted secret, but the command, the plain arguments and the host', async (format) => {
    const text = await download(`/api/profiles/export?format=${format}`);
    expect(leaks(text)).toEqual([]);
    const out = JSON.parse(text) as { text: string; warnings: string[] };
    expect(out.text).toContain(JSON.stringify(process.execPath).slice(1, -1));
    expect(out.text).toContain('demo-server.js');
    expect(out.text).toContain('"--password"');
    expect(out.text).toContain('"--units"');
    expect(out.text).toContain(`alice:`);
    expect(out.text).toContain(`127.0.0.1:${remote.port}/mcp?api_key=`);
    expect(out.text).toContain('region=eu');
    expect(out.text).toContain('"LOG_LEVEL"');
    // What only its shape gave away cannot become a variable: the warning says to put it back by hand.
    expect(out.warnings.some((w) => /arg\.6 looked like a credential/.test(w))).toBe(true);
  });

  it('the Cursor config names a variable for each secret, flag values and the URL password included', async () => {
    const { text } = JSON.parse(await download('/api/profiles/export?format=cursor')) as { text: string };
    const servers = (
      JSON.parse(text) as { mcpServers: Record<string, { args?: string[]; env?: Record<string, string>; url?: string; headers?: Record<string, string> }> }
    ).mcpServers;
    const stdio = servers['planted stdio']!;
    expect(stdio.args).toEqual([
      DEMO_SERVER,
      '--password',
      '${env:PASSWORD}',
      '--token=${env:TOKEN}',
      '--api-key',
      '${env:API_KEY_2}',
      '[REDACTED]',
      '[REDACTED]',
      '--units',
      'metric',
    ]);
    expect(stdio.env).toEqual({ API_KEY: '${env:API_KEY}', MY_SETTING: '${env:MY_SETTING}', LOG_LEVEL: 'debug' });
    const http = Object.values(servers).find((e) => e.url !== undefined)!;
    expect(http.url).toBe(`http://alice:\${env:URL_PASSWORD}@127.0.0.1:${remote.port}/mcp?api_key=\${env:API_KEY}&region=eu`);
    expect(http.headers).toEqual({ Authorization: '${env:AUTHORIZATION}', 'X-Api-Key': '${env:X_API_KEY}' });
  });

  it.each(CONFIG_FLAVORS)('the %s config with secrets=include writes every planted secret as it is', async (format) => {
    const { text } = JSON.parse(await download(`/api/profiles/export?format=${format}&secrets=include`)) as { text: string };
    expect(Object.keys(ALL).filter((k) => !text.includes(ALL[k as keyof typeof ALL]))).toEqual([]);
  });

  it('the API shows the saved profiles with no planted secret', async () => {
    const text = await download('/api/profiles');
    expect(leaks(text)).toEqual([]);
    expect((JSON.parse(text) as Profile[]).length).toBe(3);
  });
});

describe('session exports', () => {
  it.each([
    ['the stdio bundle', () => `/api/sessions/${stdioSid}/bundle`, 'demo-server.js'],
    ['the stdio client frames', () => `/api/sessions/${stdioSid}/repro/client-frames.jsonl`, 'echoed: '],
    ['the stdio script', () => `/api/sessions/${stdioSid}/repro/stdio.sh`, 'demo-server.js'],
    ['the remote bundle', () => `/api/sessions/${httpSid}/bundle`, '127.0.0.1'],
    ['the remote client frames', () => `/api/sessions/${httpSid}/repro/client-frames.jsonl`, 'echoed: '],
    ['the curl script', () => `/api/sessions/${httpSid}/repro/curl.sh`, '127.0.0.1'],
    ['the HAR log', () => `/api/sessions/${httpSid}/repro/har.json`, '127.0.0.1'],
  ])('%s holds no planted secret, and what is not secret is still there', async (_what, path, kept) => {
    const text = await download(path());
    expect(leaks(text)).toEqual([]);
    expect(text).toContain(kept);
  });

  it('the share file (Share → HTML file) of each session holds no planted secret, in its page or its decoded data', async () => {
    for (const [sid, kept] of [
      [stdioSid, 'demo-server.js'],
      [httpSid, '127.0.0.1'],
    ] as const) {
      const html = await download(`/api/sessions/${sid}/share`);
      const data = shareText(html);
      expect(leaks(html)).toEqual([]);
      expect(leaks(data)).toEqual([]);
      expect(data).toContain(kept);
      expect(data).toContain('echoed: ');
    }
  });

  it("mcpscope export --html of the stdio session, from the relay's data dir, holds no planted secret", async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'mcpscope-export-redaction-')), 'stdio.html');
    const run = await runCli(['export', stdioSid, '--html', '-o', file, '--data-dir', relay.dataDir]);
    expect(run.code, run.stderr).toBe(0);
    const html = readFileSync(file, 'utf8');
    expect(leaks(html, STDIO)).toEqual([]);
    expect(leaks(shareText(html), STDIO)).toEqual([]);
    expect(shareText(html)).toContain('echoed: ');
  });

  it('the bundles say which parts of the recipe they redacted', async () => {
    const stdio = JSON.parse(await download(`/api/sessions/${stdioSid}/bundle`)) as { header: { redacted: string[]; target: { args: string[] } } };
    expect(stdio.header.redacted).toEqual(expect.arrayContaining(['env.API_KEY', 'env.MY_SETTING', 'arg.2', 'arg.3', 'arg.5', 'arg.6', 'arg.7']));
    expect(stdio.header.target.args.slice(1)).toEqual([
      '--password',
      '[REDACTED]',
      '--token=[REDACTED]',
      '--api-key',
      '[REDACTED]',
      '[REDACTED]',
      '[REDACTED]',
      '--units',
      'metric',
    ]);
    const http = JSON.parse(await download(`/api/sessions/${httpSid}/bundle`)) as { header: { redacted: string[]; target: { url: string } } };
    expect(http.header.redacted).toEqual(expect.arrayContaining(['header.Authorization', 'header.X-Api-Key', 'url']));
    expect(http.header.target.url).toBe(`http://alice:[REDACTED]@127.0.0.1:${remote.port}/mcp?api_key=[REDACTED]&region=eu`);
  });

  it('the recording shows the remote URL with its password and secret query value masked, in exchanges and events', async () => {
    const { body } = await relay.api<{ frames: FrameRecord[] }>(`/api/sessions/${httpSid}/frames?afterSeq=0&limit=1000`);
    const urls = body.frames.flatMap((f) =>
      f.kind === 'http' || f.kind === 'event' ? [...f.text.matchAll(/"(?:url|endpoint)":"([^"]*)"/g)].map((m) => m[1]!) : [],
    );
    expect(urls.length).toBeGreaterThan(1);
    for (const url of urls) expect(url).toBe(`http://alice:••••@127.0.0.1:${remote.port}/mcp?api_key=[REDACTED]&region=eu`);
    const { body: session } = await relay.api<SessionInfo>(`/api/sessions/${httpSid}`);
    expect(leaks(JSON.stringify(session))).toEqual([]);
  });

  it('the check report as Markdown, from the Conformance tab, holds no planted secret', async () => {
    for (const sid of [stdioSid, httpSid]) {
      const run = await relay.api<CheckReport>(`/api/sessions/${sid}/check`, {
        method: 'POST',
        body: JSON.stringify({ only: ['lifecycle'], robustness: false }),
      });
      expect(run.status).toBe(200);
      expect(run.body.results.length).toBeGreaterThan(0);
      expect(leaks(JSON.stringify(run.body))).toEqual([]);
      expect(leaks(checkMarkdown(run.body))).toEqual([]);
    }
  }, 120_000);
});

describe('command-line exports', () => {
  const planted = ['--env', `API_KEY=${STDIO.envNamed}`, '--', process.execPath, ...stdioArgs];
  const remoteFlags = () => [
    '--url',
    remoteUrl,
    '--transport',
    'http',
    '--header',
    `Authorization: Bearer ${REMOTE.bearer}`,
    '--header',
    `X-Api-Key: ${REMOTE.apiKeyHeader}`,
  ];

  it('mcpscope call --bundle writes bundles with no planted secret', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpscope-export-redaction-'));
    const stdioRun = await runCli(['call', '--method', 'ping', '--bundle', join(dir, 'stdio.bundle.json'), ...planted]);
    expect(stdioRun.code, stdioRun.stderr).toBe(0);
    const stdio = readFileSync(join(dir, 'stdio.bundle.json'), 'utf8');
    expect(leaks(stdio)).toEqual([]);
    expect(stdio).toContain('--password');
    const remoteRun = await runCli(['call', '--method', 'ping', '--bundle', join(dir, 'http.bundle.json'), ...remoteFlags()]);
    expect(remoteRun.code, remoteRun.stderr).toBe(0);
    const http = readFileSync(join(dir, 'http.bundle.json'), 'utf8');
    expect(leaks(http)).toEqual([]);
    expect(http).toContain(`127.0.0.1:${remote.port}`);
  }, 120_000);

  it('mcpscope check --markdown - prints a report, and --junit writes one, with no planted secret', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpscope-export-redaction-'));
    for (const target of [planted, remoteFlags()]) {
      const junit = join(dir, `${target === planted ? 'stdio' : 'http'}.xml`);
      const run = await runCli(['check', '--markdown', '-', '--junit', junit, '--only', 'lifecycle', '--no-robustness', ...target]);
      expect(run.stdout).toMatch(/^## mcpscope check (✅ passed|❌ failed)/);
      expect(leaks(run.stdout + run.stderr)).toEqual([]);
      const xml = readFileSync(junit, 'utf8');
      expect(xml).toContain('<testsuite');
      expect(leaks(xml)).toEqual([]);
    }
  }, 120_000);
});
