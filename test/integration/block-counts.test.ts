// The background pass's block counts answer a windowed filter exactly as the scan does: direction, kind and method
// filters (a response under its request's method, ids reused, answers from the wrong side), needles of one and two
// characters (case folded as LIKE folds it, characters outside ASCII, LIKE's wildcards), counts per block and pages
// at any skip, with the counts covering part of the session and the rest read, and all of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FrameRecord } from '../../shared/relay-protocol.js';
import type { WindowFilter } from '../../shared/frame-window-api.js';
import { GramCounter, gramKey } from '../../server/store/block-counts.js';
import { FrameWindowReader } from '../../server/store/recorder-window.js';
import { Recorder } from '../../server/store/recorder.js';
import { sessionKey } from '../../server/store/session-keys.js';
import { TextIndex } from '../../server/store/text-index.js';

const N = 13_000;
const ODD = ['{"note":"Élan É é"}', '{"note":"100% a_b"}', '{"note":"😀😀 Zz"}', '{"note":"\u212A k"}'];

/** A conversation: requests both ways with ids that repeat, their answers (some errors), notifications, relay events and odd texts. */
function frame(seq: number): FrameRecord {
  const r = seq % 40;
  const id = String(seq % 7);
  const base = { seq, ts: seq, size: 10, rpcId: null, method: null } as const;
  // One match near the start and one past where the partial counts end: a page read skips the empty blocks between.
  if (seq === 10 || seq === 12_500) return { ...base, dir: 'in', kind: 'invalid', text: '{"note":"§§ rare"}' };
  if (r === 0)
    return { ...base, dir: 'out', kind: 'request', method: seq % 80 === 0 ? 'tools/call' : 'Resources/Read', rpcId: id, text: `{"id":${id},"method":"x"}` };
  if (r === 1) return { ...base, dir: 'in', kind: seq % 120 === 1 ? 'error' : 'response', rpcId: String((seq - 1) % 7), text: `{"id":1,"result":{}}` };
  if (r === 2) return { ...base, dir: 'in', kind: 'request', method: 'sampling/createMessage', rpcId: id, text: '{"method":"sampling"}' };
  // Answered from the same side: pairs with no request of its own side's opposite.
  if (r === 3) return { ...base, dir: 'in', kind: 'response', rpcId: String((seq - 1) % 7), text: '{"result":"same side"}' };
  if (r === 4) return { ...base, dir: 'out', kind: 'response', rpcId: String((seq - 2) % 7), text: '{"result":"sampled"}' };
  if (r === 5) return { ...base, dir: 'relay', kind: 'event', method: 'spawned', text: '{"event":"spawned"}' };
  if (seq % 991 === 0) return { ...base, dir: 'in', kind: 'invalid', text: ODD[(seq / 991) % ODD.length]! };
  return {
    ...base,
    dir: 'in',
    kind: 'notification',
    method: 'notifications/message',
    text: `{"method":"notifications/message","params":{"data":"row ${seq}"}}`,
  };
}

const FILTERS: WindowFilter[] = [
  // No filter at all: every frame, and a page read from any seq.
  {},
  { dir: 'in' },
  { dir: 'out' },
  { dir: 'relay' },
  { kinds: ['request'] },
  { kinds: ['response', 'error'] },
  { kinds: ['invalid'] },
  { method: 'tools' },
  { method: 'RESOURCES' },
  { method: 'sampling' },
  { method: 'no such method' },
  { method: '/', dir: 'in' },
  { method: 'tools', kinds: ['error'] },
  { dir: 'out', kinds: ['response'] },
  { text: 'r' },
  { text: 'R' },
  { text: 'ro' },
  { text: 'é' },
  { text: 'É' },
  { text: '😀' },
  { text: '😀😀' },
  { text: 'zz' },
  { text: 'ZZ' },
  { text: '%' },
  { text: '_b' },
  { text: 'k' },
  { text: '\u212A' },
  { text: 'qq' },
  { text: '§§' },
  // A short needle with facets: each block's two counts answer where their bounds meet (no frame holds the gram, or
  // every frame of the block does, or none or all are of the facets), and the other blocks are read.
  { text: 'ro', dir: 'in' },
  { text: 'qq', dir: 'in' },
  { text: 'ZZ', dir: 'in' },
  { text: 'Zz', kinds: ['invalid'] },
  { text: '§§', dir: 'in', kinds: ['invalid'] },
  { text: 'é', dir: 'out' },
  { text: '"', dir: 'relay' },
  { text: 'ro', method: 'notifications' },
  { text: 'x', method: 'tools', kinds: ['request'] },
  // Not answered by the counts: read as before, and still the same.
  { text: 'row 1' },
  { method: 'tools', findings: true },
];
const PAGES: Array<[number, number, number, number]> = [
  [0, N + 1, 0, 100],
  [0, N + 1, 3, 40],
  [0, N + 1, 250, 100],
  [5_000, 12_000, 7, 50],
  [4_096, 8_192, 0, 10],
  [9_000, N + 1, 0, 5_000],
  [3_003, N + 1, 0, 3],
];

