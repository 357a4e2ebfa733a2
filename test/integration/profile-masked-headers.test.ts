import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECRET_PLACEHOLDER, type Profile } from '../../shared/profiles/profile.js';
import type { SessionInfo } from '../../shared/relay-protocol.js';
import { startRelay, type RelayHandle } from '../helpers/relay-process.js';

let relay: RelayHandle;
beforeAll(async () => {
  relay = await startRelay();
});
afterAll(async () => {
  await relay?.stop();
});

// Nothing listens here: these tests never need the server, only what the relay accepts.
const target = (headers: Record<string, string>) => ({ transport: 'http', url: 'http://127.0.0.1:9/mcp', headers });
const post = (body: unknown) => relay.api<Profile & { error?: { message: string } }>('/api/profiles', { method: 'POST', body: JSON.stringify(body) });

describe('profiles and masked header values', () => {
  it('refuses to save a header that still holds the mask, and says which one', async () => {
    const res = await post({ name: 'copied from a session', target: target({ Authorization: 'Bearer ••••' }) });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('the Authorization header is masked');
    const list = await relay.api<Profile[]>('/api/profiles');
    expect(list.body.map((p) => p.name)).not.toContain('copied from a session');
  });

  it('keeps a saved secret left as its placeholder, but refuses the placeholder for a header that had none', async () => {
    const created = await post({ name: 'secret kept', target: target({ Authorization: 'Bearer real-token' }), secretHeaders: ['Authorization'] });
    expect(created.status).toBe(201);
    expect(created.body.target).toMatchObject({ headers: { Authorization: SECRET_PLACEHOLDER } });
    const id = created.body.id;

    // Sent back as shown (renamed only): accepted, and the real value is still what an export with secrets writes.
    const renamed = await relay.api<Profile>(`/api/profiles/${id}`, { method: 'PUT', body: JSON.stringify({ ...created.body, name: 'secret kept, renamed' }) });
    expect(renamed.status).toBe(200);
    const exported = await relay.api<{ text: string }>(`/api/profiles/export?format=cursor&secrets=include&ids=${id}`);
    expect(exported.body.text).toContain('Bearer real-token');

    const withNew = { ...created.body, target: target({ Authorization: SECRET_PLACEHOLDER, 'X-Other': SECRET_PLACEHOLDER }) };
    const refused = await relay.api(`/api/profiles/${id}`, { method: 'PUT', body: JSON.stringify(withNew) });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('the X-Other header is masked');
  });

  it('refuses to connect a profile whose stored header holds the mask, instead of sending it', async () => {
    // An import is how a mask reaches the store today (a file written from a masked view); connect must still refuse it.
    const text = JSON.stringify({ mcpServers: { masked: { type: 'http', url: 'http://127.0.0.1:9/mcp', headers: { Authorization: 'Bearer ••••' } } } });
    const imported = await relay.api<{ profiles: Profile[] }>('/api/profiles/import', { method: 'POST', body: JSON.stringify({ text }) });
    expect(imported.status).toBe(201);
    const p = imported.body.profiles.find((x) => x.name === 'masked')!;
    const before = (await relay.api<SessionInfo[]>('/api/sessions')).body.length;
    const res = await relay.api(`/api/profiles/${p.id}/connect`, { method: 'POST', body: '{"handshake":false}' });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toMatch(/profile \\"masked\\": the Authorization header is masked/);
    expect((await relay.api<SessionInfo[]>('/api/sessions')).body).toHaveLength(before);
  });
});
