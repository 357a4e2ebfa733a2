// The fault lab's scratch connections on the relay: a second instance of a live session's own command, recorded as a
// session of its own and linked back; the request cannot choose what runs, and a session that is not live gets none.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../shared/archive-api.js';
import type { RelayConfig, SessionInfo } from '../../shared/relay-protocol.js';
import { FIXTURES, startRelay, type RelayHandle } from '../helpers/relay-process.js';

let relay: RelayHandle;
let sid: string;
const post = (path: string, body: unknown) =>
  relay.api<HistoryEntry & { code?: string; message?: string }>(path, { method: 'POST', body: JSON.stringify(body) });

beforeAll(async () => {
  relay = await startRelay({ command: [process.execPath, join(FIXTURES, 'scripted-server.mjs')] });
  sid = (await relay.api<RelayConfig>('/api/config')).body.launchSessionId!;
}, 60_000);
afterAll(() => relay?.stop());

describe('scratch sessions for the fault lab', () => {
  it('starts a second instance of the live session’s own command, recorded on its own and linked to it', async () => {
    const under = (await relay.api<SessionInfo>(`/api/sessions/${sid}`)).body;
    // A target in the body is ignored: only the session's own runs.
    const res = await post(`/api/sessions/${sid}/scratch`, { handshake: false, target: { transport: 'stdio', command: 'sh', args: ['-c', 'exit 7'] } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      origin: 'scratch',
      scratchFor: sid,
      live: true,
      target: under.target,
      protocolVersion: under.protocolVersion,
      handshakePending: false,
    });
    expect(res.body.id).not.toBe(sid);
    expect(res.body.pid).not.toBe(under.pid);
    const history = (await relay.api<{ sessions: HistoryEntry[] }>('/api/session-history')).body.sessions;
    // Tagged by what made it, so the history can fold it under its session and say why it is there.
    expect(history.find((s) => s.id === res.body.id)).toMatchObject({ origin: 'scratch', scratchFor: sid, tags: ['lab'] });
    expect(history.find((s) => s.id === sid)).toMatchObject({ origin: 'recorded', scratchFor: null });
    // With a handshake to come, the relay waits for the page to claim it, as for any new session.
    const claimed = await post(`/api/sessions/${sid}/scratch`, { handshake: true });
    expect(claimed.body.handshakePending).toBe(true);
  });

  it('refuses a body without the handshake flag, and a session that is not running', async () => {
    expect((await post(`/api/sessions/${sid}/scratch`, {})).status).toBe(400);
    const scratch = (await post(`/api/sessions/${sid}/scratch`, { handshake: false })).body;
    await relay.api(`/api/sessions/${scratch.id}/stop`, { method: 'POST' });
    const refused = await post(`/api/sessions/${scratch.id}/scratch`, { handshake: false });
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.body)).toMatch(/not running/);
    expect((await post('/api/sessions/no-such-session/scratch', { handshake: false })).status).toBe(404);
  });

  it("marks it in the session list and in the socket's session news, so the connection bar can keep it out of its picker", async () => {
    const socket = await relay.socket();
    try {
      const scratch = (await post(`/api/sessions/${sid}/scratch`, { handshake: false })).body;
      // Every news of it says it is made for the session under test, from the first ('starting'), so the page never
      // lists it as a session of its own, even for a moment.
      const news = await socket.until(() => {
        const mine = socket.messages.filter((m) => m.type === 'session' && m.session.id === scratch.id);
        return mine.some((m) => m.type === 'session' && m.session.status === 'running') ? mine : undefined;
      }, 'the scratch session running');
      expect(news.length).toBeGreaterThanOrEqual(2);
      for (const m of news) expect(m).toMatchObject({ session: { scratchFor: sid } });
      const list = (await relay.api<SessionInfo[]>('/api/sessions')).body;
      expect(list.find((s) => s.id === scratch.id)?.scratchFor).toBe(sid);
      expect(list.find((s) => s.id === sid)).not.toHaveProperty('scratchFor');
      expect((await relay.api<SessionInfo>(`/api/sessions/${scratch.id}`)).body.scratchFor).toBe(sid);
      // Its later news (stopped) still says so.
      await relay.api(`/api/sessions/${scratch.id}/stop`, { method: 'POST' });
      const stopped = await socket.until(
        () => socket.messages.find((m) => m.type === 'session' && m.session.id === scratch.id && !m.session.live),
        'the scratch session stopped',
      );
      expect(stopped).toMatchObject({ session: { scratchFor: sid } });
    } finally {
      socket.close();
    }
  });
});
