import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RELAY_ROUTES } from '../../shared/relay-routes.js';
import { createRelay } from '../../server/relay/app.js';
import { CALLBACK_PATH } from '../../server/oauth/loopback-callback.js';
import { RelayOAuth } from '../../server/oauth/relay-oauth.js';
import { Recorder } from '../../server/store/recorder.js';
import { SecurityGuard } from '../../server/relay/security.js';
import { SessionManager } from '../../server/relay/session-manager.js';
import { RecipeTrust } from '../../server/trust/recipe-trust.js';
import { ApiError, createRelayHttp, type RelayHttp } from '../../web/lib/relay/relay-http.js';
import { FIXTURES } from '../helpers/relay-process.js';

const TOKEN = 'relay-http-token-0123456789abcdef';

/** Every route the Express app serves, as "METHOD /path" relative to /api (the UI's fallback routes and the OAuth redirect URI, reached by navigation without the token, left out). */
function servedRoutes(stack: unknown[]): string[] {
  const out: string[] = [];
  for (const layer of stack as Array<{ route?: { path: string; methods: Record<string, boolean> }; handle?: { stack?: unknown[] } }>) {
    if (layer.route) for (const m of Object.keys(layer.route.methods)) out.push(`${m.toUpperCase()} ${layer.route.path}`);
    else if (layer.handle?.stack) out.push(...servedRoutes(layer.handle.stack));
  }
  return out.filter((r) => r !== 'GET /{*rest}' && r !== 'GET /' && r !== `GET ${CALLBACK_PATH}`);
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return (server.address() as { port: number }).port;
}

