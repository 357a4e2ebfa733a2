// The relay's side of the writer thread: posts batches without waiting, waits only when it must read what it posted
// (or when the thread falls too far behind), and writes on its own thread if the writer thread is gone.
//
// The one place the relay's thread blocks (Atomics.wait on the count of committed batches), fenced here, and why:
// - barrier(): every read of the store is synchronous (better-sqlite3), and a read must see each frame recorded before
//   it; a flood's batches commit in milliseconds, so the wait is that long, and only when a read follows a flood.
//   Asynchronous reads would spare it, at the price of every route and replay becoming asynchronous: not done.
// - post() past MAX_BEHIND batches: the backpressure that bounds what a flood holds in memory (the pool of blocks,
//   frame-batch.ts); without it a writer slower than the pipe grows the relay's memory without limit.
// - a quiet spell (QUIET_MS without a batch): the pool is trimmed only once every batch lent its blocks back; after
//   QUIET_MS the thread has long committed them, so this wait returns at once.
// What the thread buys: the relay's main thread spent 5.66 → 5.09 µs a frame, and V8's helper threads 1.22 → 0.72,
// once batches went to it as shared blocks (docs/performance.md, "CPU per frame, second round", 02:08 UTC row).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { collectGarbage, keepSmallAfterStart } from '../v8-memory.js';
import { trimSpare, type FrameBatch } from './frame-batch.js';
import type { FrameWriter } from './frame-writer.js';
import type { WriterData, WriterError, WriterRequest } from './frame-writer-worker.js';

/** Batches in flight before the relay waits for the thread: bounds the frames held in memory to a few MB. */
const MAX_BEHIND = 16;
/** A thread that commits nothing for this long while the relay waits is taken for dead, and the relay writes itself. */
const STALL_MS = 15_000;

const WRITER_WORKER = new URL('./frame-writer-worker.js', import.meta.url);

/**
 * After this long with no batch posted, what a flood made the recorder hold goes back: the pool of blocks down to
 * KEEP_SPARE sets, and SQLite's page caches (the writer's and, through `onQuiet`, the relay's connection). A flood that
 * starts again makes the blocks again (a few ms); ordinary traffic never needs more than KEEP_SPARE.
 */
const QUIET_MS = 5_000;
const KEEP_SPARE = 2;

export interface WriterThreadOptions {
  /** The worker's compiled module; a test running from source points it at the build. */
  url?: URL;
  /** How long without a batch counts as quiet (default QUIET_MS). */
  quietMs?: number;
  /** Called once a quiet spell has begun, after the thread was asked to give back its memory. */
  onQuiet?: () => void;
}

export class FrameWriterThread {
  private worker: Worker | null;
  private readonly committed = new Int32Array(new SharedArrayBuffer(4));
  private posted = 0;
  /** Batches posted and not yet known committed, kept to be written here should the thread die. */
  private readonly inflight = new Map<number, FrameBatch>();
  /** When the last batch was posted (Date.now()), and the timer that looks for a quiet spell after it. */
  private lastPost = 0;
  private quietTimer: NodeJS.Timeout | null = null;
  private readonly quietMs: number;
  /** Quiet spells that gave memory back: a test waits for one. */
  releases = 0;

  /** null when the worker's compiled file is missing (tests running from source): the caller writes itself. */
  static start(dbPath: string, fallback: FrameWriter, opts: WriterThreadOptions = {}): FrameWriterThread | null {
    return existsSync(fileURLToPath(opts.url ?? WRITER_WORKER)) ? new FrameWriterThread(dbPath, fallback, opts) : null;
  }

