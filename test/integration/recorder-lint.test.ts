// The relay's lint of a whole session against a real store, in memory (linted on the relay's thread) and in a file
// (linted on the lint thread, frames written by the writer thread): the cap on stored findings with exact counts past
// it, and what a restart of the relay keeps.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FrameRecord } from '../../shared/relay-protocol.js';
import { RecorderLint, type LintTarget } from '../../server/store/recorder-lint.js';
import { Recorder } from '../../server/store/recorder.js';
import { ROOT } from '../helpers/relay-process.js';

// The threads run the built modules, as the relay does (npm run build first, like every integration test).
const built = (name: string) => new URL(`file://${join(ROOT, 'dist', 'server', 'store', name)}`);
const LINT_WORKER = built('recorder-lint-worker.js');
const WRITER_WORKER = built('frame-writer-worker.js');

let recorder: Recorder | null = null;
const lints: RecorderLint[] = [];
const dirs: string[] = [];

afterEach(async () => {
  for (const l of lints.splice(0)) await l.close();
  recorder?.close();
  recorder = null;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
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

const stores = [
  { where: 'an in-memory store, on the relay thread', threaded: false, open: () => new Recorder(null) },
  {
    where: 'a file store, on the lint thread',
    threaded: true,
    open: () => {
      const dir = mkdtempSync(join(tmpdir(), 'mcpscope-lint-'));
      dirs.push(dir);
      return new Recorder(dir, { writerUrl: WRITER_WORKER });
    },
  },
];

describe.each(stores)('RecorderLint with $where', ({ open, threaded }) => {
  const linter = (r: Recorder, cap?: number) => {
    const l = new RecorderLint(
      r.db,
      () => target,
      () => r.flush(),
      cap,
      undefined,
      LINT_WORKER,
    );
    lints.push(l);
    return l;
  };

  it('stores findings up to its cap and keeps counting every rule past it', async () => {
    const r = (recorder = open());
    fill(r, 1, 30);
    const lint = linter(r, 10);
    expect(lint.threaded).toBe(threaded);
    await lint.ensure('s');
    const s = lint.summary('s', 30);
    expect(s).toMatchObject({ lintedTo: 30, lastSeq: 30, done: true, stored: 10, cap: 10 });
    const counted = s.rules.reduce((n, g) => n + g.count, 0);
    // At least one finding per bad request, all counted, though only ten are stored.
    expect(counted).toBeGreaterThanOrEqual(30);
    expect(s.dropped).toBe(counted - 10);
    const stored = lint.findingsOf(
      's',
      Array.from({ length: 30 }, (_, i) => i + 1),
    );
    expect([...stored.values()].reduce((n, l) => n + l.length, 0)).toBe(10);
  });

  it('does not lint a finished session again after a restart, and starts over on one that grew', async () => {
    const r = (recorder = open());
    fill(r, 1, 20);
    await linter(r).ensure('s');
    const first = linter(r).summary('s', 20);
    expect(first.done).toBe(true);
    // A new relay run: the finished lint is kept as it is.
    const again = linter(r);
    await again.ensure('s');
    expect(again.summary('s', 20)).toEqual(first);
    // The session grew (a restarted server): the next run lints it all again, without counting anything twice.
    fill(r, 21, 40);
    const third = linter(r);
    await third.ensure('s');
    const grown = third.summary('s', 40);
    expect(grown.lintedTo).toBe(40);
    const total = (s: typeof first) => s.rules.reduce((n, g) => n + g.count, 0);
    expect(total(grown)).toBe(2 * total(first));
  });
});

describe('RecorderLint on the lint thread', () => {
  it('lints while the relay thread is too busy to turn its event loop even once', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpscope-lint-'));
    dirs.push(dir);
    const r = (recorder = new Recorder(dir, { writerUrl: WRITER_WORKER }));
    fill(r, 1, 3000);
    const lint = new RecorderLint(
      r.db,
      () => target,
      () => r.flush(),
      undefined,
      undefined,
      LINT_WORKER,
    );
    lints.push(lint);
    void lint.ensure('s');
    // Busy without a break, as under a flood: a lint on this thread could not take a single chunk meanwhile.
    const deadline = Date.now() + 60_000;
    let s = lint.summary('s', 3000);
    while (!s.done && Date.now() < deadline) s = lint.summary('s', 3000);
    expect(s).toMatchObject({ lintedTo: 3000, done: true });
    expect(s.rules.reduce((n, g) => n + g.count, 0)).toBeGreaterThanOrEqual(3000);
  });
});
