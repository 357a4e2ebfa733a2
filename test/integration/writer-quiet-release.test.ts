// After a flood goes quiet the writer gives memory back (frame-writer-thread.ts: the pool of blocks trimmed, SQLite's
// caches shrunk, both isolates collected); frames recorded after that are stored whole and in order, however often
// it happens, and a flood after it makes its blocks again.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { FrameRecord } from '../../shared/relay-protocol.js';
import { FrameBatch, spareBlocks, trimSpare } from '../../server/store/frame-batch.js';
import { Recorder } from '../../server/store/recorder.js';
import { ROOT } from '../helpers/relay-process.js';

const WRITER_WORKER = new URL(`file://${join(ROOT, 'dist', 'server', 'store', 'frame-writer-worker.js')}`);
const QUIET_MS = 40;

let recorder: Recorder | null = null;
let dir: string | null = null;

afterEach(() => {
  recorder?.close();
  recorder = null;
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = null;
});

function frame(seq: number): { frame: FrameRecord; bytes: Buffer } {
  const text = `{"jsonrpc":"2.0","method":"notifications/message","params":{"seq":${seq},"pad":"${String.fromCharCode(97 + (seq % 26)).repeat(seq % 400)}"}}`;
  const bytes = Buffer.from(text, 'utf8');
  return { frame: { seq, ts: seq, dir: 'in', kind: 'notification', text, size: bytes.length, method: 'notifications/message', rpcId: null }, bytes };
}

/** Resolves once the recorder's writer has given memory back `n` times in all. */
async function released(r: Recorder, n: number): Promise<void> {
  const until = Date.now() + 10_000;
  while (r.writerReleases < n) {
    if (Date.now() > until) throw new Error(`no quiet release after ${r.writerReleases}`);
    await new Promise((ok) => setTimeout(ok, QUIET_MS / 2));
  }
}

it('records every frame after a quiet release, in order, through floods and single frames', async () => {
  dir = mkdtempSync(join(tmpdir(), 'mcpscope-quiet-'));
  const r = (recorder = new Recorder(dir, { writerUrl: WRITER_WORKER, writerQuietMs: QUIET_MS }));
  const given: FrameRecord[] = [];
  const append = (n: number) => {
    for (let i = 0; i < n; i++) {
      const f = frame(given.length + 1);
      given.push(f.frame);
      r.append('a', f.frame, f.bytes);
    }
  };
  // A flood: batches back to back with no turn of the event loop, so the writer falls behind and the pool fills.
  append(12_000);
  await released(r, 1);
  // The flood's blocks went back, but for the few ordinary traffic needs.
  expect(spareBlocks()).toBeLessThanOrEqual(2);
  // Single frames after the release, each its own batch, then another flood and another release.
  for (let i = 0; i < 5; i++) {
    append(1);
    await new Promise((ok) => setTimeout(ok, 15));
  }
  append(10_000);
  await released(r, 2);
  append(3);
  const got = r.readFrames('a', 0, given.length + 10);
  expect(got.length).toBe(given.length);
  expect(got).toEqual(given);
});

it('keeps the pool it is told to keep and lets the rest go, which new batches then make again', () => {
  // Six batches out at once (a writer behind), all lent back: the pool holds them, then only the two it keeps.
  const out = Array.from({ length: 6 }, () => new FrameBatch());
  for (const b of out) b.release();
  const pooled = spareBlocks();
  expect(pooled).toBeGreaterThanOrEqual(6);
  expect(trimSpare(2)).toBe(pooled - 2);
  expect(spareBlocks()).toBe(2);
  expect(trimSpare(2)).toBe(0);
  const again = Array.from({ length: 3 }, () => new FrameBatch());
  expect(spareBlocks()).toBe(0);
  for (const b of again) b.release();
  expect(spareBlocks()).toBe(3);
});
