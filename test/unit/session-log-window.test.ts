import { describe, expect, it } from 'vitest';
import { classifyText, idKey } from '../../shared/jsonrpc.js';
import type { WindowFrame } from '../../shared/frame-window-api.js';
import type { FrameRecord } from '../../shared/relay-protocol.js';
import { windowEntry } from '../../web/lib/log/frame-window.js';
import { MessageStore } from '../../web/lib/log/message-store.js';

function frame(seq: number, dir: FrameRecord['dir'], text: string): FrameRecord {
  const c = classifyText(text);
  return { seq, ts: seq * 10, dir, kind: c.kind, text, size: text.length, method: c.method ?? null, rpcId: idKey(c.id) };
}
const req = (id: number, method: string) => JSON.stringify({ jsonrpc: '2.0', id, method });
const res = (id: number) => JSON.stringify({ jsonrpc: '2.0', id, result: {} });
const note = (n: number) => JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { data: n } });

describe('a session log that holds only part of its history', () => {
  it('stays whole (not windowed) while frames arrive without a gap', () => {
    const store = new MessageStore();
    store.append('s', [frame(1, 'out', req(1, 'ping')), frame(2, 'in', res(1))]);
    expect(store.log('s').windowed).toBe(false);
    expect(store.log('s').total).toBe(2);
  });

  it('turns windowed at a gap, and an answer to a request in the gap is not flagged unmatched', () => {
    const store = new MessageStore();
    store.append('s', [frame(1, 'out', req(1, 'ping')), frame(2, 'in', res(1))]);
    store.append('s', [frame(500, 'in', res(7)), frame(501, 'in', note(1))]);
    const log = store.log('s');
    expect(log.windowed).toBe(true);
    expect(log.bySeq(500)?.unmatched).toBe(false);
    expect(log.total).toBe(501);
  });

  it('is windowed from the relay session message when the session exceeds the bound, and counts all of it', () => {
    const store = new MessageStore();
    let heard = 0;
    store.subscribe(() => heard++);
    store.noteReported('s', 1_000_000, 10_200);
    const log = store.log('s');
    expect(log.windowed).toBe(true);
    expect(log.total).toBe(1_000_000);
    expect(heard).toBe(1);
    // A small session stays whole, exactly as before.
    store.noteReported('t', 900, 10_200);
    expect(store.log('t').windowed).toBe(false);
    expect(store.log('t').total).toBe(0);
  });

  it('remembers frames read through the relay for bySeq, evicting the oldest past its bound', () => {
    const store = new MessageStore();
    store.append('s', [frame(1, 'out', req(1, 'ping'))]);
    const page = (from: number, n: number) =>
      Array.from({ length: n }, (_, i) => windowEntry({ ...frame(from + i, 'in', note(from + i)), pairs: [], pairMethod: null, latencyMs: null }));
    store.remember('s', page(100, 3_000));
    store.remember('s', page(10_000, 3_000));
    const log = store.log('s');
    expect(log.bySeq(12_999)?.frame.seq).toBe(12_999);
    expect(log.bySeq(100)).toBeUndefined();
    expect(log.bySeq(3_099)?.frame.seq).toBe(3_099);
    // A frame the page holds is never shadowed by a remembered copy.
    store.remember('s', page(1, 1));
    expect(log.bySeq(1)?.frame.kind).toBe('request');
  });

  it('turns a page row into a log entry: pair, latency and the request method of a response; a cut text is not parsed', () => {
    const response: WindowFrame = { ...frame(9, 'in', res(4)), pairs: [3], pairMethod: 'tools/call', latencyMs: 12 };
    const e = windowEntry(response);
    expect(e.relayLinks?.pairs).toEqual([3]);
    expect(e.method).toBe('tools/call');
    expect(e.latencyMs).toBe(12);
    const cut = windowEntry({
      ...frame(10, 'in', '{"jsonrpc":"2.0","id":5,"result":{"content":[{"text":"aaaa'),
      kind: 'response',
      pairs: [],
      pairMethod: null,
      latencyMs: null,
      truncated: true,
    });
    expect(cut.truncated).toBe(true);
    expect(cut.parseError).toBeNull();
    expect(cut.value).toBeUndefined();
  });
});
