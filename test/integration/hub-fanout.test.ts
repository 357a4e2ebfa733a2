// The hub serializes a batch of live frames once for every socket of a session; a socket that subscribes in the
// middle of a flood (replayed from disk, then live on a suffix of the batch) must still see each frame exactly once.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RelayConfig } from '../../shared/relay-protocol.js';
import { FIXTURES, startRelay, type RelayHandle } from '../helpers/relay-process.js';

const FLOOD = 20_000;
let relay: RelayHandle;

beforeAll(async () => {
  relay = await startRelay({ command: [process.execPath, join(FIXTURES, 'scripted-server.mjs'), '--flood', String(FLOOD)] });
});

afterAll(async () => {
  await relay?.stop();
});

describe('the hub with several sockets on one session', () => {
  it('delivers every frame once, in order, to sockets subscribed before and during a flood', async () => {
    const sid = (await relay.api<RelayConfig>('/api/config')).body.launchSessionId!;
    const early = [await relay.socket(), await relay.socket()];
    for (const s of early) s.send({ type: 'subscribe', sessionId: sid, afterSeq: 0 });
    await Promise.all(early.map((s) => s.until(() => s.messages.find((m) => m.type === 'synced'), 'synced')));
    early[0]!.send({ type: 'send', sessionId: sid, text: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'flood' }) });
    // Joins once the flood is under way: its replay ends, and it goes live, between two batches of the others.
    await early[0]!.until(() => (early[0]!.framesOf(sid).length > FLOOD / 4 ? true : undefined), 'a quarter of the flood', 60_000);
    const late = await relay.socket();
    late.send({ type: 'subscribe', sessionId: sid, afterSeq: 0 });
    const all = [...early, late];
    const answered = (s: (typeof all)[number]) => s.frame(sid, (f) => f.dir === 'in' && f.rpcId === '1', 'the flood answered', 60_000);
    const last = (await Promise.all(all.map(answered)))[0]!.seq;
    for (const s of all) {
      await s.until(() => (s.framesOf(sid).at(-1)!.seq >= last ? true : undefined), 'every frame up to the answer');
      const seqs = s.framesOf(sid).map((f) => f.seq);
      expect(seqs.slice(0, last)).toEqual(Array.from({ length: last }, (_, i) => i + 1));
    }
    // The three saw the same frames, byte for byte.
    const texts = all.map((s) =>
      s
        .framesOf(sid)
        .slice(0, last)
        .map((f) => f.text)
        .join('\n'),
    );
    expect(texts[1]).toBe(texts[0]);
    expect(texts[2]).toBe(texts[0]);
    for (const s of all) s.close();
  }, 120_000);
});
