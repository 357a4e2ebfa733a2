// Secrets stay secret: a credential given by flag, env, header and URL reaches the server it is for, and nowhere else:
// not the store's files, the API's session views, bundles, HAR, curl or stdio scripts. The data dir is the user's alone,
// a saved profile's secret lives only in the 0600 secrets file, and the relay's token never reaches a server.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '../../shared/profiles/profile.js';
import type { FrameRecord, RelayConfig, SessionInfo } from '../../shared/relay-protocol.js';
import { driveSession } from '../helpers/demo-session.js';
import { DEMO_SERVER, startRelay, type RelayHandle } from '../helpers/relay-process.js';
import { REMOTE_FIXTURE, startRemoteServer, type RemoteServer } from '../helpers/remote-server.js';
import { openRemoteSession } from '../helpers/remote-session.js';

const S = {
  flag: 'flag-secret-7c1e9a0b',
  flagEq: 'flag-eq-secret-52d0f4',
  env: 'env-secret-a93b1c77',
  header: 'header-secret-0e6d2f91',
  url: 'url-pass-3b8c5e12',
  profile: 'profile-secret-44d9aa07',
};
const SECRETS = Object.values(S);

let remote: RemoteServer;
let relay: RelayHandle;
let stdioSid: string;
let stdioPid: number;
let httpSid: string;

async function text(path: string): Promise<string> {
  const res = await fetch(relay.base + path, { headers: { authorization: `Bearer ${relay.token}` } });
  expect(res.status, path).toBe(200);
  return res.text();
}

const leaks = (where: string, body: string) => SECRETS.filter((s) => body.includes(s)).map((s) => `${where}: ${s}`);

/** Every file under `dir`, as bytes. */
function files(dir: string): Array<[string, Buffer]> {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((p) => statSync(p).isFile())
    .map((p) => [p, readFileSync(p)]);
}

beforeAll(async () => {
  remote = await startRemoteServer(REMOTE_FIXTURE);
  relay = await startRelay({
    args: ['--env', `MY_API_KEY=${S.env}`],
    command: [process.execPath, DEMO_SERVER, '--api-key', S.flag, `--client-secret=${S.flagEq}`],
  });
  const { body: config } = await relay.api<RelayConfig>('/api/config');
  stdioSid = config.launchSessionId!;
  stdioPid = (await relay.api<SessionInfo>(`/api/sessions/${stdioSid}`)).body.pid!;
  await driveSession(relay, stdioSid, [
    JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '0' } },
    }),
    JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' }),
  ]);

  const url = new URL(remote.url('/mcp'));
  url.username = 'alice';
  url.password = S.url;
  const s = await openRemoteSession(relay, { url: url.href, transport: 'http', headers: { 'X-Custom-Auth': S.header } });
  httpSid = s.sid;
  await s.handshake();
  s.sock.close();
  await relay.api(`/api/sessions/${httpSid}/stop`, { method: 'POST' });

  const profile = await relay.api<Profile>('/api/profiles', {
    method: 'POST',
    body: JSON.stringify({
      name: 'with a key',
      target: { transport: 'stdio', command: process.execPath, args: [DEMO_SERVER], env: { SERVICE_API_KEY: S.profile } },
    }),
  });
  expect(profile.status).toBe(201);
});

afterAll(async () => {
  await relay?.stop();
  await remote?.stop();
});

describe('secrets given by flag, env, header and URL', () => {
  it('reach the server: the child has the env value it was given, and not the relay token', () => {
    const environ = readFileSync(`/proc/${stdioPid}/environ`, 'latin1').split('\0');
    expect(environ).toContain(`MY_API_KEY=${S.env}`);
    expect(environ.some((e) => e.startsWith('MCPSCOPE_TOKEN='))).toBe(false);
    const argv = readFileSync(`/proc/${stdioPid}/cmdline`, 'latin1').split('\0');
    expect(argv).toContain(S.flag);
  });

  it('are absent from the API: sessions, config, history and frames; names and spawned events are masked', async () => {
    const found: string[] = [];
    for (const path of [
      '/api/sessions',
      `/api/sessions/${stdioSid}`,
      `/api/sessions/${httpSid}`,
      '/api/config',
      '/api/session-history',
      `/api/sessions/${stdioSid}/frames`,
      `/api/sessions/${httpSid}/frames`,
    ]) {
      found.push(...leaks(path, await text(path)));
    }
    expect(found).toEqual([]);
    const { body: info } = await relay.api<SessionInfo>(`/api/sessions/${stdioSid}`);
    expect(info.name).toBe('node demo-server.js --api-key [REDACTED] --client-secret=[REDACTED]');
    expect(info.target).toMatchObject({ env: { MY_API_KEY: '••••' } });
    const { body } = await relay.api<{ frames: FrameRecord[] }>(`/api/sessions/${stdioSid}/frames`);
    const spawned = JSON.parse(body.frames.find((f) => f.kind === 'event' && f.method === 'spawned')!.text);
    expect(spawned.args.slice(1)).toEqual(['--api-key', '[REDACTED]', '--client-secret=[REDACTED]']);
  });

  it('are absent from bundles, HAR, curl and stdio scripts', async () => {
    const found: string[] = [];
    for (const path of [
      `/api/sessions/${stdioSid}/bundle`,
      `/api/sessions/${stdioSid}/repro/stdio.sh`,
      `/api/sessions/${stdioSid}/repro/client-frames.jsonl`,
      `/api/sessions/${httpSid}/bundle`,
      `/api/sessions/${httpSid}/repro/curl.sh`,
      `/api/sessions/${httpSid}/repro/har.json`,
    ]) {
      found.push(...leaks(path, await text(path)));
    }
    expect(found).toEqual([]);
  });

  it('a saved profile keeps its secret in the secrets file only, and the API shows it masked', async () => {
    const { body } = await relay.api<Profile[]>('/api/profiles');
    expect(body[0]!.target).toMatchObject({ env: { SERVICE_API_KEY: '••••••' } });
    const secrets = readFileSync(join(relay.dataDir, 'secrets.json'), 'utf8');
    expect(secrets).toContain(S.profile);
  });

  it('are nowhere in the data dir once the relay is gone, but in the secrets file; the dir is 0700 and its files 0600', async () => {
    await relay.stop();
    const found: string[] = [];
    for (const [path, bytes] of files(relay.dataDir)) {
      const content = bytes.toString('latin1');
      for (const s of SECRETS) if (content.includes(s) && !(path.endsWith('secrets.json') && s === S.profile)) found.push(`${path}: ${s}`);
    }
    expect(found).toEqual([]);
    expect(statSync(relay.dataDir).mode & 0o777).toBe(0o700);
    const modes = files(relay.dataDir).map(([p]) => [p.slice(relay.dataDir.length + 1), (statSync(p).mode & 0o777).toString(8)]);
    expect(modes.length).toBeGreaterThanOrEqual(3);
    expect(modes.filter(([, m]) => m !== '600')).toEqual([]);
  });
});
