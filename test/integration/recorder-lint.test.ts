// The relay's lint of a whole session against a real (in-memory) store: the cap on stored findings with exact
// counts past it, and what a restart of the relay keeps.
import { afterEach, describe, expect, it } from 'vitest';
import type { FrameRecord } from '../../shared/relay-protocol.js';
import { RecorderLint, type LintTarget } from '../../server/recorder-lint.js';
import { Recorder } from '../../server/recorder.js';

let recorder: Recorder | null = null;

afterEach(() => {
  recorder?.close();
  recorder = null;
});

/** A client request with the wrong JSON-RPC version: a finding each, and (never answered) another at the end. */
function badRequest(seq: number): FrameRecord {
  const text = JSON.stringify({ jsonrpc: '1.0', id: seq, method: 'ping' });
  return { seq, ts: seq, dir: 'out', kind: 'request', text, size: text.length, method: 'ping', rpcId: String(seq) };
}

const target: LintTarget = { options: { transport: 'stdio' }, ended: true };

function fill(r: Recorder, from: number, to: number): void {
  for (let seq = from; seq <= to; seq++) r.append('s', badRequest(seq));
  r.flush();
}

describe('RecorderLint', () => {
  it('stores findings up to its cap and keeps counting every rule past it', async () => {
    const r = (recorder = new Recorder(null));
    fill(r, 1, 30);
    const lint = new RecorderLint(r.db, () => target, () => r.flush(), 10);
    await lint.ensure('s');
    const s = lint.summary('s', 30);
    expect(s).toMatchObject({ lintedTo: 30, lastSeq: 30, done: true, stored: 10, cap: 10 });
    const counted = s.rules.reduce((n, g) => n + g.count, 0);
    // At least one finding per bad request, all counted, though only ten are stored.
    expect(counted).toBeGreaterThanOrEqual(30);
    expect(s.dropped).toBe(counted - 10);
    const stored = lint.findingsOf('s', Array.from({ length: 30 }, (_, i) => i + 1));
    expect([...stored.values()].reduce((n, l) => n + l.length, 0)).toBe(10);
  });

  it('does not lint a finished session again after a restart, and starts over on one that grew', async () => {
    const r = (recorder = new Recorder(null));
    fill(r, 1, 20);
    await new RecorderLint(r.db, () => target, () => r.flush()).ensure('s');
    const first = new RecorderLint(r.db, () => target, () => r.flush()).summary('s', 20);
    expect(first.done).toBe(true);
    // A new relay run: the finished lint is kept as it is.
    const again = new RecorderLint(r.db, () => target, () => r.flush());
    await again.ensure('s');
    expect(again.summary('s', 20)).toEqual(first);
    // The session grew (a restarted server): the next run lints it all again, without counting anything twice.
    fill(r, 21, 40);
    const third = new RecorderLint(r.db, () => target, () => r.flush());
    await third.ensure('s');
    const grown = third.summary('s', 40);
    expect(grown.lintedTo).toBe(40);
    const total = (s: typeof first) => s.rules.reduce((n, g) => n + g.count, 0);
    expect(total(grown)).toBe(2 * total(first));
  });
});
