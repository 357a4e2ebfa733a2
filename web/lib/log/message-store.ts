// The framework-free store of every session's log; React reads it through useSyncExternalStore (see use-log.ts).
// Each session's log is read through one LogSource: in-page while the page holds every frame, windowed once it does
// not (a session larger than the bound, or one that grew past it while open).
import type { FrameRecord } from '../../../shared/relay-protocol.js';
import type { RelayHttp } from '../relay/relay-http.js';
import type { FrameEntry } from './frame-entry.js';
import { InPageLog } from './in-page-log.js';
import type { LogSource } from './log-source.js';
import type { LintSetup } from './session-findings.js';
import { SessionLog, type MemoryBound } from './session-log.js';
import { WindowedLog } from './windowed-log.js';
import { Listeners } from '../../../shared/listeners.js';

/** Frames linted per task after a replay: about 10–50 ms of work, so scrolling and keys stay responsive meanwhile. */
const LINT_SLICE = 500;

export class MessageStore {
  private readonly logs = new Map<string, SessionLog>();
  private readonly sources = new Map<string, LogSource>();
  private readonly listeners = new Listeners();

  /**
   * `bound`: how many frames a live session may hold before its middle is dropped (null: all, for tests).
   * `http`: the relay's API, for what the page does not hold (null in tests of the in-memory log alone).
   */
  constructor(
    private readonly bound: MemoryBound | null = null,
    private readonly http: RelayHttp | null = null,
  ) {}

  subscribe = (listener: () => void): (() => void) => this.listeners.add(listener);

  /** The snapshot of one session: a number that changes whenever what its log shows does. */
  versionOf = (sessionId: string | null): number => (sessionId === null ? -1 : (this.logs.get(sessionId)?.version ?? 0));

  log(sessionId: string): SessionLog {
    let log = this.logs.get(sessionId);
    if (!log) {
      log = new SessionLog(this.bound);
      this.logs.set(sessionId, log);
    }
    return log;
  }

  /** The session's log as every reader sees it; a new object when the log turns windowed. */
  source(sessionId: string): LogSource {
    const log = this.log(sessionId);
    const current = this.sources.get(sessionId);
    const windowed = log.windowed && this.http !== null;
    if (current && current instanceof WindowedLog === windowed) return current;
    const made =
      windowed && this.http !== null
        ? new WindowedLog(
            log,
            this.http,
            sessionId,
            (entries) => this.remember(sessionId, entries),
            () => this.changed(sessionId),
          )
        : new InPageLog(log, sessionId, this.http ?? undefined);
    this.sources.set(sessionId, made);
    return made;
  }

  /** The source whose log holds this very entry: a log row knows its entry, not its session. */
  sourceOf(entry: FrameEntry): LogSource | undefined {
    for (const [id, log] of this.logs) if (log.bySeq(entry.frame.seq) === entry) return this.source(id);
    return undefined;
  }

  lastSeq(sessionId: string): number {
    return this.logs.get(sessionId)?.lastSeq ?? 0;
  }

  /** Starts (or redoes) linting a session once its target is known; listeners hear of it like of new frames. */
  configureLint(sessionId: string, setup: LintSetup): void {
    if (this.log(sessionId).configureLint(setup)) this.notify();
  }

  /**
   * The session's history is about to be replayed: its lint waits until all of it has arrived (lintReplayed), so the
   * log's first rows and its count of the whole session never wait on linting thousands of frames.
   */
  holdLint(sessionId: string): void {
    this.log(sessionId).findings.hold();
  }

  /** The replay is over: the held frames are linted a slice per task, the page repainting between slices. */
  lintReplayed(sessionId: string): void {
    const log = this.log(sessionId);
    log.findings.release();
    const step = () => {
      if (this.logs.get(sessionId) !== log || !log.findings.behind) return;
      const more = log.lintSlice(LINT_SLICE);
      this.notify();
      if (more) setTimeout(step, 0);
    };
    setTimeout(step, 0);
  }

  append(sessionId: string, frames: readonly FrameRecord[]): number {
    const added = this.log(sessionId).append(frames);
    if (added > 0) this.notify();
    return added;
  }

  /** The relay's word on a session's size (see SessionLog.noteReported). */
  noteReported(sessionId: string, lastSeq: number, bound: number): void {
    if (this.log(sessionId).noteReported(lastSeq, bound)) this.notify();
  }

  /**
   * The page is about to open this session, of `lastSeq` frames as the session list says: if it is windowed, the rows
   * its log opens on (the last `rows`) are read from the relay now, ahead of the replay of its held frames. Settles
   * once they have been answered (or failed), at once for a session the page will hold whole.
   */
  readAhead(sessionId: string, lastSeq: number, rows: number): Promise<void> {
    if (!this.bound) return Promise.resolve();
    this.noteReported(sessionId, lastSeq, this.bound.head + this.bound.tail);
    const source = this.source(sessionId);
    return source instanceof WindowedLog ? source.readEnd(rows) : Promise.resolve();
  }

  /** Keeps frames read through the relay for a windowed view, so frame() and pairs find them. */
  remember(sessionId: string, entries: readonly FrameEntry[]): void {
    if (entries.length === 0) return;
    this.log(sessionId).remember(entries);
    this.notify();
  }

  private changed(sessionId: string): void {
    this.log(sessionId).version++;
    this.notify();
  }

  private notify(): void {
    this.listeners.emit();
  }
}
