// Remote recipes from files are gated like stdio ones: a bundle or an imported profile that names a URL shows the URL,
// its headers masked and its auth settings, and nothing reaches that URL before a yes (a real server on 127.0.0.1
// records every request). A recipe that names a local file for mcpscope to read is refused on import, by name.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RelayErrorBody } from '../../shared/relay-errors.js';
import type { RelayConfig, SessionInfo } from '../../shared/relay-protocol.js';
import type { RemoteRecipeReview } from '../../shared/trust/remote-recipe-review.js';
import { SessionArchive } from '../../server/store/archive/session-archive.js';
import { Recorder } from '../../server/store/recorder.js';
import { recordDemoBundle } from '../helpers/crafted-bundle.js';
import { remoteBundle, startRecordingServer, type RecordingServer } from '../helpers/hostile-recipe.js';
import { ROOT, startRelay, type RelayHandle } from '../helpers/relay-process.js';
import { runCli } from '../helpers/run-cli.js';

let bundleText: string;
const relays: RelayHandle[] = [];
const servers: RecordingServer[] = [];

beforeAll(async () => {
  bundleText = await recordDemoBundle();
});

afterEach(async () => {
  await Promise.all([...relays.splice(0).map((r) => r.stop()), ...servers.splice(0).map((s) => s.close())]);
});

// One `--demo` relay for the tests that only need a relay to import into (a bundle, a config's profiles): each imports
// its own names aimed at a recording server of its own (its own port), and asserts only on what its import returned
// and what its server saw, so a neighbour's import cannot change its outcome. Three relay and demo server starts → one.
let demoRelay: Promise<RelayHandle> | undefined;
function sharedDemoRelay(): Promise<RelayHandle> {
  return (demoRelay ??= startRelay({ args: ['--demo'] }));
}
afterAll(async () => {
  await (await demoRelay?.catch(() => undefined))?.stop();
});

async function recorder(): Promise<RecordingServer> {
  const s = await startRecordingServer();
  servers.push(s);
  return s;
}

/** A recipe aimed at `server`, with a credential-looking header and an OAuth client of the file's choosing. */
function hostileTarget(server: RecordingServer): Record<string, unknown> {
  return {
    transport: 'http',
    url: server.url('/mcp'),
    headers: { Authorization: 'Bearer file-chosen-token', 'X-Trace': 'trace-value' },
    auth: { type: 'oauth', grant: 'client_credentials', clientId: 'their-client', clientSecret: 'their-secret', scope: 'everything' },
  };
}

/** A PEM-looking key file that must never be read for a recipe from a file. */
function privateKeyFile(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'mcpscope-key-')), 'client.pem');
  writeFileSync(file, '-----BEGIN PRIVATE KEY-----\nnot really a key\n-----END PRIVATE KEY-----\n', { mode: 0o600 });
  return file;
}

describe('mcpscope replay of a bundle whose recipe is a URL', () => {
  it('prints the URL, the headers masked and the auth settings, and sends nothing without a yes', async () => {
    const server = await recorder();
    const file = remoteBundle(bundleText, hostileTarget(server));
    const run = await runCli(['replay', file], {}, ROOT);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`The recipe from the bundle ${file} would connect to a server:`);
    expect(run.stderr).toContain(`  url:       ${server.url('/mcp')}\n  transport: http\n`);
    expect(run.stderr).toContain('  header:    Authorization: Bearer [REDACTED]\n  header:    X-Trace: [REDACTED]\n');
    expect(run.stderr).toContain(
      '  auth:      type=oauth\n  auth:      grant=client_credentials\n  auth:      clientId=their-client\n  auth:      clientSecret=[REDACTED]\n  auth:      scope=everything\n',
    );
    expect(run.stderr).toContain('not run: this recipe came from a file');
    expect(run.stderr).not.toContain('file-chosen-token');
    expect(run.stderr).not.toContain('their-secret');
    expect(server.requests).toEqual([]);
  });

  it('connects with --yes, and only then: the server sees its first request after the confirmation', async () => {
    const server = await recorder();
    const file = remoteBundle(bundleText, { transport: 'http', url: server.url('/mcp'), headers: { 'X-Trace': 'trace-value' } });
    const run = await runCli(['replay', file, '--yes'], {}, ROOT);
    expect(run.stderr).toContain('confirmed by --yes');
    expect(server.requests.length).toBeGreaterThan(0);
    expect(server.requests[0]!.headers['x-trace']).toBe('trace-value');
  });

  it('needs no confirmation for a URL typed with --url', async () => {
    const server = await recorder();
    const elsewhere = await recorder();
    const file = remoteBundle(bundleText, hostileTarget(elsewhere));
    const run = await runCli(['replay', file, '--url', server.url('/mcp'), '--transport', 'http'], {}, ROOT);
    expect(run.stderr).not.toContain('would connect');
    expect(server.requests.length).toBeGreaterThan(0);
    expect(elsewhere.requests).toEqual([]);
  });

  it('refuses a bundle whose recipe names a private key file, naming the option, and contacts nobody', async () => {
    const server = await recorder();
    const key = privateKeyFile();
    const file = remoteBundle(bundleText, {
      ...hostileTarget(server),
      auth: { type: 'oauth', grant: 'client_credentials', clientId: 'c', clientKeyFile: key },
    });
    const run = await runCli(['replay', file, '--yes'], {}, ROOT);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("not a valid bundle: the bundle's recipe names a file on this machine for mcpscope to read (target.auth.clientKeyFile)");
    expect(server.requests).toEqual([]);
  });
});