describe('the relay API through the one browser client', () => {
  let server: Server;
  let recorder: Recorder;
  let sessions: SessionManager;
  let relay: ReturnType<typeof createRelay>;
  let base = '';
  let refused = 0;
  let http: RelayHttp;
  const dataDir = mkdtempSync(join(tmpdir(), 'relay-http-'));

  beforeAll(async () => {
    recorder = new Recorder(null);
    sessions = new SessionManager({ recorder, maxLineBytes: 1 << 20, graceMs: 500, trust: new RecipeTrust(null) });
    let port = 0;
    const guard = new SecurityGuard({ token: TOKEN, host: '127.0.0.1', port: () => port });
    const config = {
      version: 't',
      defaultTarget: { transport: 'stdio' as const, command: 'x', args: [], env: {} },
      defaultProtocolVersion: '2025-11-25',
      protocolVersions: ['2025-11-25'],
      launchSessionId: null,
      dataDir: '/tmp',
      maxLineBytes: 1 << 20,
    };
    const oauth = new RelayOAuth({ dataDir, redirectUri: () => `http://127.0.0.1:${port}/oauth/callback` });
    relay = createRelay({ sessions, guard, webRoot: '/nonexistent', version: 't', config: () => config, oauth });
    server = createServer(relay.app);
    relay.attach(server);
    port = await listen(server);
    base = `http://127.0.0.1:${port}`;
    http = createRelayHttp(TOKEN, () => refused++, base);
  });

  afterAll(async () => {
    await sessions.stopAll('test over');
    await new Promise<void>((r) => server.close(() => r()));
    recorder.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('holds the background lint back while a page starts: its HTML and its config, not the reads after', async () => {
    recorder.background.clear();
    const sent = Date.now();
    await fetch(`${base}/`);
    // The page's HTML: 2 s from the request (the lint waits that long, plus its quiet time, before its next chunk).
    expect(recorder.background.heldTo).toBeGreaterThanOrEqual(sent + 2_000);
    // A read after it does not cut the hold short (as setting a "last read at" time once did).
    recorder.readFrames('none', 0, 1);
    expect(recorder.background.heldTo).toBeGreaterThanOrEqual(sent + 2_000);
    recorder.background.clear();
    await http.call('sessions');
    expect(recorder.background.heldTo).toBe(0);
    const asked = Date.now();
    await http.call('config');
    expect(recorder.background.heldTo).toBeGreaterThanOrEqual(asked + 1_500);
    expect(recorder.background.heldTo).toBeLessThan(asked + 2_000);
  });

  it('serves exactly the routes of the shared table, no more and no fewer', () => {
    const table = Object.values(RELAY_ROUTES).map((r) => `${r.method} ${r.path}`);
    const served = servedRoutes((relay.app as unknown as { router: { stack: unknown[] } }).router.stack);
    expect(served.sort()).toEqual(table.sort());
  });

  it('creates a session, reads its frames every way the log does, and each answer passes its schema', async () => {
    const target = { transport: 'stdio' as const, command: process.execPath, args: [join(FIXTURES, 'scripted-server.mjs'), '--stderr', '3'], env: {} };
    const created = await http.call('createSession', { body: { target, protocolVersion: '2025-11-25', handshake: true } });
    expect(created.target).toEqual({ ...target, cwd: undefined });
    expect((await http.call('sessions')).map((s) => s.id)).toContain(created.id);
    await expect.poll(async () => (await http.call('frames', { params: { id: created.id } })).frames.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(4);

    const { frames } = await http.call('frames', { params: { id: created.id }, query: { afterSeq: 1, limit: 2 } });
    expect(frames.map((f) => f.seq)).toEqual([2, 3]);
    const index = await http.call('frameIndex', { params: { id: created.id }, query: { kinds: 'stderr' } });
    expect(index.total).toBe(3);
    const page = await http.call('framePage', { params: { id: created.id }, query: { fromSeq: 1, limit: 2, dir: 'in' } });
    expect(page.frames.map((f) => f.kind)).toEqual(['stderr', 'stderr']);
    const preview = await http.call('framePreview', { params: { id: created.id, seq: 2 } });
    expect(preview).toMatchObject({ seq: 2, pairs: [], latencyMs: null });
    expect((await http.call('frameFull', { params: { id: created.id, seq: 2 } })).text).toBe(preview.text);
    const file = await http.call('frameBytes', { params: { id: created.id, seq: 2 } });
    expect(file.fileName).toMatch(/-2\.json$/);
    expect(await file.blob.text()).toBe(preview.text);
    expect(await http.call('sessionMethods', { params: { id: created.id } })).toEqual({ methods: [] });
    expect((await http.call('findingsSummary', { params: { id: created.id } })).lastSeq).toBeGreaterThanOrEqual(4);
    expect((await http.call('sessionStats', { params: { id: created.id } })).frames).toBeGreaterThanOrEqual(4);
    const renamed = await http.call('patchSession', { params: { id: created.id }, body: { name: 'renamed', tags: ['t1'] } });
    expect(renamed).toMatchObject({ name: 'renamed', tags: ['t1'], origin: 'recorded' });
    expect((await http.call('history', { query: { tag: 't1' } })).sessions.map((s) => s.id)).toEqual([created.id]);
    expect((await http.call('sessionBundle', { params: { id: created.id } })).fileName).toMatch(/\.bundle\.json$/);

    expect(await http.call('claimHandshake', { params: { id: created.id } })).toEqual({ claimed: true });
    // A second claim is answered no, with 200: the page asks it on every attach, and no is the usual answer there.
    expect(await http.call('claimHandshake', { params: { id: created.id } })).toEqual({ claimed: false });
    expect((await http.call('stopSession', { params: { id: created.id } })).live).toBe(false);
  });

  it('keeps profiles through create, update, export and delete', async () => {
    const profile = await http.call('createProfile', {
      body: { name: 'p', target: { transport: 'stdio', command: 'node', args: ['s.js'], env: {} }, protocolVersion: '2025-11-25' },
    });
    const updated = await http.call('updateProfile', { params: { id: profile.id }, body: { ...profile, name: 'q' } });
    expect(updated.name).toBe('q');
    const exported = await http.call('exportProfiles', { query: { format: 'vscode', ids: profile.id } });
    expect(JSON.parse(exported.text)).toHaveProperty('servers');
    expect(await http.call('deleteProfile', { params: { id: profile.id } })).toBeUndefined();
    expect((await http.call('profiles')).map((p) => p.id)).not.toContain(profile.id);
  });

  it('keeps collections through create, update and delete, refuses one that is not one, and runs one against a live session', async () => {
    const body = { version: 1 as const, name: 'c', steps: [{ name: 'p', method: 'ping', assert: [{ pointer: '', equals: {} }] }] };
    const made = await http.call('createCollection', { body });
    expect(made.collection.steps[0]!.name).toBe('p');
    const edited = await http.call('updateCollection', { params: { id: made.id }, body: { ...body, name: 'd' } });
    expect((await http.call('collections')).find((c) => c.id === made.id)).toMatchObject({ name: 'd', steps: 1 });
    await expect(http.call('createCollection', { body: { ...body, steps: [] } })).rejects.toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
      message: expect.stringContaining('steps'),
    });
    await expect(http.call('collection', { params: { id: 'nope' } })).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
    const target = { transport: 'stdio' as const, command: process.execPath, args: [join(FIXTURES, 'scripted-server.mjs')], env: {} };
    const live = await http.call('createSession', { body: { target, protocolVersion: '2025-11-25', handshake: false } });
    const report = await http.call('runCollection', { params: { id: live.id }, body: { collectionId: edited.id, timeoutMs: 10_000 } });
    expect(report.steps.map((s) => [s.name, s.status])).toEqual([['p', 'pass']]);
    expect(report.session).not.toBe(live.id);
    // Recorded as a session of its own, each frame with its maker: the handshake mcpscope's bookkeeping, the step the user's.
    const recorded = (await http.call('frames', { params: { id: report.session! } })).frames.filter((f) => f.dir === 'out');
    expect(recorded.map((f) => [f.method, f.origin])).toEqual([
      ['initialize', 'bookkeeping'],
      ['notifications/initialized', 'bookkeeping'],
      ['ping', 'user'],
    ]);
    // The relay's environment is not the page's to read: a collection that names one is refused before anything runs.
    const env = await http.call('createCollection', {
      body: { ...body, steps: [{ name: 'e', method: 'ping', params: { secret: '${env.HOME}' }, assert: [] }] },
    });
    await expect(http.call('runCollection', { params: { id: live.id }, body: { collectionId: env.id, timeoutMs: 10_000 } })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('environment variable HOME'),
    });
    expect(await http.call('deleteCollection', { params: { id: made.id } })).toBeUndefined();
    expect((await http.call('collections')).map((c) => c.id)).toEqual([env.id]);
  }, 60_000);

  it('lists stored OAuth credentials, forgets a server, and refuses a forget that names none', async () => {
    expect(await http.call('oauthTokens')).toEqual([]);
    expect(await http.call('forgetOAuthTokens', { query: { server: 'http://127.0.0.1:9/mcp' } })).toEqual({ forgotten: false });
    await expect(http.call('forgetOAuthTokens', { query: {} } as never)).rejects.toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
      message: expect.stringContaining('server'),
    });
    await expect(http.call('oauthPending', { params: { id: 'nope' } })).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('turns a refused query into a BAD_REQUEST that names the field', async () => {
    const err = await http.call('frameIndex', { params: { id: 'nope' }, query: { kinds: 'bogus' } }).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 400, code: 'BAD_REQUEST', message: 'kinds: unknown kind bogus' });
    const missing = await http.call('session', { params: { id: 'nope' } }).catch((e: unknown) => e);
    expect(missing).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('tells the page when its token is refused, and reports an unreachable relay as NETWORK', async () => {
    let told = 0;
    const wrong = createRelayHttp('wrong-token', () => told++, base);
    await expect(wrong.call('config')).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect(told).toBe(1);
    const closed = createServer();
    const port = await listen(closed);
    await new Promise<void>((r) => closed.close(() => r()));
    await expect(createRelayHttp(TOKEN, () => undefined, `http://127.0.0.1:${port}`).call('config')).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
    expect(refused).toBe(0);
  });

  it('refuses an answer that does not match the route table instead of handing it on', async () => {
    // A server that answers the config route with the wrong shape, as a relay of another version might.
    const odd = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"version":3}'));
    const port = await listen(odd);
    try {
      const err = await createRelayHttp(TOKEN, () => undefined, `http://127.0.0.1:${port}`)
        .call('config')
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ApiError);
      expect(err).toMatchObject({ code: 'BAD_RESPONSE', message: expect.stringContaining('GET /config') });
      expect((err as ApiError).message).toContain('version:');
    } finally {
      await new Promise<void>((r) => odd.close(() => r()));
    }
  });
});
