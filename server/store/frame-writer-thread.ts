// The relay's side of the writer thread: posts batches without waiting, waits only when it must read what it posted
// (or when the thread falls too far behind), and writes on its own thread if the writer thread is gone.
//
// The one place the relay's thread blocks (Atomics.wait on the count of committed batches), fenced here, and why:
// - barrier(): every read of the store is synchronous (better-sqlite3), and a read must see each frame recorded before
//   it; a flood's batches commit in milliseconds, so the wait is that long, and only when a read follows a flood.
//   Asynchronous reads would spare it, at the price of every route and replay becoming asynchronous: not done.
// - post() past MAX_BEHIND batches: the backpressure that bounds what a flood holds in memory (the pool of blocks,
//   frame-batch.ts); without it a writer slower than the pipe grows the relay's memory without limit.
// What the thread buys: the relay's main thread spent 5.66 → 5.09 µs a frame, and V8's helper threads 1.22 → 0.72,
// once batches went to it as shared blocks (docs/performance.md, "CPU per frame, second round", 02:08 UTC row).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FrameBatch } from './frame-batch.js';
import type { FrameWriter } from './frame-writer.js';
import type { WriterData, WriterError, WriterRequest } from './frame-writer-worker.js';

/** Batches in flight before the relay waits for the thread: bounds the frames held in memory to a few MB. */
const MAX_BEHIND = 16;
/** A thread that commits nothing for this long while the relay waits is taken for dead, and the relay writes itself. */
const STALL_MS = 15_000;

const WRITER_WORKER = new URL('./frame-writer-worker.js', import.meta.url);

export class FrameWriterThread {
  private worker: Worker | null;
  private readonly committed = new Int32Array(new SharedArrayBuffer(4));
  private posted = 0;
  /** Batches posted and not yet known committed, kept to be written here should the thread die. */
  private readonly inflight = new Map<number, FrameBatch>();

  /** null when the worker's compiled file is missing (tests running from source): the caller writes itself. */
  static start(dbPath: string, fallback: FrameWriter, url: URL = WRITER_WORKER): FrameWriterThread | null {
    return existsSync(fileURLToPath(url)) ? new FrameWriterThread(dbPath, fallback, url) : null;
  }

  private constructor(
    dbPath: string,
    private readonly fallback: FrameWriter,
    url: URL,
  ) {
    const w = new Worker(url, { workerData: { path: dbPath, committed: this.committed.buffer as SharedArrayBuffer } satisfies WriterData });
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
  }

  /** Returns once every batch posted so far is committed: what reads need to see every recorded frame. */
  barrier(): void {
    this.waitFor(this.posted);
  }

  close(): void {
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
