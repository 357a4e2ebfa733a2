import { describe, expect, it } from 'vitest';
import { toEntry } from '../../../web/lib/log/frame-entry.js';
import { FrameLinkStore, linksOf, NO_LINKS } from '../../../web/lib/log/frame-links.js';
import { SessionLog } from '../../../web/lib/log/session-log.js';
import { frames, j } from '../lint/frames.js';

describe('the links store', () => {
  it('answers one shared, frozen "none" for a frame nothing was learned about', () => {
    const store = new FrameLinkStore();
    expect(store.of(4)).toBe(NO_LINKS);
    expect(Object.isFrozen(NO_LINKS) && Object.isFrozen(NO_LINKS.pairs)).toBe(true);
  });

  it('joins both sides once, keeps the first cancel, counts keep-alives, and replaces the links object on each change', () => {
    const store = new FrameLinkStore();
    store.pair(1, 2);
    const first = store.of(1);
    store.pair(1, 2);
    expect(store.of(1)).toBe(first);
    store.pair(1, 5);
    expect(first.pairs).toEqual([2]);
    expect(store.of(1).pairs).toEqual([2, 5]);
    expect(store.of(2).pairs).toEqual([1]);
    store.cancel(1, 7);
    store.cancel(1, 9);
    expect(store.of(1)).toMatchObject({ pairs: [2, 5], cancelledBy: 7 });
    store.keepAlive(3, 2, 100);
    store.keepAlive(3, 1, 150);
    expect(store.of(3).keepAlives).toEqual({ count: 3, lastTs: 150 });
  });

  it('tells only the listeners of the frames that changed, and forgets one frame or a range', () => {
    const store = new FrameLinkStore();
    const heard: number[] = [];
    for (const seq of [1, 2, 3]) store.subscribe(seq, () => heard.push(seq));
    store.pair(1, 2);
    expect(heard).toEqual([1, 2]);
    store.forget(2, 2);
    expect(store.has(1) && !store.has(2)).toBe(true);
    store.forget(0, 1_000_000);
    expect(store.has(1)).toBe(false);
    expect(heard).toEqual([1, 2, 2, 1]);
  });

  it('falls back to the relay’s pairing for an entry read from the relay', () => {
    const [frame] = frames([['in', j({ id: 1, result: {} })]]);
    const fromRelay = { ...toEntry(frame!), relayLinks: { pairs: [9] } };
    expect(linksOf(new FrameLinkStore(), fromRelay).pairs).toEqual([9]);
    expect(linksOf(new FrameLinkStore(), toEntry(frame!))).toBe(NO_LINKS);
  });
});

describe('a logged entry never changes', () => {
  it('is frozen, and a later answer and cancel reach the links store, not the entry', () => {
    const log = new SessionLog();
    log.append(frames([['out', j({ id: 1, method: 'tools/call', params: { name: 'slow' } })]]));
    const request = log.bySeq(1)!;
    expect(Object.isFrozen(request)).toBe(true);
    const before = JSON.stringify(request);
    let told = 0;
    log.links.subscribe(1, () => told++);
    log.append(
      frames(
        [
          ['out', j({ method: 'notifications/cancelled', params: { requestId: 1 } })],
          ['in', j({ id: 1, result: { content: [] } })],
        ],
        2,
      ),
    );
    expect(log.bySeq(1)).toBe(request);
    expect(JSON.stringify(request)).toBe(before);
    expect(log.links.of(1)).toEqual({ pairs: [3], cancelledBy: 2 });
    expect(told).toBe(2);
    // What the answer learns on arrival is in its own entry from the start.
    expect(log.bySeq(3)).toMatchObject({ method: 'tools/call', latencyMs: 2 });
    expect(Object.isFrozen(log.bySeq(3))).toBe(true);
  });
});
