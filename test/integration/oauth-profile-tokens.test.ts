// OAuth tokens belong to the saved profile that obtained them: two profiles with the same server and client identity
// each authorize once and keep their own tokens, and a target typed in the page keeps its own beside them (URL and
// identity), against the real authorization server fixture and a real relay.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '../../shared/profiles/profile.js';
import type { SessionInfo } from '../../shared/relay-protocol.js';
import { FIXTURES, startRelay, type RelayHandle } from '../helpers/relay-process.js';
import { attachRemoteSession, openRemoteSession } from '../helpers/remote-session.js';
import { startRemoteServer, type RemoteServer } from '../helpers/remote-server.js';

let server: RemoteServer;
let relay: RelayHandle;

beforeAll(async () => {
  server = await startRemoteServer(join(FIXTURES, 'oauth-server.mjs'));
  relay = await startRelay();
});

afterAll(async () => {
  await relay?.stop();
  await server?.stop();
});

// The relay fetches the authorization URL itself: the fixture approves without a person.
const target = () => ({ transport: 'http' as const, url: server.url('/mcp'), headers: {}, auth: { type: 'oauth' as const, open: 'fetch' as const } });
const authorizations = () =>
  server
    .output()
    .split('\n')
    .filter((l) => l.startsWith('AUTHORIZE')).length;
const stored = () =>
  (JSON.parse(readFileSync(join(relay.dataDir, 'oauth-tokens.json'), 'utf8')) as { servers: { serverUrl: string; profileId?: string }[] }).servers;

async function createProfile(name: string): Promise<Profile> {
  const res = await relay.api<Profile>('/api/profiles', { method: 'POST', body: JSON.stringify({ name, target: target() }) });
  expect(res.status).toBe(201);
  return res.body;
}

/** Connects the profile and completes a handshake through it (the 401 on initialize starts the flow if it needs one). */
async function connect(profile: Profile): Promise<void> {
  const res = await relay.api<SessionInfo>(`/api/profiles/${profile.id}/connect`, { method: 'POST', body: '{"handshake":true}' });
  expect(res.status).toBe(201);
  const s = await attachRemoteSession(relay, res.body.id);
  expect((await s.handshake()).serverInfo).toBeDefined();
  s.sock.close();
}

describe('OAuth tokens kept per saved profile', () => {
  it('gives two profiles with the same identity their own tokens, reuses each on reconnect, and keeps a typed target apart', async () => {
    const a = await createProfile('oauth A');
    const b = await createProfile('oauth B');

    await connect(a);
    expect(authorizations()).toBe(1);
    // Same server, same identity (a registered client), another profile: it does not borrow A's tokens.
    await connect(b);
    expect(authorizations()).toBe(2);
    // Each profile's are found again.
    await connect(a);
    await connect(b);
    expect(authorizations()).toBe(2);

    expect(
      stored()
        .map((c) => c.profileId)
        .sort(),
    ).toEqual([a.id, b.id].sort());
    const summaries = await relay.api<{ serverUrl: string; profileId: string | null }[]>('/api/oauth/tokens');
    expect(summaries.body.map((t) => t.profileId).sort()).toEqual([a.id, b.id].sort());

    // A target typed in the page (no profile) is keyed by URL and identity, as before: it authorizes for itself.
    const adHoc = await openRemoteSession(relay, target());
    expect((await adHoc.handshake()).serverInfo).toBeDefined();
    adHoc.sock.close();
    expect(authorizations()).toBe(3);
    expect(stored().filter((c) => c.profileId === undefined)).toHaveLength(1);

    // Forgetting one profile's tokens leaves the other profile's and the typed target's.
    const forgot = await relay.api<{ forgotten: boolean }>(`/api/oauth/tokens?server=${encodeURIComponent(server.url('/mcp'))}&profile=${a.id}`, {
      method: 'DELETE',
    });
    expect(forgot.body.forgotten).toBe(true);
    expect(
      stored()
        .map((c) => c.profileId ?? 'typed')
        .sort(),
    ).toEqual([b.id, 'typed'].sort());
    await connect(b);
    expect(authorizations()).toBe(3);
    await connect(a);
    expect(authorizations()).toBe(4);
  });
});
