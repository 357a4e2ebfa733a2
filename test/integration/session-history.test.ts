import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryEntry, SessionStats } from '../../shared/archive-api.js';
import type { Profile } from '../../shared/profiles/profile.js';
import type { SessionInfo } from '../../shared/relay-protocol.js';
import { recordLaunchSession } from '../helpers/demo-session.js';
import { DEMO_SERVER, FIXTURES, startRelay, type RelayHandle } from '../helpers/relay-process.js';

let relay: RelayHandle;
let sid: string;

beforeAll(async () => {
  relay = await startRelay({ command: [process.execPath, DEMO_SERVER] });
  sid = await recordLaunchSession(relay);
});

afterAll(async () => {
  await relay?.stop();
});

const history = async (query = '') =>
  (await relay.api<{ sessions: HistoryEntry[]; tags: Array<{ tag: string; count: number }> }>(`/api/session-history${query}`)).body;
const patch = (id: string, body: unknown) => relay.api<HistoryEntry>(`/api/sessions/${id}`, { method: 'PATCH', body: JSON.stringify(body) });

describe('session history', () => {
  it('renames and tags a session, and finds it by name, target and tag', async () => {
    const res = await patch(sid, { name: 'weather regression', tags: ['bug-42', 'demo'] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'weather regression', tags: ['bug-42', 'demo'], origin: 'recorded' });
    expect((await history('?q=regression')).sessions.map((s) => s.id)).toEqual([sid]);
    expect((await history('?q=demo-server.js')).sessions.map((s) => s.id)).toEqual([sid]);
    expect((await history('?tag=bug-42')).sessions.map((s) => s.id)).toEqual([sid]);
    expect((await history('?q=nothing-like-this')).sessions).toEqual([]);
    expect((await history()).tags).toEqual([
      { tag: 'bug-42', count: 1 },
      { tag: 'demo', count: 1 },
    ]);
    // The plain session list (the connection bar's) sees the new name too.
    expect((await relay.api<SessionInfo>(`/api/sessions/${sid}`)).body.name).toBe('weather regression');
  });

  it('counts frames, requests and findings, and reads the negotiated version', async () => {
    const { body } = await relay.api<SessionStats>(`/api/sessions/${sid}/stats`);
    expect(body.frames).toBe(body.byDir.out! + body.byDir.in! + body.byDir.relay!);
    expect(body.clientRequests).toBe(7);
    expect(body.negotiated).toMatchObject({ protocolVersion: '2025-11-25', serverInfo: { name: 'mcpscope-demo' } });
    expect(body.findings).toEqual(expect.objectContaining({ total: expect.any(Number) }));
  });

  it('writes a stdio script that reproduces the session when run with sh', async () => {
    const res = await fetch(`${relay.base}/api/sessions/${sid}/repro/stdio.sh`, { headers: { authorization: `Bearer ${relay.token}` } });
    const script = await res.text();
    // Run without blocking this process: a spawnSync of several seconds (the script starts the demo server) held back
    // the fetch pool's idle timer past the relay's 5 s keep-alive, and the next test's request went out on the socket
    // the relay was closing ("other side closed").
    const run = await new Promise<{ status: number | null; stdout: string }>((resolve) => {
      const p = spawn('sh', ['-c', script], { env: { ...process.env, MCPSCOPE_WAIT: '1' }, stdio: ['ignore', 'pipe', 'inherit'], timeout: 20_000 });
      let stdout = '';
      p.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
      p.on('close', (status) => resolve({ status, stdout }));
    });
    expect(run.status).toBe(0);
    const answers = run.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(answers.find((a) => a.id === 6).result.content[0].text).toBe('Cannot divide 1 by zero.');
    expect(answers.find((a) => a.id === 3).result.content[0].text).toBe('hello from the bundle');
  });

  it('deletes a session and its frames, refusing while it runs', async () => {
    const live = await relay.api<SessionInfo>('/api/sessions', {
      method: 'POST',
      body: JSON.stringify({ target: { transport: 'stdio', command: process.execPath, args: [DEMO_SERVER] }, protocolVersion: '2025-11-25', handshake: false }),
    });
    expect((await relay.api(`/api/sessions/${live.body.id}`, { method: 'DELETE' })).status).toBe(409);
    await relay.api(`/api/sessions/${live.body.id}/stop`, { method: 'POST' });
    expect((await relay.api(`/api/sessions/${live.body.id}`, { method: 'DELETE' })).status).toBe(204);

    expect((await relay.api(`/api/sessions/${sid}`, { method: 'DELETE' })).status).toBe(204);
    expect((await relay.api(`/api/sessions/${sid}`)).status).toBe(404);
    expect((await relay.api(`/api/sessions/${sid}/frames`)).status).toBe(404);
    expect((await history()).sessions.map((s) => s.id)).not.toContain(sid);
    // Overwritten and checkpointed: the recorded text is gone from the database file itself.
    const file = readFileSync(join(relay.dataDir, 'mcpscope.sqlite'));
    expect(file.includes('hello from the bundle')).toBe(false);
  });
});

