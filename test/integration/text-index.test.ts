// The windowed text filter through the trigram index finds exactly what the scan finds: counts per block and pages,
// needles of every length and case, characters LIKE would treat as wildcards, trigrams that a frame holds apart, with
// the index part built and the rest scanned; the background lint pass builds the index, and deleting a session drops it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FrameRecord } from '../../shared/relay-protocol.js';
import type { WindowFilter } from '../../shared/frame-window-api.js';
import { FrameWindowReader } from '../../server/store/recorder-window.js';
import { Recorder } from '../../server/store/recorder.js';
import { RecorderLint } from '../../server/store/recorder-lint.js';
import { SessionArchive } from '../../server/store/archive/session-archive.js';
import { sessionKey } from '../../server/store/session-keys.js';
import { TextIndex, trigramQuery } from '../../server/store/text-index.js';

const N = 9_000;
/** Texts that test the case rule (LIKE folds A–Z only), LIKE's own wildcards, quotes and characters outside ASCII. */
const SPECIAL = [
  '{"note":"Élan vital and élan"}',
  '{"note":"KELVIN \u212A and k"}',
  '{"note":"İstanbul istanbul"}',
  '{"note":"100% of a_b \\\\ path"}',
  '{"note":"say \\"quoted\\" now"}',
  '{"note":"abcXbcd apart"}',
  '{"note":"ABCD together"}',
  '{"note":"emoji 😀 here"}',
];

function text(seq: number): string {
  if (seq % 997 === 0) return SPECIAL[(seq / 997) % SPECIAL.length]!;
  if (seq % 50 === 0) return JSON.stringify({ jsonrpc: '2.0', id: seq, method: 'tools/call', params: { name: `Tool${seq % 7}` } });
  return JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { level: seq % 300 === 7 ? 'Warning' : 'info', data: `row ${seq}` } });
}

function frame(seq: number): FrameRecord {
  const t = text(seq);
  const request = seq % 50 === 0;
  return {
    seq,
    ts: seq,
    dir: request ? 'out' : 'in',
    kind: request ? 'request' : seq % 997 === 0 ? 'invalid' : 'notification',
    text: t,
    size: Buffer.byteLength(t),
    method: request ? 'tools/call' : seq % 997 === 0 ? null : 'notifications/message',
    rpcId: request ? `n:${seq}` : null,
  };
}

const NEEDLES = [
  'a', // shorter than a trigram: scanned
  'ro', // likewise
  'warning', // rare, and upper case in the texts
  'WARNING',
  'row 4321', // one frame (and none past the index's end)
  'row 87', // a few frames, spread
  'tool3', // case folded: Tool3
  'élan', // LIKE folds ASCII only: finds "élan", not "Élan"
  'ÉLAN',
  'kelvin', // the Kelvin sign is not ASCII: LIKE does not fold it to k
  'istanbul', // İ is not ASCII
  '100%', // LIKE's wildcards, matched literally
  'a_b',
  '\\\\ path',
  '\\"quoted\\"',
  'bcd', // "abcXbcd" holds abc and bcd, but only "ABCD" holds "abcd"
  'abcd',
  '😀 he',
  'notifications', // most frames: scanned whatever the index holds
  'nothing like this',
];

let recorder: Recorder;
let reader: FrameWindowReader;
let sk: number;
const scans = new Map<string, { index: unknown; page: unknown }>();
const filters = (needle: string): WindowFilter[] => [
  { text: needle },
  { text: needle, dir: 'in' },
  { text: needle, method: 'tools' },
  { text: needle, kinds: ['invalid'] },
];

beforeAll(() => {
  recorder = new Recorder(null);
  for (let seq = 1; seq <= N; seq++) recorder.append('s', frame(seq));
  recorder.flush();
  reader = new FrameWindowReader(recorder.db);
  sk = sessionKey(recorder.db, 's')!;
  // The scan's answers, before any index exists.
  for (const needle of NEEDLES)
    for (const [i, f] of filters(needle).entries()) scans.set(`${needle}#${i}`, { index: reader.index('s', f), page: reader.page('s', 0, N + 1, 3, 40, f) });
});

afterAll(() => recorder?.close());

describe('the text index', () => {
  it('finds what the scan found, with the index part built and the rest scanned', () => {
    recorder.db.transaction(() => new TextIndex(recorder.db).add(sk, 6_000))();
    const used: string[] = [];
    for (const needle of NEEDLES) {
      if (new TextIndex(recorder.db).plan(sk, needle)) used.push(needle);
      for (const [i, f] of filters(needle).entries()) {
        const scan = scans.get(`${needle}#${i}`)!;
        expect(reader.index('s', f), `${needle} ${JSON.stringify(f)}`).toEqual(scan.index);
        expect(reader.page('s', 0, N + 1, 3, 40, f), `${needle} ${JSON.stringify(f)}`).toEqual(scan.page);
      }
    }
    // The index answered the rare needles; the short and the common ones were scanned.
    expect(used).toContain('warning');
    expect(used).toContain('row 4321');
    expect(used).toContain('abcd');
    expect(used).not.toContain('ro');
    expect(used).not.toContain('notifications');
  });

  it('folds the case of ASCII letters only, as LIKE does', () => {
    const total = (needle: string) => reader.index('s', { text: needle }).total;
    // Counted from the texts: seq 7976 holds "Élan vital", seqs 997 and 8973 "KELVIN \u212A and k"; É and the Kelvin sign are
    // not ASCII letters, so their case is not folded.
    expect([total('ÉLAN VITAL'), total('élan vital')]).toEqual([1, 0]);
    expect([total('kelvin'), total('\u212A AND'), total('k and')]).toEqual([2, 2, 0]);
    expect(total('WARNING')).toBe(total('warning'));
    expect(total('warning')).toBe(30);
    expect(trigramQuery('AbC"d')).toBe('"abc" AND "bc""" AND "c""d"');
  });

  it('is built by the background lint pass, up to the last frame', async () => {
    const lint = new RecorderLint(
      recorder.db,
      () => ({ options: { transport: 'stdio', protocolVersion: '2025-11-25' }, ended: true }),
      () => recorder.flush(),
    );
    await lint.ensure('s');
    expect(new TextIndex(recorder.db).indexedTo(sk)).toBe(N);
    for (const needle of ['row 87', 'kelvin', 'abcd']) expect(reader.index('s', { text: needle })).toEqual(scans.get(`${needle}#0`)!.index);
  });

  it("drops a deleted session's index whole", () => {
    const table = `text_index_${sk}`;
    const exists = () => recorder.db.prepare('SELECT count(*) FROM sqlite_master WHERE name = ?').pluck().get(table);
    expect(exists()).toBe(1);
    new SessionArchive(recorder.db).deleteSession('s');
    expect(exists()).toBe(0);
    expect(new TextIndex(recorder.db).indexedTo(sk)).toBe(0);
  });
});
