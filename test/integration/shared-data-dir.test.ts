// Two relays on one data dir: each lists the other's sessions, and one the other is running says so (`elsewhere`),
// read-only here with a reason that names the other relay, until that relay stops it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RelayConfig, SessionInfo } from '../../shared/relay-protocol.js';
import { DEMO_SERVER, startRelay, type RelayHandle } from '../helpers/relay-process.js';

let first: RelayHandle;
let second: RelayHandle;
let id: string;

beforeAll(async () => {
  first = await startRelay({ command: [process.execPath, DEMO_SERVER] });
  id = (await first.api<RelayConfig>('/api/config')).body.launchSessionId!;
  second = await startRelay({ dataDir: first.dataDir });
}, 60_000);
afterAll(async () => {
  await second?.stop();
  await first?.stop();
});

describe('two relays sharing one data dir', () => {
  it('shows the other relay’s running session as running there, not as one of its own or a dead one', async () => {
    const here = (await first.api<SessionInfo[]>('/api/sessions')).body.find((s) => s.id === id)!;
    expect(here).toMatchObject({ live: true, status: 'running' });
    expect(here.elsewhere).toBeUndefined();
    const there = (await second.api<SessionInfo[]>('/api/sessions')).body.find((s) => s.id === id)!;
    expect(there).toMatchObject({ live: false, status: 'running', elsewhere: true });
    const restart = await second.api<{ error: { code: string; message: string } }>(`/api/sessions/${id}/restart`, { method: 'POST' });
    expect(restart.status).toBe(409);
    expect(restart.body.error.message).toMatch(/another relay on this data dir runs this session/);
  });

  it('no longer says so once the relay that ran it stopped it', async () => {
    expect((await first.api(`/api/sessions/${id}/stop`, { method: 'POST' })).status).toBe(200);
    await expect
      .poll(async () => (await second.api<SessionInfo[]>('/api/sessions')).body.find((s) => s.id === id)?.status, { timeout: 15_000 })
      .toBe('stopped');
    expect((await second.api<SessionInfo[]>('/api/sessions')).body.find((s) => s.id === id)?.elsewhere).toBeUndefined();
  });
});