let recorder: Recorder;
let reader: FrameWindowReader;
let sk: number;
const scans = new Map<string, unknown>();
const answers = (f: WindowFilter) => ({ index: reader.index('s', f), pages: PAGES.map(([a, b, skip, limit]) => reader.page('s', a, b, skip, limit, f)) });

beforeAll(() => {
  recorder = new Recorder(null);
  for (let seq = 1; seq <= N; seq++) recorder.append('s', frame(seq));
  recorder.flush();
  reader = new FrameWindowReader(recorder.db);
  sk = sessionKey(recorder.db, 's')!;
  for (const f of FILTERS) scans.set(JSON.stringify(f), answers(f));
});

afterAll(() => recorder?.close());

describe('block counts', () => {
  it.each([
    ['part of the session (mid-block), the rest read', 6_000],
    ['all of it', N],
  ])('answer every filter as the scan did, with the counts covering %s', (_, upTo) => {
    recorder.db.transaction(() => new TextIndex(recorder.db).add(sk, upTo))();
    for (const f of FILTERS) expect(answers(f), JSON.stringify(f)).toEqual(scans.get(JSON.stringify(f)));
    // The counts were used where they can answer, and only there.
    expect(reader.uncounted('s', { dir: 'in' }, N)).toBe(N - upTo);
    expect(reader.uncounted('s', { text: 'zz' }, N)).toBe(N - upTo);
    // No frame holds "qq": every block's count is 0 whatever the direction; "ro" and "in" are both common in a block.
    expect(reader.uncounted('s', { text: 'qq', dir: 'in' }, N)).toBe(N - upTo);
    expect(reader.uncounted('s', { text: 'ro', dir: 'in' }, N)).toBeGreaterThan(N - upTo);
    expect(reader.uncounted('s', { text: 'ro', hideBookkeeping: true }, N)).toBe(N);
    // "row" is in no block's shared start or end, and its grams are in every block: each block is read.
    expect(reader.uncounted('s', { text: 'row' }, N)).toBeGreaterThanOrEqual(N);
    expect(reader.uncounted('s', { text: 'row', dir: 'in' }, N)).toBe(N);
  });

  it('counts a method filter with the answers to its requests, as the live log shows them', () => {
    // Worked out here from the frames: a response's request is the latest earlier request with its id from the other side.
    const frames = Array.from({ length: N }, (_, i) => frame(i + 1));
    const methodOf = (f: FrameRecord): string | null => {
      if (f.method !== null || f.rpcId === null || (f.kind !== 'response' && f.kind !== 'error')) return f.method;
      for (let s = f.seq - 1; s >= 1; s--) {
        const r = frames[s - 1]!;
        if (r.kind === 'request' && r.rpcId === f.rpcId && r.dir !== f.dir) return r.method;
      }
      return null;
    };
    const expected = (dir?: string) => frames.filter((f) => methodOf(f) === 'Resources/Read' && (!dir || f.dir === dir)).length;
    expect(expected()).toBeGreaterThan(expected('out'));
    expect(reader.index('s', { method: 'resources/read' }).total).toBe(expected());
    expect(reader.index('s', { method: 'resources/read', dir: 'out' }).total).toBe(expected('out'));
  });

  it('counts each gram once per frame, ASCII letters folded and nothing else', () => {
    const c = new GramCounter();
    c.add('AaÉé😀😀');
    c.add('a');
    const got = Object.fromEntries(c.take());
    expect(got).toEqual({ a: 2, aa: 1, aÉ: 1, é: 1, É: 1, Éé: 1, '😀': 1, '😀😀': 1, 'é😀': 1 });
    expect(c.take()).toEqual([]);
    expect([gramKey('Zz'), gramKey('😀'), gramKey('abc'), gramKey('\ud800')]).toEqual(['zz', '😀', null, null]);
  });
});

