import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '../../shared/profiles/profile.js';
import type { SessionInfo } from '../../shared/relay-protocol.js';
import { driveSession } from '../helpers/demo-session.js';
import { DEMO_SERVER, startRelay, type RelayHandle } from '../helpers/relay-process.js';
import { REMOTE_FIXTURE, startRemoteServer, type RemoteServer } from '../helpers/remote-server.js';
import { openRemoteSession } from '../helpers/remote-session.js';
import { runCli } from '../helpers/run-cli.js';

const BEARER = 'fixture-bearer-0123456789abcdef';
const SECRET_ENV = 'hunter2-xyzzy-value';
/** Credentials a user pasted into tool arguments; the servers echo them back. */
const PASTED = {
  anthropic: 'sk-ant-api03-AAAAbbbbCCCCdddd1234',
  github: 'ghp_ABCDEFGHIJKLMNOPQRSTuvwxyz0123456789',
  aws: 'AKIAIOSFODNN7EXAMPLE',
  query: 'qs-secret-4242',
};
const ALL_SECRETS = [BEARER, SECRET_ENV, ...Object.values(PASTED)];

let remote: RemoteServer;
let relay: RelayHandle;
let httpSid: string;
let stdioSid: string;

async function download(path: string): Promise<string> {
  const res = await fetch(relay.base + path, { headers: { authorization: `Bearer ${relay.token}` } });
  expect(res.status, path).toBe(200);
  return res.text();
}

beforeAll(async () => {
  [remote, relay] = await Promise.all([startRemoteServer(REMOTE_FIXTURE, [], { FIXTURE_BEARER: BEARER }), startRelay()]);
  const s = await openRemoteSession(relay, { url: remote.url('/mcp'), transport: 'http', headers: { Authorization: `Bearer ${BEARER}` } });
  httpSid = s.sid;
  await s.handshake();
  const echoed = await s.request(2, 'tools/call', {
    name: 'echo',
    arguments: { message: `keys ${PASTED.anthropic} ${PASTED.github} https://x.test/?api_key=${PASTED.query} and the bearer ${BEARER}` },
  });
  expect(JSON.stringify(echoed.body)).toContain(PASTED.github);
  s.sock.close();
  await relay.api(`/api/sessions/${httpSid}/stop`, { method: 'POST' });

  const profile = await relay.api<Profile>('/api/profiles', {
    method: 'POST',
    body: JSON.stringify({
      name: 'demo with a secret',
      target: { transport: 'stdio', command: process.execPath, args: [DEMO_SERVER], env: { MY_SETTING: SECRET_ENV, UNITS: 'metric' } },
      secretEnv: ['MY_SETTING'],
    }),
  });
  expect(profile.status).toBe(201);
  expect(profile.body.target).toMatchObject({ env: { MY_SETTING: '••••••', UNITS: 'metric' } });
  const connected = await relay.api<SessionInfo>(`/api/profiles/${profile.body.id}/connect`, { method: 'POST', body: JSON.stringify({ handshake: false }) });
  expect(connected.status).toBe(201);
  stdioSid = connected.body.id;
  expect(connected.body.target).toMatchObject({ env: { MY_SETTING: '••••', UNITS: 'metric' } });
  await driveSession(relay, stdioSid, [
    JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '0' } },
    }),
    JSON.stringify({
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'echo', arguments: { text: `the setting is ${SECRET_ENV}, the key ${PASTED.aws}` } },
    }),
  ]);
  await relay.api(`/api/sessions/${stdioSid}/stop`, { method: 'POST' });
});

afterAll(async () => {
  await Promise.all([relay?.stop(), remote?.stop()]);
});

function expectNoSecrets(text: string, where: string) {
  for (const s of ALL_SECRETS) expect(text.includes(s), `${where} holds ${s}`).toBe(false);
}

describe('exports of sessions that carried secrets', () => {
  it('a bundle of a remote session with a bearer header holds neither the bearer nor the pasted keys', async () => {
    const text = await download(`/api/sessions/${httpSid}/bundle`);
    expectNoSecrets(text, 'the bundle');
    const bundle = JSON.parse(text);
    expect(bundle.header.redacted).toContain('header.Authorization');
    expect(bundle.header.target.headers).toEqual({ Authorization: '[REDACTED]' });
    expect(bundle.trailer.redactions).toBeGreaterThan(0);
    // What is left is still a usable transcript: the echo answer is there, minus the secrets.
    expect(text).toContain('keys [REDACTED] [REDACTED]');
  });

  it('a bundle of a stdio session started from a profile holds no secret env value', async () => {
    const text = await download(`/api/sessions/${stdioSid}/bundle`);
    expectNoSecrets(text, 'the bundle');
    const bundle = JSON.parse(text);
    expect(bundle.header.target.env).toEqual({ MY_SETTING: '[REDACTED]', UNITS: 'metric' });
    expect(bundle.header.redacted).toEqual(['env.MY_SETTING']);
    expect(text).toContain('the setting is [REDACTED], the key [REDACTED]');
  });

  it('the curl script, HAR log, stdio script and client-frame JSONL hold none of them either', async () => {
    const curl = await download(`/api/sessions/${httpSid}/repro/curl.sh`);
    expect(curl).toContain('-H "Authorization: $MCP_HEADER_AUTHORIZATION"');
    expectNoSecrets(curl, 'curl.sh');
    const har = await download(`/api/sessions/${httpSid}/repro/har.json`);
    expect(JSON.parse(har).log.entries.length).toBeGreaterThan(1);
    expectNoSecrets(har, 'har.json');
    const sh = await download(`/api/sessions/${stdioSid}/repro/stdio.sh`);
    expect(sh).toContain('MY_SETTING="$MCP_ENV_MY_SETTING"');
    expectNoSecrets(sh, 'stdio.sh');
    expectNoSecrets(await download(`/api/sessions/${stdioSid}/repro/client-frames.jsonl`), 'client-frames.jsonl');
  });

  it('a redacted remote bundle still replays with mcpscope replay once the bearer is supplied again', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'mcpscope-redacted-')), 'http.bundle.json');
    writeFileSync(file, await download(`/api/sessions/${httpSid}/bundle`));
    // A bundle's URL is a recipe from a file like any other: it connects only once confirmed (here by --yes).
    const without = await runCli(['replay', file, '--yes']);
    expect(without.stderr).toContain('the bundle redacted header.Authorization');
    expect(without.stderr).toContain('would connect to a server:');
    expect(without.stdout).toContain('~ ← answer to initialize #1');
    expect(without.code).toBe(1);
    const run = await runCli(['replay', file, '--header', `Authorization: Bearer ${BEARER}`, '--yes']);
    expect(run.stdout).toMatch(/^identical: /m);
    expect(run.code).toBe(0);
  });

  it('refuses a reproduction the transport cannot have', async () => {
    expect((await relay.api(`/api/sessions/${stdioSid}/repro/curl.sh`)).status).toBe(400);
    expect((await relay.api(`/api/sessions/${httpSid}/repro/stdio.sh`)).status).toBe(400);
  });
});
