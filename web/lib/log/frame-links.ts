// What later frames teach about a frame, kept apart from its entry (entries never change once logged): the frames on
// the other side of its exchanges, a cancel its sender sent before any answer, the keep-alives folded into an open
// stream's row. A store keyed by seq (by-seq-store.ts), filled by pairing and the keep-alive fold: a row subscribes to
// its own frame's links (useFrameLinks), so a late answer or cancel re-renders that row alone.
import { BySeqStore, type BySeqReader } from './by-seq-store.js';
import type { FrameEntry } from './frame-entry.js';

export interface KeepAlives {
  /** Keep-alive events folded into this row so far. */
  readonly count: number;
  /** The time (ms since the epoch) of the last record folded in. */
  readonly lastTs: number;
}

export interface FrameLinks {
  /** Seqs of the frames on the other side of this frame's exchanges (one, or several for batches), in the order learned. */
  readonly pairs: readonly number[];
  /** For a request: the seq of the notifications/cancelled its sender sent before any response came. */
  readonly cancelledBy?: number;
  /** On an open stream's row: the keep-alives folded into it (keep-alive-fold.ts). */
  readonly keepAlives?: KeepAlives;
}

/** The links of a frame nothing was learned about: one shared, frozen object, so "none" is always the same snapshot. */
export const NO_LINKS: FrameLinks = Object.freeze({ pairs: Object.freeze([]) as readonly number[] });

export type FrameLinksReader = BySeqReader<FrameLinks>;

/** The reader of a log that has no links (no session shown). */
export const NO_FRAME_LINKS: FrameLinksReader = { of: () => NO_LINKS, subscribe: () => () => undefined };

export class FrameLinkStore extends BySeqStore<FrameLinks> {
  constructor() {
    super(NO_LINKS);
  }

  /** Joins a request and a response (each learns the other's seq, once). */
  pair(request: number, response: number): void {
    this.addPair(request, response);
    this.addPair(response, request);
  }

  /** Marks a request cancelled by the frame `by`; the first cancel is the one kept. */
  cancel(request: number, by: number): void {
    this.update(request, (l = NO_LINKS) => (l.cancelledBy === undefined ? { ...l, cancelledBy: by } : l));
  }

  /** Counts `events` keep-alives, the last at `ts`, into the open stream's row `row`. */
  keepAlive(row: number, events: number, ts: number): void {
    this.update(row, (l = NO_LINKS) => ({ ...l, keepAlives: { count: (l.keepAlives?.count ?? 0) + events, lastTs: ts } }));
  }

  private addPair(seq: number, other: number): void {
    // The first pair of a frame is nearly every pair (one request, one response): made without copying anything.
    this.update(seq, (l) => (l === undefined ? { pairs: [other] } : l.pairs.includes(other) ? l : { ...l, pairs: [...l.pairs, other] }));
  }
}

/**
 * The links a reader shows for an entry: what the page learned of it, else what the relay's pairing of the whole session
 * said (an entry read from the relay for a huge session's gap, whose other side the page may never have held).
 */
export function linksOf(store: FrameLinksReader, entry: FrameEntry): FrameLinks {
  const own = store.of(entry.frame.seq);
  return own !== NO_LINKS ? own : (entry.relayLinks ?? NO_LINKS);
}
