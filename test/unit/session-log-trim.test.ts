import { describe, expect, it } from 'vitest';
import { classifyText, idKey } from '../../shared/jsonrpc.js';
import type { FrameRecord } from '../../shared/relay-protocol.js';
import { MessageStore } from '../../web/lib/log/message-store.js';

function frame(seq: number, dir: FrameRecord['dir'], text: string): FrameRecord {
  const c = classifyText(text);
  return { seq, ts: seq * 10, dir, kind: c.kind, text, size: text.length, method: c.method ?? null, rpcId: idKey(c.id) };
}
const note = (n: number) => JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { data: `${n} x` } });
/** A request with the wrong JSON-RPC version: the page's linter finds something on it. */
const bad = (id: number) => JSON.stringify({ jsonrpc: '1.0', id, method: 'ping' });

function flood(store: MessageStore, from: number, to: number, batch = 10): void {
  for (let seq = from; seq <= to; seq += batch) {
    const frames: FrameRecord[] = [];
    for (let s = seq; s < seq + batch && s <= to; s++) frames.push(frame(s, s % 500 === 0 ? 'out' : 'in', s % 500 === 0 ? bad(s) : note(s)));
    store.append('s', frames);
  }
}

describe('a live session growing past the in-memory bound', () => {
  it('keeps its head and recent tail, turns windowed, and still counts every frame', () => {
    const store = new MessageStore({ head: 5, tail: 50 });
    store.configureLint('s', { transport: 'stdio' });
    flood(store, 1, 2000);
    const log = store.log('s');
    expect(log.windowed).toBe(true);
    expect(log.total).toBe(2000);
    // Never more than the bound plus one step of slack.
    expect(log.entries.length).toBeLessThanOrEqual(5 + 50 + 100);
    expect(log.entries.slice(0, 5).map((e) => e.frame.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(log.entries.at(-1)?.frame.seq).toBe(2000);
    // The tail runs without a gap up to the last frame.
    const tail = log.entries.slice(5).map((e) => e.frame.seq);
    expect(tail).toEqual(Array.from({ length: tail.length }, (_, i) => 2001 - tail.length + i));
    expect(log.held(1000)).toBeUndefined();
    // The most recent dropped frames are kept in the remote cache; old ones are gone from the page.
    expect(log.bySeq(tail[0]! - 1)?.frame.seq).toBe(tail[0]! - 1);
  });

  it('forgets the findings of dropped frames and keeps linting the new ones', () => {
    const store = new MessageStore({ head: 5, tail: 50 });
    store.configureLint('s', { transport: 'stdio' });
    flood(store, 1, 1990);
    const log = store.log('s');
    // Bad requests at 500, 1000, 1500 were dropped with the middle; none is held or listed.
    expect(log.findings.all.filter((f) => f.seq < 1900)).toEqual([]);
    flood(store, 1991, 2000);
    expect(log.findings.all.map((f) => f.seq)).toContain(2000);
    expect(log.findings.frames.of(2000).length).toBeGreaterThan(0);
    // The findings store forgot them too: no row of theirs, read back from the relay, shows the page's stale badges.
    expect(Array.from({ length: 1899 }, (_, i) => i + 1).filter((seq) => log.findings.frames.has(seq))).toEqual([]);
    // The held "has findings" view is rebuilt over the held frames only.
    expect(log.filtered({ text: '', method: '', dir: '', kinds: [], findings: true }).map((e) => e.frame.seq)).toContain(2000);
  });

  it('stays whole below the bound, and without a bound', () => {
    const bounded = new MessageStore({ head: 5, tail: 500 });
    flood(bounded, 1, 600);
    expect(bounded.log('s').windowed).toBe(false);
    expect(bounded.log('s').entries.length).toBe(600);
    const unbounded = new MessageStore();
    flood(unbounded, 1, 2000);
    expect(unbounded.log('s').windowed).toBe(false);
    expect(unbounded.log('s').entries.length).toBe(2000);
  });

  it('keeps a whole batch larger than the tail, since the client engine reads it from the log', () => {
    const store = new MessageStore({ head: 5, tail: 50 });
    flood(store, 1, 400, 400);
    flood(store, 401, 700, 300);
    const log = store.log('s');
    expect(log.entries.slice(-300).map((e) => e.frame.seq)).toEqual(Array.from({ length: 300 }, (_, i) => 401 + i));
  });
});