describe('a remote bundle opened in the inspector', () => {
  it('shows its recipe at open; the API refuses Replay with the remote review, sends nothing, and connects once confirmed', async () => {
    const server = await recorder();
    const file = remoteBundle(bundleText, hostileTarget(server));
    const relay = await startRelay({ leading: ['open', file] });
    relays.push(relay);
    expect(relay.output()).toContain(`would connect to a server:\n  url:       ${server.url('/mcp')}`);
    expect(relay.output()).toContain('not confirmed: the session opens read-only');
    const { body: config } = await relay.api<RelayConfig>('/api/config');
    const refused = await relay.api<RelayErrorBody>(`/api/sessions/${config.launchSessionId}/replay`, { method: 'POST', body: '{}' });
    expect(refused.status).toBe(428);
    expect(refused.body.error.code).toBe('RECIPE_UNCONFIRMED');
    expect(refused.body.error.message).toContain(`would connect to ${server.url('/mcp')}`);
    const review = refused.body.error.review as RemoteRecipeReview;
    expect(review).toMatchObject({ kind: 'remote', transport: 'http', url: server.url('/mcp') });
    expect(review.headers).toEqual([
      { name: 'Authorization', value: 'Bearer [REDACTED]' },
      { name: 'X-Trace', value: '[REDACTED]' },
    ]);
    expect(review.auth).toContainEqual({ name: 'clientSecret', value: '[REDACTED]' });
    expect(review.auth).toContainEqual({ name: 'clientId', value: 'their-client' });
    expect(JSON.stringify(refused.body)).not.toContain('file-chosen-token');
    expect(server.requests).toEqual([]);

    const confirmed = await relay.api(`/api/recipes/confirm`, { method: 'POST', body: JSON.stringify({ hash: review.hash }) });
    expect(confirmed.status).toBe(204);
    expect(server.requests).toEqual([]);
    await relay.api(`/api/sessions/${config.launchSessionId}/replay`, { method: 'POST', body: '{}' });
    expect(server.requests.length).toBeGreaterThan(0);
  });

  it('refuses to open, and the page refuses to import, a bundle naming a private key file; the error names the option', async () => {
    const server = await recorder();
    const file = remoteBundle(bundleText, {
      transport: 'http',
      url: server.url('/mcp'),
      auth: { type: 'oauth', clientId: 'c', clientKeyFile: privateKeyFile() },
    });
    const open = await runCli(['open', file, '--yes', '--port', '0', '--no-open'], {}, ROOT);
    expect(open.code).toBe(2);
    expect(open.stderr).toContain('target.auth.clientKeyFile');
    expect(open.stderr).toContain('a recipe from a file may not choose one');

    const relay = await sharedDemoRelay();
    const imported = await relay.api<RelayErrorBody>('/api/bundles', {
      method: 'POST',
      body: readFileSync(file),
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(imported.status).toBe(400);
    expect(imported.body.error.message).toContain('target.auth.clientKeyFile');
    const { body: sessions } = await relay.api<SessionInfo[]>('/api/sessions');
    expect(sessions.some((s) => s.target.transport !== 'stdio' && s.target.url === server.url('/mcp'))).toBe(false);
    expect(server.requests).toEqual([]);
  });
});

describe('a session imported before key files were refused', () => {
  it('does not replay: the relay refuses, naming the option, before reading the key or contacting anyone', async () => {
    const server = await recorder();
    const dataDir = mkdtempSync(join(tmpdir(), 'mcpscope-old-data-'));
    // What an older mcpscope left in its store after importing such a bundle.
    const store = new Recorder(dataDir);
    const target = {
      transport: 'http' as const,
      url: server.url('/mcp'),
      headers: {},
      auth: { type: 'oauth' as const, clientId: 'c', clientKeyFile: privateKeyFile() },
    };
    store.saveSession({
      id: 'old-import',
      name: 'old',
      target,
      protocolVersion: '2025-11-25',
      startedAt: 1,
      endedAt: 2,
      status: 'stopped',
      pid: null,
      exitCode: null,
      signal: null,
      lastSeq: 0,
    });
    new SessionArchive(store.db).setMeta('old-import', { origin: 'imported' });
    store.close();
    const relay = await startRelay({ dataDir });
    relays.push(relay);
    const refused = await relay.api<RelayErrorBody>('/api/sessions/old-import/replay', { method: 'POST', body: '{}' });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toContain("the imported bundle's recipe names a file on this machine for mcpscope to read (auth.clientKeyFile)");
    expect(server.requests).toEqual([]);
  });
});

describe('remote profiles imported from a config file', () => {
  it('do not connect until confirmed: the refusal shows the URL and masked headers, and the server sees nothing before', async () => {
    const server = await recorder();
    const relay = await sharedDemoRelay();
    const text = JSON.stringify({ mcpServers: { far: { type: 'http', url: server.url('/mcp'), headers: { Authorization: 'Bearer profile-token' } } } });
    const imported = await relay.api<{ profiles: Array<{ id: string }> }>('/api/profiles/import', { method: 'POST', body: JSON.stringify({ text }) });
    expect(imported.status).toBe(201);
    const id = imported.body.profiles[0]!.id;
    const refused = await relay.api<RelayErrorBody>(`/api/profiles/${id}/connect`, { method: 'POST', body: '{"handshake":false}' });
    expect(refused.status).toBe(428);
    const review = refused.body.error.review as RemoteRecipeReview;
    expect(review.source).toContain('the imported profile "far"');
    expect(review.headers).toEqual([{ name: 'Authorization', value: 'Bearer [REDACTED]' }]);
    expect(JSON.stringify(refused.body)).not.toContain('profile-token');
    expect(server.requests).toEqual([]);

    expect((await relay.api(`/api/recipes/confirm`, { method: 'POST', body: JSON.stringify({ hash: review.hash }) })).status).toBe(204);
    const connected = await relay.api<SessionInfo>(`/api/profiles/${id}/connect`, { method: 'POST', body: '{"handshake":false}' });
    expect(connected.status).toBe(201);
  });

  it('skip an entry naming a key file, with the option in the warning; through --config it is an error and nothing is sent', async () => {
    const server = await recorder();
    const relay = await sharedDemoRelay();
    const config = {
      mcpServers: { keyed: { type: 'http', url: server.url('/mcp'), auth: { clientKeyFile: privateKeyFile() } }, plain: { url: server.url('/other') } },
    };
    const imported = await relay.api<{ profiles: Array<{ name: string }>; warnings: string[] }>('/api/profiles/import', {
      method: 'POST',
      body: JSON.stringify({ text: JSON.stringify(config) }),
    });
    expect(imported.status).toBe(201);
    expect(imported.body.profiles.map((p) => p.name)).toEqual(['plain']);
    expect(imported.body.warnings).toContainEqual(
      expect.stringContaining('keyed: skipped, it names a file on this machine for mcpscope to read (auth.clientKeyFile)'),
    );

    const file = join(mkdtempSync(join(tmpdir(), 'mcpscope-config-')), 'mcp.json');
    writeFileSync(file, JSON.stringify(config));
    const run = await runCli(['call', '--method', 'tools/list', '--config', file, '--server', 'keyed'], {}, ROOT);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('auth.clientKeyFile');
    expect(server.requests).toEqual([]);
  });
});
