// The windowed view of a huge session for one filter: row positions map to seqs through the relay's per-block match
// counts, and rows are read a page at a time as the virtualizer asks for them, with a small page cache.
import type { FrameIndex, WindowFilter, WindowFrame } from '../../shared/frame-window-api.js';
import { toEntry, type FrameEntry } from './frame-entry.js';
import type { FrameSource } from './frame-source.js';

export const PAGE_ROWS = 100;
/** Pages kept: about twenty screens of rows, so scrolling back and forth does not refetch. */
const MAX_PAGES = 40;

/** A page row as a log entry; a cut text is not parsed (its JSON is incomplete), the summary shows its head. */
export function windowEntry(frame: WindowFrame): FrameEntry {
  const { pairs, pairMethod, latencyMs, truncated, ...record } = frame;
  const entry = toEntry(record, !truncated);
  entry.pairs = pairs;
  entry.latencyMs = latencyMs;
  if (entry.method === null) entry.method = pairMethod;
  if (truncated) entry.truncated = true;
  return entry;
}

export class FrameWindow {
  private readonly pages = new Map<number, FrameEntry[]>();
  private readonly loading = new Set<number>();
  /** For a filtered window: the row index where each block of `index.blocks` starts. */
  private readonly starts: number[] = [];

  /** `index` null means unfiltered: row i is seq i + 1. */
  constructor(
    private readonly source: FrameSource,
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
    this.load(p);
    return undefined;
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

  /** Where a row's page starts reading: its block's first seq, skipping the matches before it in that block. */
  private locate(row: number): { fromSeq: number; skip: number } {
    if (this.index === null) return { fromSeq: row + 1, skip: 0 };
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (this.starts[mid]! <= row) lo = mid;
      else hi = mid - 1;
    }
    const block = this.index.blocks[lo];
    if (!block) return { fromSeq: 1, skip: row };
    return { fromSeq: Math.max(1, block[0] << this.index.blockBits), skip: row - this.starts[lo]! };
  }

  private load(p: number): void {
    if (this.loading.has(p)) return;
    this.loading.add(p);
    const { fromSeq, skip } = this.locate(p * PAGE_ROWS);
    this.source
      .page(this.sessionId, fromSeq, skip, PAGE_ROWS, this.filter)
      .then((frames) => {
        const entries = frames.map(windowEntry);
        this.pages.set(p, entries);
        for (const key of this.pages.keys()) {
          if (this.pages.size <= MAX_PAGES) break;
          this.pages.delete(key);
        }
        this.onPage(entries);
      })
      // A failed read leaves the rows as placeholders; scrolling there again retries.
      .catch(() => undefined)
      .finally(() => this.loading.delete(p));
  }
}
