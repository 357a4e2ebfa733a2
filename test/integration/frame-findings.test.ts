// The relay lints a whole recorded session in the background: findings per frame on page rows, a "has findings"
// filter and a summary grouped by rule, for sessions too large for the page to hold (and lint).
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RelayConfig } from '../../shared/relay-protocol.js';
import type { FindingsSummary, FrameIndex, WindowFrame } from '../../shared/frame-window-api.js';
import { FIXTURES, startRelay, type RelayHandle } from '../helpers/relay-process.js';

const FLOOD = 3000;
let relay: RelayHandle;
let sid: string;
/** The seq of a request sent with the wrong JSON-RPC version, in the middle of the session. */
let badSeq: number;

beforeAll(async () => {
  relay = await startRelay({ command: [process.execPath, join(FIXTURES, 'scripted-server.mjs'), '--flood', String(FLOOD)] });
  sid = (await relay.api<RelayConfig>('/api/config')).body.launchSessionId!;
  const sock = await relay.socket();
  sock.send({ type: 'subscribe', sessionId: sid, afterSeq: 0 });
  sock.send({ type: 'send', sessionId: sid, text: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'flood' }) });
  await sock.frame(sid, (f) => f.dir === 'in' && f.rpcId === '1', 'flood answered', 30_000);
  sock.send({ type: 'send', sessionId: sid, text: JSON.stringify({ jsonrpc: '1.0', id: 2, method: 'ping' }) });
  badSeq = (await sock.frame(sid, (f) => f.dir === 'out' && f.rpcId === '2', 'bad request recorded')).seq;
  sock.send({ type: 'send', sessionId: sid, text: JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'flood' }) });
  await sock.frame(sid, (f) => f.dir === 'in' && f.rpcId === '3', 'second flood answered', 30_000);
  sock.close();
}, 90_000);

afterAll(async () => {
  await relay?.stop();
});

const summaryOf = async () => (await relay.api<FindingsSummary>(`/api/sessions/${sid}/findings-summary`)).body;

async function lintedSummary(): Promise<FindingsSummary> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const s = await summaryOf();
    if (s.done) return s;
    if (Date.now() > deadline) throw new Error(`lint not done: ${JSON.stringify(s).slice(0, 300)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('relay-side lint of a whole session', () => {
  it('lints every frame in the background and groups the findings by rule with exact counts', async () => {
    const s = await lintedSummary();
    expect(s.lintedTo).toBe(s.lastSeq);
    expect(s.lastSeq).toBeGreaterThan(2 * FLOOD);
    expect(s.dropped).toBe(0);
    const onBad = s.rules.filter((r) => r.seqs.includes(badSeq));
    expect(onBad.length).toBeGreaterThan(0);
    for (const r of s.rules) expect(r.count).toBeGreaterThanOrEqual(r.seqs.length);
  });

  it("serves a frame's findings with its page row, and none on a clean notification", async () => {
    await lintedSummary();
    const frames = (await relay.api<{ frames: WindowFrame[] }>(`/api/sessions/${sid}/frame-page?fromSeq=${badSeq - 1}&limit=3`)).body.frames;
    expect(frames.map((f) => f.seq)).toEqual([badSeq - 1, badSeq, badSeq + 1]);
    expect(frames[1]!.findings?.length).toBeGreaterThan(0);
    expect(frames[1]!.findings![0]!.seq).toBe(badSeq);
    // A notification of the first flood: nothing wrong with it.
    const [clean] = (await relay.api<{ frames: WindowFrame[] }>(`/api/sessions/${sid}/frame-page?fromSeq=${badSeq - 100}&limit=1`)).body.frames;
    expect(clean!.kind).toBe('notification');
    expect(clean!.findings).toBeUndefined();
    const one = (await relay.api<WindowFrame>(`/api/sessions/${sid}/frames/${badSeq}`)).body;
    expect(one.findings?.map((f) => f.ruleId)).toEqual(frames[1]!.findings!.map((f) => f.ruleId));
  });

  it('filters the session to the frames with findings', async () => {
    const s = await lintedSummary();
    const stored = new Set(s.rules.flatMap((r) => r.seqs));
    const index = (await relay.api<FrameIndex>(`/api/sessions/${sid}/frame-index?findings=1`)).body;
    expect(index.total).toBe(stored.size);
    const page = (await relay.api<{ frames: WindowFrame[] }>(`/api/sessions/${sid}/frame-page?findings=1&limit=500`)).body.frames;
    expect(page.map((f) => f.seq)).toEqual([...stored].sort((a, b) => a - b));
    expect(page.every((f) => (f.findings?.length ?? 0) > 0)).toBe(true);
    // Combined with another filter: the bad request is an outgoing request.
    const outs = (await relay.api<FrameIndex>(`/api/sessions/${sid}/frame-index?findings=1&dir=out&kinds=request`)).body;
    expect(outs.total).toBeGreaterThanOrEqual(1);
    expect((await relay.api(`/api/sessions/${sid}/frame-index?findings=yes`)).status).toBe(400);
    expect((await relay.api(`/api/sessions/nope/findings-summary`)).status).toBe(404);
  });
});
