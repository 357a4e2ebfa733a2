// The lab's saved results on the relay: behind the token, checked against their schema, kept per session under test
// across a relay restart on the same data dir, and gone with the session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FaultLabState, SavedCheck, SavedFaultLab } from '../../shared/panel-results.js';
import type { RelayConfig } from '../../shared/relay-protocol.js';
import { DEMO_SERVER, startRelay, type RelayHandle } from '../helpers/relay-process.js';

let relay: RelayHandle;
let id: string;

const state: FaultLabState = {
  runs: [
    {
      presetId: 'crlf',
      title: 'CRLF',
      spec: 'answered',
      sent: '{"jsonrpc":"2.0","id":1,"method":"ping"}\r',
      verdict: { outcome: 'as-spec', explanation: 'answered' },
      firstReply: '{"jsonrpc":"2.0","id":1,"result":{}}',
      waitedMs: 12,
      sentSeq: 5,
      sessionId: 'scratch-1',
    },
  ],
  waitMs: 700,
  lanes: 2,
  scratches: [{ id: 'scratch-1', name: 'demo · fault lab' }],
};
const put = (body: unknown, path = `/api/sessions/${id}/results/fault-lab`) => relay.api(path, { method: 'PUT', body: JSON.stringify(body) });

beforeAll(async () => {
  relay = await startRelay({ command: [process.execPath, DEMO_SERVER] });
  id = (await relay.api<RelayConfig>('/api/config')).body.launchSessionId!;
}, 60_000);
afterAll(() => relay?.stop());

describe('the lab’s saved results', () => {
  it('has nothing saved for a new session, and refuses a request without the token', async () => {
    expect((await relay.api<SavedFaultLab>(`/api/sessions/${id}/results/fault-lab`)).body).toEqual({ state: null, savedAt: null });
    expect((await relay.api<SavedCheck>(`/api/sessions/${id}/results/conformance`)).body).toEqual({ report: null, savedAt: null });
    expect((await relay.api(`/api/sessions/${id}/results/fault-lab`, { headers: { authorization: 'Bearer wrong-token-wrong-token' } })).status).toBe(401);
  });

  it('keeps what the fault lab saved, and refuses what is not a lab state or is too long, keeping the earlier one', async () => {
    expect((await put(state)).status).toBe(204);
    const saved = (await relay.api<SavedFaultLab>(`/api/sessions/${id}/results/fault-lab`)).body;
    expect(saved.state).toEqual(state);
    expect(typeof saved.savedAt).toBe('number');
    const bad = await put({ ...state, lanes: 0 });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/lanes/);
    expect((await put({ ...state, runs: [{ ...state.runs[0], sent: 'x'.repeat(5000) }] })).status).toBe(400);
    expect((await relay.api<SavedFaultLab>(`/api/sessions/${id}/results/fault-lab`)).body.state).toEqual(state);
    expect((await put(state, '/api/sessions/no-such-session/results/fault-lab')).status).toBe(404);
  });

  it('keeps the Conformance tab’s last report when a run ends', async () => {
    const run = await relay.api<{ results: { id: string }[] }>(`/api/sessions/${id}/check`, {
      method: 'POST',
      body: JSON.stringify({ only: ['lifecycle'], robustness: false }),
    });
    expect(run.status).toBe(200);
    const saved = (await relay.api<SavedCheck>(`/api/sessions/${id}/results/conformance`)).body;
    expect(saved.report?.results.map((r) => r.id)).toEqual(run.body.results.map((r) => r.id));
  }, 60_000);

  it('still has both after the relay restarts on the same data dir', async () => {
    const dataDir = relay.dataDir;
    await relay.stop();
    relay = await startRelay({ dataDir });
    expect((await relay.api<SavedFaultLab>(`/api/sessions/${id}/results/fault-lab`)).body.state).toEqual(state);
    expect((await relay.api<SavedCheck>(`/api/sessions/${id}/results/conformance`)).body.report).not.toBeNull();
    // …and a deleted session takes its results with it.
    expect((await relay.api(`/api/sessions/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await relay.api(`/api/sessions/${id}/results/fault-lab`)).status).toBe(404);
  }, 60_000);
});