describe('server profiles', () => {
  it('imports a Claude Desktop file, masks its secret, connects in one click and exports to VS Code', async () => {
    const text = readFileSync(join(FIXTURES, 'mcp-configs', 'claude_desktop_config.json'), 'utf8');
    const imported = await relay.api<{ profiles: Profile[]; warnings: string[] }>('/api/profiles/import', { method: 'POST', body: JSON.stringify({ text }) });
    expect(imported.status).toBe(201);
    expect(imported.body.profiles.map((p) => p.name)).toEqual(['filesystem', 'github', 'weather']);
    expect(JSON.stringify(imported.body)).not.toContain('ghp_example');

    const demo = await relay.api<Profile>('/api/profiles', {
      method: 'POST',
      body: JSON.stringify({ name: 'demo', target: { transport: 'stdio', command: process.execPath, args: [DEMO_SERVER] } }),
    });
    const renamed = await relay.api<Profile>(`/api/profiles/${demo.body.id}`, { method: 'PUT', body: JSON.stringify({ ...demo.body, name: 'the demo' }) });
    expect(renamed.body.name).toBe('the demo');
    const session = await relay.api<SessionInfo>(`/api/profiles/${demo.body.id}/connect`, { method: 'POST', body: '{}' });
    expect(session.status).toBe(201);
    expect(session.body).toMatchObject({ name: 'the demo', live: true, handshakePending: true });
    await relay.api(`/api/sessions/${session.body.id}/stop`, { method: 'POST' });
    expect((await history(`?q=${encodeURIComponent('the demo')}`)).sessions[0]).toMatchObject({ profileId: demo.body.id });

    const out = await relay.api<{ fileName: string; text: string }>('/api/profiles/export?format=vscode');
    expect(out.body.fileName).toBe('mcp.json');
    const json = JSON.parse(out.body.text);
    expect(Object.keys(json.servers)).toEqual(['filesystem', 'github', 'the demo', 'weather']);
    expect(json.servers.github.env.GITHUB_PERSONAL_ACCESS_TOKEN).toBe('${input:github-github-personal-access-token}');
    const withSecrets = await relay.api<{ text: string }>('/api/profiles/export?format=claude-desktop&secrets=include');
    expect(JSON.parse(withSecrets.body.text).mcpServers.github.env.GITHUB_PERSONAL_ACCESS_TOKEN).toBe('ghp_exampleexampleexampleexample1234');

    // A modern-era profile's session is recorded under the version it speaks, whatever legacy version it names.
    const modern = await relay.api<Profile>('/api/profiles', {
      method: 'POST',
      body: JSON.stringify({
        name: 'modern demo',
        era: 'modern',
        protocolVersion: '2025-11-25',
        target: { transport: 'stdio', command: process.execPath, args: [DEMO_SERVER] },
      }),
    });
    const modernSession = await relay.api<SessionInfo>(`/api/profiles/${modern.body.id}/connect`, { method: 'POST', body: '{"handshake":false}' });
    expect(modernSession.body).toMatchObject({ name: 'modern demo', protocolVersion: '2026-07-28' });
    await relay.api(`/api/sessions/${modernSession.body.id}/stop`, { method: 'POST' });
    expect((await relay.api(`/api/profiles/${modern.body.id}`, { method: 'DELETE' })).status).toBe(204);

    expect((await relay.api(`/api/profiles/${demo.body.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await relay.api('/api/profiles/import', { method: 'POST', body: JSON.stringify({ text: '{"nope":1}' }) })).status).toBe(400);
  });
});
