// The log of a session too large for the page to hold: the page keeps its head and recent tail (paired and linted as
// they arrive), and everything else comes from the relay, which reads, filters, pairs and lints the whole recording.
// Rows in the gap are read a page at a time as they are shown; findings are the relay's lint of the whole session
// (polled while the log is watched); frames recorded after the relay last counted a filter come from memory.
import { windowQuery, type FindingsSummary, type WindowFilter } from '../../../shared/frame-window-api.js';
import type { Severity } from '../../../shared/lint/index.js';
import type { RelayHttp } from '../relay/relay-http.js';
import type { FrameEntry } from './frame-entry.js';
import { filterKey, isEmptyFilter, type FrameFilter } from './frame-filter.js';
import { findingsOf } from './frame-findings.js';
import { FrameWindow, windowEntry } from './frame-window.js';
import { InPageLog } from './in-page-log.js';
import type { FindingsOverview, LogRows } from './log-source.js';
import { indexOfSeq } from './seq-index.js';
import { ruleGroupOrder } from './session-findings.js';
import type { SessionLog } from './session-log.js';

/** How long a filter must stay the same before the relay is asked to count it: one query per pause in typing. */
const FILTER_SETTLE_MS = 50;
/** The relay's lint is polled this often while it runs, and five times less once it caught up (a live session grows). */
const LINT_POLL_MS = 1_000;
/** A live session may gain methods: looked up again now and then. */
const METHODS_POLL_MS = 10_000;

/** Matches asked for before the whole count: a screen of rows and the overscan, read from the session's start. */
const FIRST_ROWS = 200;

const PENDING: LogRows = { count: 0, rowAt: () => undefined, indexOfSeq: () => -1, pending: true };

function toWindowFilter(f: FrameFilter): WindowFilter {
  return {
    text: f.text,
    method: f.method,
    ...(f.dir ? { dir: f.dir } : {}),
    kinds: [...f.kinds],
    ...(f.findings ? { findings: true as const } : {}),
    ...(f.hideBookkeeping ? { hideBookkeeping: true as const } : {}),
    ...(f.trace?.trim() ? { trace: f.trace.trim().toLowerCase() } : {}),
  };
}

export class WindowedLog extends InPageLog {
  /** The unfiltered rows' page cache; made again when the relay's lint advances, so gap rows get their badges. */
  private all: FrameWindow | null = null;
  /** The one filtered view kept: its key (filter, and for "has findings" the lint's progress) and, once counted, its window. */
  private filtered: { key: string; win: FrameWindow | null } | null = null;
  private settleTimer: ReturnType<typeof setTimeout> | null = null;
  private summary: FindingsSummary | null = null;
  private relayMethods: string[] = [];
  private readonly loading = new Set<number>();
  private watchers = 0;
  private stopPolling: (() => void) | null = null;

  constructor(
    log: SessionLog,
    http: RelayHttp,
    sessionId: string,
    /** Keeps frames read from the relay in the log's bounded cache (frame(), pairs), and tells listeners. */
    private readonly remember: (entries: readonly FrameEntry[]) => void,
    /** Tells listeners that something read from the relay changed what the log shows. */
    private readonly changed: () => void,
  ) {
    super(log, sessionId, http);
  }

  override get total(): number {
    return this.log.total;
  }

  /**
   * None: the unfiltered rows of a huge session are its seqs one for one (row i is frame i + 1, so any row can be
   * shown without asking the relay to count), and the relay's windows know nothing of keep-alives.
   */
  override get foldedKeepAlives(): number {
    return 0;
  }

  private unfiltered(): FrameWindow {
    return (this.all ??= new FrameWindow(this.http, this.sessionId, {}, null, this.remember));
  }

  /** How far the relay's lint has got: windows that show findings are read again whenever it moves. */
  private get lintEpoch(): string {
    return this.summary === null ? '' : this.summary.done ? 'done' : String(this.summary.lintedTo);
  }

