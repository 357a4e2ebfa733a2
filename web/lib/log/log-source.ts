// The one interface between a session's log and everything that reads it: rows under a filter, a frame and its pair,
// findings, methods. Two implementations stand behind it — the in-page log (the page holds every frame, pairs and
// lints them itself) and the windowed log (a huge session: the page holds its head and tail, the relay reads, pairs
// and lints the rest) — and no reader can tell which it has. Frames travel as FrameEntry, whose `frame` is the
// relay's FrameRecord as its schema declares it, so a field added there reaches every reader without touching them.
import type { Finding, Severity } from '../../../shared/lint/index.js';
import type { Download } from '../relay/relay-http.js';
import type { FrameEntry } from './frame-entry.js';
import type { FrameFilter } from './frame-filter.js';
import type { FrameFindingsReader } from './frame-findings.js';
import type { FrameLinksReader } from './frame-links.js';
import type { ErrorContextAt, RuleGroup } from './session-findings.js';

/** The rows a filter lets through, as a count and an accessor (a virtualized table asks for the rows it shows). */
export interface LogRows {
  count: number;
  /** undefined while the row is being read (it has been asked for; listeners hear when it arrives). */
  rowAt(i: number): FrameEntry | undefined;
  /** The row of a seq; negative when it is not among the rows (-(insertion point) - 1 when that is known). */
  indexOfSeq(seq: number): number;
  /** The filter's matches are still being counted: `count` is not known yet. */
  pending: boolean;
}

/** The session's lint, grouped by rule. */
export interface FindingsOverview {
  /** Every finding, listed or not. */
  total: number;
  counts: Record<Severity, number>;
  /** Worst first, then the most frequent; each with the frames it fired on. */
  groups: RuleGroup[];
  /** False until the linter knows how the session's traffic travels (its target). */
  ready: boolean;
  /** null when every frame so far is linted; else how far the lint has got (lintedTo null: not known yet). */
  progress: { lintedTo: number | null; lastSeq: number } | null;
  /** Findings past a storage cap are counted but their frames are not listed: how many, and the cap. */
  unlisted: { count: number; cap: number } | null;
}

export interface LogSource {
  /** How many frames the session has: seqs run 1..total without gaps. */
  readonly total: number;
  /** Keep-alive records folded into their stream's row: frames counted in `total` that the rows leave out. */
  readonly foldedKeepAlives: number;
  /**
   * The frames this page holds, in seq order, as they arrived: what readers that follow a session live scan (the
   * handshake, notifications, HTTP exchanges). Stable for the life of the session's log (a good WeakMap key).
   */
  readonly held: readonly FrameEntry[];
  rows(filter: FrameFilter): LogRows;
  /** The frame when the page has it, held or read earlier; see load(). */
  frame(seq: number): FrameEntry | undefined;
  /** Reads frames the page does not have (and the other side of their exchanges); listeners hear when they arrive. */
  load(seqs: readonly number[]): void;
  /** The frame on the other side of the entry's first exchange (request ↔ response), when the page has it. */
  pairOf(entry: FrameEntry): FrameEntry | undefined;
  /** The whole text of a frame whose entry may hold only its head. */
  fullText(entry: FrameEntry): Promise<string>;
  /** The exact bytes the wire carried, as a file. */
  download(entry: FrameEntry): Promise<Download>;
  findings(): FindingsOverview;
  /** Each frame's findings by seq, a store a row subscribes to (read an entry's through findingsOf / useFrameFindings). */
  readonly frameFindings: FrameFindingsReader;
  /** Each frame's pairs, cancel and folded keep-alives by seq, learned after it was logged (read through linksOf / useFrameLinks). */
  readonly frameLinks: FrameLinksReader;
  /** Requests waiting at least `afterMs` at `now` (transient: not among the findings, gone once answered). */
  pendingAt(now: number, afterMs: number): Finding[];
  /** The protocol version and transport an error response arrived in, for its explanation. */
  errorContextOf(seq: number): ErrorContextAt | undefined;
  /** The version the traffic negotiated so far, else the one offered; null before the target is known. */
  readonly protocolVersion: string | null;
  /** The HTTP status of the exchange that carried the frame, when it came over HTTP. */
  httpStatusOf(seq: number): number | undefined;
  /** The distinct methods of the whole session, sorted (the method filter's suggestions). */
  methods(): string[];
  /** Keeps the log current while someone shows it (polling what the relay computes); returns the way to stop. */
  watch(): () => void;
}
