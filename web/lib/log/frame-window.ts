// The windowed view of a huge session for one filter: row positions map to seqs through the relay's per-block match
// counts, and rows are read a page at a time as the virtualizer asks for them, with a small page cache.
import { windowQuery, type FrameIndex, type WindowFilter, type WindowFrame } from '../../../shared/frame-window-api.js';
import type { RelayHttp } from '../relay/relay-http.js';
import { draftEntry, sealEntry, type FrameEntry } from './frame-entry.js';

const PAGE_ROWS = 100;
/** Pages kept: about twenty screens of rows, so scrolling back and forth does not refetch. */
const MAX_PAGES = 40;
/** Adjacent pages read in one request at most (the relay's page read returns up to 500 rows). */
const MAX_RUN = 5;

/** A page row as a log entry; a cut text is not parsed (its JSON is incomplete), the summary shows its head. */
export function windowEntry(frame: WindowFrame): FrameEntry {
  const { pairs, pairMethod, latencyMs, truncated, findings, ...record } = frame;
  const entry = draftEntry(record, !truncated);
  // The relay's lint and pairing of the whole session: the page cannot lint or pair frames it never held.
  if (findings) entry.relayFindings = findings;
  if (pairs.length > 0) entry.relayLinks = { pairs };
  entry.latencyMs = latencyMs;
  if (entry.method === null) entry.method = pairMethod;
  if (truncated) entry.truncated = true;
  return sealEntry(entry);
}

export class FrameWindow {
  private readonly pages = new Map<number, FrameEntry[]>();
  /** Pages being read, each settling once answered (read() waits on them). */
  private readonly loading = new Map<number, Promise<void>>();
  /** Pages asked for in this turn of the event loop, read together at its end (readQueued). */
  private queued: Array<{ p: number; settle: () => void }> = [];
  /** For a filtered window: the row index where each block of `index.blocks` starts. */
  private readonly starts: number[] = [];

  /** `index` null means unfiltered: row i is seq i + 1. */
  constructor(
    private readonly http: RelayHttp,
    private readonly sessionId: string,
    readonly filter: WindowFilter,
    readonly index: FrameIndex | null,
    private readonly onPage: (entries: FrameEntry[]) => void,
  ) {
    let at = 0;
    for (const [, n] of index?.blocks ?? []) {
      this.starts.push(at);
      at += n;
    }
  }

  /** The row, or undefined while its page is on its way (a fetch is started). */
  rowAt(i: number): FrameEntry | undefined {
    const p = Math.floor(i / PAGE_ROWS);
    const page = this.pages.get(p);
    if (page) {
      // Re-inserted so the map's order is least recently used first.
      this.pages.delete(p);
      this.pages.set(p, page);
      return page[i - p * PAGE_ROWS];
    }
    void this.load(p);
    return undefined;
  }

  /**
   * Drops the pages of an unfiltered window that hold any of seqs from..to (read before the relay's lint got there, so
   * without its badges): they are read again when next shown, the others stay. Returns false for a filtered window,
   * whose rows do not map to seqs this simply.
   */
  forgetSeqs(from: number, to: number): boolean {
    if (this.index !== null) return false;
    for (const p of [...this.pages.keys()]) if (p * PAGE_ROWS + 1 <= to && (p + 1) * PAGE_ROWS >= from) this.pages.delete(p);
    return true;
  }

  /** The row of a seq: exact when unfiltered, else only among the pages held (-1 when not found). */
  indexOfSeq(seq: number): number {
    if (this.index === null) return seq - 1;
    for (const [p, page] of this.pages) {
      const i = page.findIndex((e) => e.frame.seq === seq);
      if (i >= 0) return p * PAGE_ROWS + i;
    }
    return -1;
  }

  /**
   * Where `rows` rows starting at `row` are read: its block's first seq, skipping the matches before it in that block, up to
   * the end of the block that holds the last of them (so the relay scans only the blocks they cover).
   */
  private locate(row: number, rows: number): { fromSeq: number; toSeq: number; skip: number } {
    if (this.index === null) return { fromSeq: row + 1, toSeq: row + 1 + rows, skip: 0 };
    const { blocks, blockBits } = this.index;
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (this.starts[mid]! <= row) lo = mid;
      else hi = mid - 1;
    }
    const first = blocks[lo];
    if (!first) return { fromSeq: 1, toSeq: 1, skip: 0 };
    let last = lo;
    while (last + 1 < blocks.length && this.starts[last + 1]! < row + rows) last++;
    return { fromSeq: Math.max(1, first[0] << blockBits), toSeq: (blocks[last]![0] + 1) << blockBits, skip: row - this.starts[lo]! };
  }

  /** Reads the pages holding rows from..to (those not held or on their way); settles once each has been answered. */
  read(from: number, to: number): Promise<void> {
    const waits: Promise<void>[] = [];
    for (let p = Math.floor(from / PAGE_ROWS); p <= Math.floor(to / PAGE_ROWS); p++) if (!this.pages.has(p)) waits.push(this.load(p));
    return Promise.all(waits).then(() => undefined);
  }

  private load(p: number): Promise<void> {
    const already = this.loading.get(p);
    if (already) return already;
    let settle!: () => void;
    const done = new Promise<void>((resolve) => (settle = resolve));
    this.loading.set(p, done);
    if (this.queued.length === 0) queueMicrotask(() => this.readQueued());
    this.queued.push({ p, settle });
    return done;
  }

  /**
   * The pages asked for in one go (a render asks for its rows one by one; a jump's view and overscan usually span two
   * pages), a run of adjacent pages a request: one read on the relay and one render here, where a page a request made
   * the rows in view wait for a second read, and a second render, whenever the overscan above them began a page earlier.
   */
  private readQueued(): void {
    const queued = this.queued.sort((a, b) => a.p - b.p);
    this.queued = [];
    for (let i = 0; i < queued.length;) {
      let j = i + 1;
      while (j < queued.length && j - i < MAX_RUN && queued[j]!.p === queued[j - 1]!.p + 1) j++;
      this.readRun(queued.slice(i, j));
      i = j;
    }
  }

  private readRun(run: Array<{ p: number; settle: () => void }>): void {
    const rows = run.length * PAGE_ROWS;
    const first = run[0]!.p;
    this.http
      .call('framePage', { params: { id: this.sessionId }, query: { ...this.locate(first * PAGE_ROWS, rows), limit: rows, ...windowQuery(this.filter) } })
      .then(({ frames }) => {
        const entries = frames.map(windowEntry);
        run.forEach(({ p }, k) => this.pages.set(p, entries.slice(k * PAGE_ROWS, (k + 1) * PAGE_ROWS)));
        for (const key of this.pages.keys()) {
          if (this.pages.size <= MAX_PAGES) break;
          this.pages.delete(key);
        }
        // Before anyone hears of the pages: one who forgets one at once can then have it read again.
        for (const { p } of run) this.loading.delete(p);
        this.onPage(entries);
      })
      // A failed read leaves the rows as placeholders; scrolling there again retries.
      .catch(() => {
        for (const { p } of run) this.loading.delete(p);
      })
      .finally(() => {
        for (const { settle } of run) settle();
      });
  }
}
