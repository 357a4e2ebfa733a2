// Splits a filter's count over a huge session across worker threads, each on its own read-only connection and a
// contiguous range of seq blocks: a LIKE over a million frames is CPU-bound inside SQLite, and the relay's one thread
// would otherwise do it alone (and be blocked for all of it). WAL lets these readers run beside the recorder.
import { Worker } from 'node:worker_threads';
import type { FrameIndex, WindowFilter } from '../../shared/frame-window-api.js';
import { BLOCK_BITS } from './recorder-window.js';
import type { ScanRequest } from './window-scan-worker.js';
import { keepSmallAfterStart } from '../v8-memory.js';

/** Below this many frames one thread answers in a few ms, and a worker round trip would only add latency. */
export const PARALLEL_SCAN_FROM = 50_000;

interface Waiter {
  resolve: (index: FrameIndex) => void;
  reject: (err: Error) => void;
}

export class WindowScanPool {
  private workers: Worker[] | null = null;
  private nextId = 1;
  private readonly waiting = new Map<number, Waiter>();

  constructor(
    private readonly dbPath: string,
    private readonly size = 2,
    /** The compiled worker; a test running this module from source points it at the build. */
    private readonly workerUrl = new URL('./window-scan-worker.js', import.meta.url),
  ) {}

  private warm(): Worker[] {
    if (this.workers) return this.workers;
    this.workers = Array.from({ length: this.size }, () => {
      const w = new Worker(this.workerUrl, { workerData: { path: this.dbPath } });
      keepSmallAfterStart(w);
      // A scan thread must never keep the relay alive at shutdown.
      w.unref();
      w.on('message', (m: { id: number; index?: FrameIndex; error?: string }) => {
        const waiter = this.waiting.get(m.id);
        this.waiting.delete(m.id);
        if (m.index) waiter?.resolve(m.index);
        else waiter?.reject(new Error(m.error ?? 'scan failed'));
      });
      w.on('error', (err) => this.fail(err));
      w.on('exit', () => this.fail(new Error('scan thread exited')));
      return w;
    });
    return this.workers;
  }

  /** The index of the session's frames 1..lastSeq, each thread counting an equal share of the blocks. */
  async index(sessionId: string, filter: WindowFilter, lastSeq: number): Promise<FrameIndex> {
    const workers = this.warm();
    const blocks = (lastSeq >> BLOCK_BITS) + 1;
    const per = Math.ceil(blocks / workers.length);
    const parts = await Promise.all(
      workers.map((w, i) => {
        const range = { fromSeq: (i * per) << BLOCK_BITS, toSeq: Math.min((i + 1) * per, blocks) << BLOCK_BITS, lastSeq };
        const id = this.nextId++;
        return new Promise<FrameIndex>((resolve, reject) => {
          this.waiting.set(id, { resolve, reject });
          w.postMessage({ id, sessionId, filter, range } satisfies ScanRequest);
        });
      }),
    );
    const out: FrameIndex = { lastSeq, total: 0, blockBits: BLOCK_BITS, blocks: [] };
    // The ranges are block-aligned and in order, so the parts' blocks only need joining.
    for (const p of parts) {
      out.blocks.push(...p.blocks);
      out.total += p.total;
    }
    return out;
  }

  close(): void {
    for (const w of this.workers ?? []) void w.terminate();
    this.workers = null;
  }

  private fail(err: Error): void {
    for (const w of this.waiting.values()) w.reject(err);
    this.waiting.clear();
    // The next scan starts fresh threads.
    this.close();
  }
}