  override rows(filter: FrameFilter): LogRows {
    const log = this.log;
    if (isEmptyFilter(filter)) {
      const win = this.unfiltered();
      const count = log.total;
      return {
        count,
        // A held frame first; then the window's page, which may be newer than a remembered copy read before the
        // relay's lint got there (no badges yet); the remembered copy fills in while the page is read again.
        rowAt: (i) => log.held(i + 1) ?? win.rowAt(i) ?? log.bySeq(i + 1),
        indexOfSeq: (seq) => (seq >= 1 && seq <= count ? seq - 1 : -1),
        pending: false,
      };
    }
    const key = `${filterKey(filter)}${filter.findings ? `@${this.lintEpoch}` : ''}`;
    if (this.filtered?.key !== key) {
      this.filtered = { key, win: null };
      this.count(key, toWindowFilter(filter));
    }
    const win = this.filtered.win;
    if (!win?.index) return PENDING;
    // Frames recorded after the relay counted the matches come from memory, filtered there.
    const memory = log.filtered(filter);
    const { total, lastSeq } = win.index;
    const after = indexOfSeq(memory, lastSeq + 1);
    const firstLive = after >= 0 ? after : -after - 1;
    // A held frame's entry is the page's own (parsed, paired), unless only the relay's lint of the whole session found
    // something on it: the page's linter never saw the frames in the gap that give it its context.
    const preferHeld = (e: FrameEntry | undefined) => {
      const held = e && log.bySeq(e.frame.seq);
      return held && (findingsOf(log.findings.frames, held).length > 0 || !e.relayFindings?.length) ? held : e;
    };
    if (win.index.partial) {
      // The first matches only: rows from the start, no frames from memory (the uncounted gap lies before them).
      return { count: total, rowAt: (i) => preferHeld(win.rowAt(i)), indexOfSeq: (seq) => (seq <= lastSeq ? win.indexOfSeq(seq) : -1), pending: true };
    }
    return {
      count: total + memory.length - firstLive,
      rowAt: (i) => (i < total ? preferHeld(win.rowAt(i)) : memory[firstLive + i - total]),
      indexOfSeq: (seq) => {
        if (seq <= lastSeq) return win.indexOfSeq(seq);
        const m = indexOfSeq(memory, seq);
        return m >= 0 ? total + m - firstLive : -1;
      },
      pending: false,
    };
  }

  /**
   * Reads the last `rows` rows of the unfiltered log, where the view opens (it follows the end), unless the page holds
   * them: asked before the session is subscribed, the read is not queued behind the replay of the held frames.
   */
  readEnd(rows: number): Promise<void> {
    const count = this.log.total;
    // The page holds its tail once subscribed; before, nothing.
    if (count === 0 || this.log.held(count)) return Promise.resolve();
    return this.unfiltered().read(Math.max(0, count - rows), count - 1);
  }

  /**
   * Asks the relay to count a filter once it has stayed the same for a moment; a newer filter cancels the wait. The
   * first matches are asked for first (counted from the start, time-boxed): they show, with the count still pending,
   * until the whole count arrives, which for a needle most frames hold reads every frame.
   */
  private count(key: string, filter: WindowFilter): void {
    if (this.settleTimer !== null) clearTimeout(this.settleTimer);
    this.settleTimer = setTimeout(() => {
      this.settleTimer = null;
      this.http
        .call('frameIndex', { params: { id: this.sessionId }, query: { ...windowQuery(filter), first: FIRST_ROWS } })
        .then((index) => {
          // Too late (the whole count came first, or the filter changed), or nothing found yet: "Filtering…" stays.
          if (this.filtered?.key !== key || this.filtered.win !== null || index.total === 0) return;
          this.filtered.win = new FrameWindow(this.http, this.sessionId, filter, index, this.remember);
          this.changed();
        })
        .catch(() => undefined);
      this.http
        .call('frameIndex', { params: { id: this.sessionId }, query: windowQuery(filter) })
        .then((index) => {
          if (this.filtered?.key !== key) return;
          this.filtered.win = new FrameWindow(this.http, this.sessionId, filter, index, this.remember);
          this.changed();
        })
        // The filter stays "counting"; changing it (or the lint moving on) asks again.
        .catch(() => undefined);
    }, FILTER_SETTLE_MS);
  }

