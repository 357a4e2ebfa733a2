// Forward first, record after (issue 38): the relay puts a request on the server's stdin, and a reply on the page's
// socket, before it stores them; the recorder must still see every frame, once, in order. A flood with pipelined
// requests among it is compared three ways: what the page was sent, what the store holds, and what was asked.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FrameRecord, RelayConfig } from '../../shared/relay-protocol.js';
import { FIXTURES, startRelay, type RelayHandle } from '../helpers/relay-process.js';

const FLOOD = 5_000;
const PINGS = 300;
let relay: RelayHandle;

beforeAll(async () => {
  relay = await startRelay({ command: [process.execPath, join(FIXTURES, 'scripted-server.mjs'), '--flood', String(FLOOD)] });
});

afterAll(async () => {
  await relay?.stop();
});

const request = (id: number, method: string) => JSON.stringify({ jsonrpc: '2.0', id, method });

describe('forward first, record after', () => {
  it('records and delivers every frame once, in order, with pipelined requests during a flood', async () => {
    const sid = (await relay.api<RelayConfig>('/api/config')).body.launchSessionId!;
    const s = await relay.socket();
    s.send({ type: 'subscribe', sessionId: sid, afterSeq: 0 });
    await s.until(() => s.messages.find((m) => m.type === 'synced'), 'synced');
    s.send({ type: 'send', sessionId: sid, text: request(1, 'flood'), ref: 'r1' });
    // Sent without waiting for one another, while the flood is written: the relay forwards each before recording it.
    for (let id = 2; id < 2 + PINGS; id++) s.send({ type: 'send', sessionId: sid, text: request(id, 'ping'), ref: `r${id}` });
    const answered = (id: number) => (f: FrameRecord) => f.dir === 'in' && f.rpcId === String(id);
    await s.frame(sid, answered(1), 'the flood answered', 60_000);
    await s.frame(sid, answered(PINGS + 1), 'the last ping answered', 60_000);
    // Every send answered once, beside its echo or (its echo gone in a full message of the flood) on its own.
    const acks = s.acks();
    expect(acks).toHaveLength(PINGS + 1);

    const sent = s.framesOf(sid);
    const last = sent.at(-1)!.seq;
    expect(sent.map((f) => f.seq)).toEqual(Array.from({ length: last }, (_, i) => i + 1));
    const { body } = await relay.api<{ frames: FrameRecord[] }>(`/api/sessions/${sid}/frames?afterSeq=0&limit=100000`);
    const stored = body.frames.filter((f) => f.seq <= last);
    // The store holds exactly what the page was sent: same seqs, same directions, same bytes.
    expect(stored.map((f) => [f.seq, f.dir, f.kind, f.rpcId, f.text])).toEqual(sent.map((f) => [f.seq, f.dir, f.kind, f.rpcId, f.text]));

    // Every request recorded in the order it was asked, each answer naming its own frame, and every one answered once.
    const out = stored.filter((f) => f.dir === 'out');
    expect(out.map((f) => Number(f.rpcId))).toEqual(Array.from({ length: PINGS + 1 }, (_, i) => i + 1));
    expect(acks.map((a) => [a.ref, a.seq])).toEqual(out.map((f) => [`r${f.rpcId}`, f.seq]));
    // An answer folded into a frames message rides with its own echo.
    for (const a of acks.filter((x) => !x.alone)) {
      const m = s.messages[a.at]!;
      expect(m.type === 'frames' && m.frames.some((f) => f.seq === a.seq && f.dir === 'out')).toBe(true);
    }
    const replies = stored.filter((f) => f.dir === 'in' && f.kind === 'response').map((f) => Number(f.rpcId));
    expect(replies.sort((a, b) => a - b)).toEqual(Array.from({ length: PINGS + 1 }, (_, i) => i + 1));
    expect(stored.filter((f) => f.method === 'notifications/message')).toHaveLength(FLOOD);
    // Each reply is recorded after the request it answers.
    const seqOfOut = new Map(out.map((f) => [f.rpcId, f.seq]));
    for (const f of stored) if (f.dir === 'in' && f.kind === 'response') expect(f.seq).toBeGreaterThan(seqOfOut.get(f.rpcId)!);
    s.close();
  }, 120_000);

  it('answers a request in the message that carries its echo and its reply, and a notification after a moment', async () => {
    const sid = (await relay.api<RelayConfig>('/api/config')).body.launchSessionId!;
    const s = await relay.socket();
    s.send({ type: 'subscribe', sessionId: sid, afterSeq: 0 });
    await s.until(() => s.messages.find((m) => m.type === 'synced'), 'synced');
    const ROUNDS = 20;
    let together = 0;
    for (let id = 10_001; id < 10_001 + ROUNDS; id++) {
      const from = s.messages.length;
      s.send({ type: 'send', sessionId: sid, text: request(id, 'ping'), ref: `p${id}` });
      await s.frame(sid, (f) => f.dir === 'in' && f.rpcId === String(id), `the answer to ${id}`);
      const acks = s.acks(from);
      const echoAt = s.messages.findIndex((m, i) => i >= from && m.type === 'frames' && m.frames.some((f) => f.dir === 'out' && f.rpcId === String(id)));
      const replyAt = s.messages.findIndex((m, i) => i >= from && m.type === 'frames' && m.frames.some((f) => f.dir === 'in' && f.rpcId === String(id)));
      // Answered once, naming the frame it was recorded as, no later than its echo; the page hears of its request
      // before its reply, whether they travel together or not.
      expect(acks.map((a) => a.ref)).toEqual([`p${id}`]);
      expect(s.framesOf(sid).find((f) => f.seq === acks[0]!.seq)).toMatchObject({ dir: 'out', rpcId: String(id) });
      expect(acks[0]!.at).toBeLessThanOrEqual(echoAt);
      expect(echoAt).toBeLessThanOrEqual(replyAt);
      if (acks[0]!.at === replyAt && !acks[0]!.alone) together++;
    }
    // One message to the page a round trip, unless the server took longer than the hold (a loaded machine).
    expect(together).toBeGreaterThanOrEqual(ROUNDS / 2);

    // A notification has no reply to travel with: its answer and echo still come, after the hold.
    const from = s.messages.length;
    const progress = { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1, progress: 1 } };
    s.send({ type: 'send', sessionId: sid, text: JSON.stringify(progress), ref: 'note' });
    const ack = await s.until(() => s.acks(from)[0], "the notification's answer");
    expect(ack.ref).toBe('note');
    await s.frame(sid, (f) => f.seq === ack.seq && f.dir === 'out', "the notification's echo");
    s.close();
  }, 60_000);

  it('answers a send with a sent message of its own when the page does not follow the session', async () => {
    const sid = (await relay.api<RelayConfig>('/api/config')).body.launchSessionId!;
    const s = await relay.socket();
    s.send({ type: 'send', sessionId: sid, text: request(30_001, 'ping'), ref: 'unfollowed' });
    const ack = await s.until(() => s.acks()[0], 'the answer to a send on a session not followed');
    expect(ack).toMatchObject({ ref: 'unfollowed', alone: true });
    expect(s.messages.some((m) => m.type === 'frames')).toBe(false);
    // The recorded frame is the one the answer names.
    const { body } = await relay.api<{ frames: FrameRecord[] }>(`/api/sessions/${sid}/frames?afterSeq=${ack.seq - 1}&limit=1`);
    expect(body.frames[0]).toMatchObject({ seq: ack.seq, dir: 'out', rpcId: '30001' });
    s.close();
  }, 60_000);

  it('sends a flood in few large messages, not a message for each read of the pipe', async () => {
    const sid = (await relay.api<RelayConfig>('/api/config')).body.launchSessionId!;
    const s = await relay.socket();
    s.send({ type: 'subscribe', sessionId: sid, afterSeq: 0 });
    await s.until(() => s.messages.find((m) => m.type === 'synced'), 'synced');
    const from = s.messages.length;
    s.send({ type: 'send', sessionId: sid, text: request(20_001, 'flood') });
    await s.frame(sid, (f) => f.dir === 'in' && f.rpcId === '20001', 'the flood answered', 60_000);
    const batches = s.messages.slice(from).flatMap((m) => (m.type === 'frames' ? [m.frames.length] : []));
    expect(batches.reduce((a, b) => a + b, 0)).toBe(FLOOD + 2);
    // Only a reply after a quiet spell goes alone: a burst waits for the tick's end (or a message's worth). Sending the
    // first frame of each read at once made most of a flood's messages hold a frame or two.
    expect(batches.filter((n) => n < 10).length).toBeLessThanOrEqual(Math.max(3, batches.length / 4));
    s.close();
  }, 60_000);
});