  private constructor(
    dbPath: string,
    private readonly fallback: FrameWriter,
    private readonly opts: WriterThreadOptions,
  ) {
    this.quietMs = opts.quietMs ?? QUIET_MS;
    const w = new Worker(opts.url ?? WRITER_WORKER, {
      workerData: { path: dbPath, committed: this.committed.buffer as SharedArrayBuffer } satisfies WriterData,
    });
    keepSmallAfterStart(w);
    // The thread must not keep the relay alive; close() lets it finish its queue and close its connection.
    w.unref();
    w.on('message', (m: WriterError) => console.error(`mcpscope: recording a batch of frames failed: ${m.error}`));
    w.on('error', (err) => this.takeOver(err));
    w.on('exit', () => this.takeOver(null));
    this.worker = w;
  }

  post(frames: FrameBatch): void {
    if (!this.worker) {
      this.fallback.write(frames.pack());
      return frames.release();
    }
    const n = ++this.posted;
    this.inflight.set(n, frames);
    // The blocks are shared with the thread, not copied; the batch stays here until committed, then lends them on.
    this.worker.postMessage({ batch: n, frames: frames.pack() } satisfies WriterRequest);
    if (n - this.done() > MAX_BEHIND) this.waitFor(n - MAX_BEHIND / 2);
    else this.prune();
    // One timer a quiet spell, not one a batch: it looks again at the time left when batches kept coming.
    this.lastPost = Date.now();
    this.quietTimer ??= setTimeout(() => this.quietCheck(), this.quietMs).unref();
  }

  private quietCheck(): void {
    const left = this.lastPost + this.quietMs - Date.now();
    if (left > 0) {
      this.quietTimer = setTimeout(() => this.quietCheck(), left).unref();
      return;
    }
    this.quietTimer = null;
    if (!this.worker) return;
    // Quiet: every batch is committed (or nearly, so this waits milliseconds), which lends its blocks back to the pool.
    this.barrier();
    // After a flood (the pool held more than ordinary traffic needs), both isolates collect, which frees the blocks let
    // go: one full collection each (39 ms on the relay's thread after a 1M flood, at load 8–10), only once a flood has
    // been quiet for QUIET_MS, never while frames flow.
    const flood = trimSpare(KEEP_SPARE) > 0;
    this.worker?.postMessage({ release: true, collect: flood } satisfies WriterRequest);
    this.opts.onQuiet?.();
    if (flood) collectGarbage();
    this.releases++;
  }

  /** Returns once every batch posted so far is committed: what reads need to see every recorded frame. */
  barrier(): void {
    this.waitFor(this.posted);
  }

  close(): void {
    if (this.quietTimer) clearTimeout(this.quietTimer);
    this.quietTimer = null;
    this.barrier();
    const w = this.worker;
    this.worker = null;
    w?.removeAllListeners('exit');
    w?.postMessage({ close: true });
  }

  private done(): number {
    return Atomics.load(this.committed, 0);
  }

  private waitFor(n: number): void {
    let last = this.done();
    let since = Date.now();
    while (this.worker && last < n) {
      Atomics.wait(this.committed, 0, last, 1000);
      const now = this.done();
      if (now !== last) [last, since] = [now, Date.now()];
      // Only a dead thread stalls this long (a batch commits in milliseconds); 'exit' cannot arrive while we block.
      else if (Date.now() - since > STALL_MS) this.takeOver(new Error(`no commit in ${STALL_MS} ms`));
    }
    this.prune();
  }

  private prune(): void {
    const done = this.done();
    for (const [n, frames] of this.inflight) {
      if (n > done) break;
      this.inflight.delete(n);
      frames.release();
    }
  }

  /** The thread is gone: what it did not commit is written here, and from now on every batch. */
  private takeOver(err: Error | null): void {
    const w = this.worker;
    if (!w) return;
    this.worker = null;
    void w.terminate();
    if (err) console.error(`mcpscope: the recorder's writer thread failed (${err.message}); recording on the main thread`);
    const done = this.done();
    for (const [n, frames] of this.inflight) {
      if (n <= done) continue;
      try {
        // Not released: a thread taken for dead after a stall might yet read these blocks.
        this.fallback.write(frames.pack());
      } catch (e) {
        console.error(`mcpscope: recording a batch of frames failed: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    this.inflight.clear();
  }
}