describe('the first matches', () => {
  it('are the whole count cut at the end of the span that found enough, marked partial', () => {
    for (const f of [
      { text: 'row', kinds: ['notification'] },
      { text: 'row', dir: 'in' },
      { method: 'tools', hideBookkeeping: true },
    ] satisfies WindowFilter[]) {
      const whole = reader.index('s', f);
      const first = reader.firstIndex('s', f, 5);
      expect(first.partial, JSON.stringify(f)).toBe(true);
      expect(first.total).toBeGreaterThanOrEqual(5);
      expect(first.blocks).toEqual(whole.blocks.filter(([b]) => b <= first.lastSeq >> first.blockBits));
      expect((first.lastSeq + 1) % 2 ** first.blockBits).toBe(0);
    }
  });

  it('stop when the time is up, and are the whole count when they reach the end', () => {
    // Nothing matches, and nothing but the frames answers: the spans double to the end unless the budget stops them.
    const none: WindowFilter = { text: 'qq', findings: true };
    expect(reader.firstIndex('s', none, 5, 0)).toMatchObject({ total: 0, lastSeq: 4_095, partial: true });
    // A budget no loaded machine reaches: the spans run to the end.
    expect(reader.firstIndex('s', none, 5, 60_000)).toEqual(reader.index('s', none));
    expect(reader.firstIndex('s', { text: 'row', dir: 'in' }, 1e6, 60_000)).toEqual(reader.index('s', { text: 'row', dir: 'in' }));
  });

  it('are the whole count at once where the block counts answer', () => {
    for (const f of [{ dir: 'in' }, { text: 'qq' }, { text: 'qq', dir: 'in' }, { method: 'sampling', kinds: ['request'] }] satisfies WindowFilter[])
      expect(reader.firstIndex('s', f, 5, 0), JSON.stringify(f)).toEqual(reader.index('s', f));
  });
});

describe('shared ends', () => {
  // A flood's frames: one JSON around each frame's data. Block 1 holds one frame of another shape, block 2 one with a
  // NUL (LIKE reads no further), block 0 one with its padding in capitals.
  const body = (seq: number): string => {
    if (seq === 5_000) return '{"other":1}';
    if (seq === 9_000) return '{"jsonrpc":"2.0","method":"Notifications/Message","params":{"data":"\u0000 xxxx zzz"}}';
    return `{"jsonrpc":"2.0","method":"Notifications/Message","params":{"data":"${seq} ${seq === 300 ? 'XXXXXXXX' : 'xxxxxxxx'}"}}`;
  };
  const NEEDLES = ['notifications/message', 'NOTIFICATIONS', '"jsonrpc"', 'xxxx', 'XXXX', '"}}', 'x"}}', 'xxxxxxxxx', 'zzz', 'message","params', '1 xx'];
  const T = 13_000;
  const tScans = new Map<string, unknown>();
  const tAnswers = (f: WindowFilter) => ({ index: reader.index('t', f), pages: PAGES.map(([a, b, skip, limit]) => reader.page('t', a, b, skip, limit, f)) });

  beforeAll(() => {
    for (let seq = 1; seq <= T; seq++) {
      const text = body(seq);
      recorder.append('t', { seq, ts: seq, dir: 'in', kind: 'notification', method: 'notifications/message', rpcId: null, size: text.length, text });
    }
    recorder.flush();
    for (const text of NEEDLES) tScans.set(text, tAnswers({ text }));
  });

  it.each([
    ['part of the session (mid-block), the rest read', 6_000],
    ['all of it', T],
  ])('answer a needle most frames hold as the scan did, with the pass covering %s', (_, upTo) => {
    const tk = sessionKey(recorder.db, 't')!;
    recorder.db.transaction(() => new TextIndex(recorder.db).add(tk, upTo))();
    for (const text of NEEDLES) expect(tAnswers({ text }), text).toEqual(tScans.get(text));
    // Blocks 0, 2 and 3 are answered by their shared start (LIKE reads block 2's NUL frame up to past it); block 1,
    // with another shape, is read, and the frames past the pass. Block 2 keeps no shared end: it is read for one.
    expect(reader.uncounted('t', { text: 'notifications' }, T)).toBe(T - upTo + 4_096);
    expect(reader.uncounted('t', { text: 'x"}}' }, T)).toBe(T - upTo + (upTo === T ? 2 : 1) * 4_096);
    expect((tScans.get('notifications/message') as { index: { total: number } }).index.total).toBe(T - 1);
  });
});