  override load(seqs: readonly number[]): void {
    const missing = seqs.filter((s) => !this.log.bySeq(s) && !this.loading.has(s));
    if (missing.length === 0) return;
    for (const s of missing) this.loading.add(s);
    Promise.all(missing.map((seq) => this.http.call('framePreview', { params: { id: this.sessionId, seq } })))
      .then((frames) => this.remember(frames.map(windowEntry)))
      // A frame that cannot be read stays "not loaded"; whoever asked says so.
      .catch(() => undefined)
      .finally(() => {
        for (const s of missing) this.loading.delete(s);
      });
  }

  /** A frame read from the relay came with its pairs (the relay pairs the whole session): the first one, once read. */
  override pairOf(entry: FrameEntry): FrameEntry | undefined {
    const first = entry.relayLinks?.pairs[0];
    return super.pairOf(entry) ?? (first === undefined ? undefined : this.frame(first));
  }

  override async fullText(entry: FrameEntry): Promise<string> {
    if (!entry.truncated) return entry.frame.text;
    return (await this.http.call('frameFull', { params: { id: this.sessionId, seq: entry.frame.seq } })).text;
  }

  override findings(): FindingsOverview {
    const s = this.summary;
    const counts: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
    if (s === null) return { total: 0, counts, groups: [], ready: true, progress: { lintedTo: null, lastSeq: this.total }, unlisted: null };
    for (const r of s.rules) counts[r.severity] += r.count;
    return {
      total: s.stored + s.dropped,
      counts,
      groups: [...s.rules].sort(ruleGroupOrder),
      ready: true,
      progress: s.done ? null : { lintedTo: s.lintedTo, lastSeq: s.lastSeq },
      unlisted: s.dropped > 0 ? { count: s.dropped, cap: s.cap } : null,
    };
  }

  override methods(): string[] {
    return [...new Set([...this.relayMethods, ...this.log.methods])].sort();
  }

  override watch(): () => void {
    if (this.watchers++ === 0) this.stopPolling = this.poll();
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      if (--this.watchers === 0) this.stopPolling?.();
    };
  }

  /** Polls the relay's lint of the session (which also keeps it linting) and its method list until stopped. */
  private poll(): () => void {
    let live = true;
    let lintTimer: ReturnType<typeof setTimeout> | null = null;
    const readLint = () => {
      this.http
        .call('findingsSummary', { params: { id: this.sessionId } })
        .then((summary) => {
          // Unchanged (an ended session's lint, long done): nothing to render again, once every 1-5 s while open.
          if (!live || JSON.stringify(summary) === JSON.stringify(this.summary)) return;
          const before = this.lintEpoch;
          const from = this.summary?.lintedTo ?? 0;
          this.summary = summary;
          // Rows read before the lint got there carry no badges: the unfiltered window reads those pages again, only
          // those the lint has just passed while it runs (the view elsewhere is not read over and over, which would
          // keep the relay busy under a jump's reads), all of them once it is done (an ended session's unanswered
          // requests are found then, on earlier frames).
          if (this.lintEpoch !== before && (summary.done || !this.all?.forgetSeqs(from + 1, summary.lintedTo))) this.all = null;
          this.changed();
        })
        .catch(() => undefined)
        .finally(() => {
          if (live) lintTimer = setTimeout(readLint, this.summary?.done ? LINT_POLL_MS * 5 : LINT_POLL_MS);
        });
    };
    const readMethods = () => {
      this.http
        .call('sessionMethods', { params: { id: this.sessionId } })
        .then(({ methods }) => {
          if (!live || methods.join('\n') === this.relayMethods.join('\n')) return;
          this.relayMethods = methods;
          this.changed();
        })
        .catch(() => undefined);
    };
    readLint();
    readMethods();
    const methodsTimer = setInterval(readMethods, METHODS_POLL_MS);
    return () => {
      live = false;
      if (lintTimer !== null) clearTimeout(lintTimer);
      clearInterval(methodsTimer);
    };
  }
}
