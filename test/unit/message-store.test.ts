import { describe, expect, it } from 'vitest';
import { classifyText, idKey } from '../../shared/jsonrpc.js';
import type { FrameRecord } from '../../shared/relay-protocol.js';
import { EMPTY_FILTER } from '../../web/lib/log/frame-filter.js';
import { MessageStore } from '../../web/lib/log/message-store.js';

let seq = 0;
/** Builds a frame the way the relay records it, classifying the text with the shared classifier. */
function frame(dir: FrameRecord['dir'], text: string, ts = seq * 10, kind?: FrameRecord['kind']): FrameRecord {
  seq++;
  const c = classifyText(text);
  return {
    seq,
    ts,
    dir,
    kind: kind ?? c.kind,
    text,
    size: new TextEncoder().encode(text).length,
    method: c.method ?? null,
    rpcId: idKey(c.id),
  };
}

function fresh(): { store: MessageStore; log: ReturnType<MessageStore['log']> } {
  seq = 0;
  const store = new MessageStore();
  return { store, log: store.log('s1') };
}

const req = (id: unknown, method: string) => JSON.stringify({ jsonrpc: '2.0', id, method });
const res = (id: unknown, result: unknown = {}) => JSON.stringify({ jsonrpc: '2.0', id, result });

describe('message store', () => {
  it('pairs a client request with the server response and computes latency', () => {
    const { store, log } = fresh();
    store.append('s1', [frame('out', req(1, 'tools/list'), 1000.5), frame('in', res(1), 1012.75)]);
    const [request, response] = log.entries;
    expect(log.links.of(request!.frame.seq).pairs).toEqual([2]);
    expect(log.links.of(response!.frame.seq).pairs).toEqual([1]);
    expect(response?.latencyMs).toBeCloseTo(12.25);
    expect(response?.method).toBe('tools/list');
    expect(log.pairOf(response!)?.frame.seq).toBe(1);
  });

  it('pairs a server request with the client response, separately from client ids', () => {
    const { store, log } = fresh();
    store.append('s1', [frame('out', req(1, 'tools/call')), frame('in', req(1, 'sampling/createMessage')), frame('out', res(1)), frame('in', res(1))]);
    const bySeq = (n: number) => log.bySeq(n)!;
    expect(log.links.of(3).pairs).toEqual([2]);
    expect(bySeq(3).method).toBe('sampling/createMessage');
    expect(log.links.of(4).pairs).toEqual([1]);
    expect(bySeq(4).method).toBe('tools/call');
  });

  it('marks a request its sender cancelled before any answer, and not one already answered or of the other side', () => {
    const { store, log } = fresh();
    const cancel = (id: unknown) => JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id, reason: 'user' } });
    store.append('s1', [
      frame('out', req(1, 'tools/call')),
      frame('out', req(2, 'ping')),
      frame('in', res(2)),
      frame('in', req(3, 'sampling/createMessage')),
      frame('out', cancel(1)),
      frame('out', cancel(2)),
      frame('out', cancel(3)),
    ]);
    expect(log.links.of(1).cancelledBy).toBe(5);
    expect(log.links.of(2).cancelledBy).toBeUndefined();
    // The client cannot cancel the server's request 3: a cancel names its own sender's requests.
    expect(log.links.of(4).cancelledBy).toBeUndefined();
  });

  it('never pairs a string id with the same number', () => {
    const { store, log } = fresh();
    store.append('s1', [frame('out', req(1, 'ping')), frame('in', res('1'))]);
    expect(log.links.of(2).pairs).toEqual([]);
    expect(log.bySeq(2)?.unmatched).toBe(true);
  });

  it('pairs batch elements individually, in any order', () => {
    const { store, log } = fresh();
    store.append('s1', [
      frame('out', `[${req(1, 'ping')},${req(2, 'tools/list')},{"jsonrpc":"2.0","method":"notifications/x"}]`, 0),
      frame('in', res(2), 5),
      frame('in', res(1), 9),
    ]);
    expect(log.links.of(1).pairs).toEqual([2, 3]);
    expect(log.bySeq(2)?.method).toBe('tools/list');
    expect(log.bySeq(3)?.latencyMs).toBe(9);
  });

  it('pairs a batch response to single requests and keeps the slowest latency', () => {
    const { store, log } = fresh();
    store.append('s1', [frame('out', req(1, 'ping'), 0), frame('out', req(2, 'tools/list'), 4), frame('in', `[${res(1)},${res(2)}]`, 10)]);
    const batch = log.bySeq(3)!;
    expect(log.links.of(3).pairs).toEqual([1, 2]);
    expect(batch.latencyMs).toBe(10);
    expect(batch.method).toBe('ping, tools/list');
  });

  it('flags a second response to one request and a reused request id', () => {
    const { store, log } = fresh();
    store.append('s1', [frame('out', req(1, 'ping')), frame('in', res(1)), frame('in', res(1)), frame('out', req(1, 'ping'))]);
    expect(log.bySeq(2)?.duplicate).toBe(false);
    expect(log.bySeq(3)?.duplicate).toBe(true);
    expect(log.bySeq(4)?.duplicate).toBe(true);
  });

  it('flags responses that answer nothing, including errors with a null id', () => {
    const { store, log } = fresh();
    store.append('s1', [frame('in', res(42)), frame('in', '{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}')]);
    expect(log.bySeq(1)?.unmatched).toBe(true);
    expect(log.links.of(2).pairs).toEqual([]);
  });

  it('starts pairing afresh when the relay reports a new process', () => {
    const { store, log } = fresh();
    store.append('s1', [
      frame('out', req(1, 'ping')),
      frame('relay', '{"event":"exited","code":1,"signal":null}', 0, 'event'),
      frame('relay', '{"event":"spawned","pid":2,"command":"node","args":[]}', 0, 'event'),
      frame('out', req(1, 'initialize')),
      frame('in', res(1)),
    ]);
    expect(log.bySeq(4)?.duplicate).toBe(false);
    expect(log.links.of(5).pairs).toEqual([4]);
  });

  it('keeps stderr, noise and oversize heads without pairing them', () => {
    const { store, log } = fresh();
    store.append('s1', [frame('in', 'starting server…', 0, 'stderr'), frame('in', 'not json {'), frame('in', '{"jsonrpc":"2.0","id":1,"res', 0, 'oversize')]);
    expect(log.bySeq(1)?.value).toBeUndefined();
    expect(log.bySeq(2)?.frame.kind).toBe('noise');
    expect(log.bySeq(2)?.parseError?.message).toBeTruthy();
    expect(log.bySeq(3)?.parseError).toBeNull();
  });

  it('drops frames it already holds, so a resubscribe never duplicates', () => {
    const { store, log } = fresh();
    const frames = [frame('out', req(1, 'ping')), frame('in', res(1))];
    expect(store.append('s1', frames)).toBe(2);
    expect(store.append('s1', frames)).toBe(0);
    expect(log.entries).toHaveLength(2);
    expect(store.lastSeq('s1')).toBe(2);
  });

  it('notifies subscribers and bumps the snapshot only when something changed', () => {
    const { store } = fresh();
    let calls = 0;
    const unsubscribe = store.subscribe(() => calls++);
    const before = store.versionOf('s1');
    const f = frame('out', req(1, 'ping'));
    store.append('s1', [f]);
    store.append('s1', [f]);
    expect(calls).toBe(1);
    expect(store.versionOf('s1')).not.toBe(before);
    unsubscribe();
    store.append('s1', [frame('in', res(1))]);
    expect(calls).toBe(1);
    expect(store.versionOf('other')).toBe(0);
  });

  it('filters by text, method (through pairing), direction and kinds', () => {
    const { store, log } = fresh();
    store.append('s1', [
      frame('out', req(1, 'tools/list')),
      frame('in', res(1, { tools: [{ name: 'Echo' }] })),
      frame('in', 'boot log', 0, 'stderr'),
      frame('out', req(2, 'ping')),
    ]);
    const seqs = (f: Partial<typeof EMPTY_FILTER>) => log.filtered({ ...EMPTY_FILTER, ...f }).map((e) => e.frame.seq);
    expect(seqs({})).toEqual([1, 2, 3, 4]);
    expect(seqs({ text: 'echo' })).toEqual([2]);
    expect(seqs({ method: 'TOOLS/' })).toEqual([1, 2]);
    expect(seqs({ dir: 'in' })).toEqual([2, 3]);
    expect(seqs({ kinds: ['stderr', 'request'] })).toEqual([1, 3, 4]);
    expect(seqs({ dir: 'out', method: 'ping' })).toEqual([4]);
  });

  it('extends a filtered view incrementally as frames arrive', () => {
    const { store, log } = fresh();
    const filter = { ...EMPTY_FILTER, kinds: ['request' as const] };
    store.append('s1', [frame('out', req(1, 'ping'))]);
    const first = log.filtered(filter);
    expect(first).toHaveLength(1);
    store.append('s1', [frame('in', res(1)), frame('out', req(2, 'ping'))]);
    expect(log.filtered(filter).map((e) => e.frame.seq)).toEqual([1, 3]);
  });

  it('lists the methods seen, for the method filter', () => {
    const { store, log } = fresh();
    store.append('s1', [frame('out', req(1, 'tools/list')), frame('in', '{"jsonrpc":"2.0","method":"notifications/message"}')]);
    expect(log.methods).toEqual(['notifications/message', 'tools/list']);
  });

  it('handles fifty thousand frames in time linear in their number (50,000 cost ~10× 5,000, not ~100×)', () => {
    // A ratio within one run, not a wall-clock budget: the machines are shared, and re-parsing or re-filtering the
    // whole log on each append shows as ~100×.
    const fill = (pairs: number) => {
      const { store, log } = fresh();
      const started = performance.now();
      for (let i = 1; i <= pairs; i++) {
        store.append('s1', [frame('out', req(i, 'tools/call'), i), frame('in', res(i, { content: [] }), i + 1)]);
        if (i % 1000 === 0) log.filtered({ ...EMPTY_FILTER, text: 'content' });
      }
      return { ms: performance.now() - started, log };
    };
    fill(2_500); // warm-up: the JIT compiles the hot path before either measurement
    const small = fill(2_500);
    const { ms, log } = fill(25_000);
    expect(log.entries).toHaveLength(50_000);
    expect(log.filtered({ ...EMPTY_FILTER, text: 'content' })).toHaveLength(25_000);
    expect(log.links.of(50_000).pairs).toEqual([49_999]);
    expect(ms / Math.max(small.ms, 1)).toBeLessThan(40);
  });
});
