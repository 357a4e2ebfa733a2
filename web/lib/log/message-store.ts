// The framework-free store of every session's frames; React reads it through useSyncExternalStore.
import type { FrameRecord } from '../../../shared/relay-protocol.js';
import type { FrameEntry } from './frame-entry.js';
import type { LintSetup } from './session-findings.js';
import { SessionLog, type MemoryBound } from './session-log.js';

export class MessageStore {
  private readonly logs = new Map<string, SessionLog>();
  private readonly listeners = new Set<() => void>();

  /** `bound`: how many frames a live session may hold before its middle is dropped (null: all, for tests). */
  constructor(private readonly bound: MemoryBound | null = null) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The snapshot of one session: a number that changes whenever its frames do. */
  versionOf = (sessionId: string | null): number => (sessionId === null ? -1 : (this.logs.get(sessionId)?.version ?? 0));

  log(sessionId: string): SessionLog {
    let log = this.logs.get(sessionId);
    if (!log) {
      log = new SessionLog(this.bound);
      this.logs.set(sessionId, log);
    }
    return log;
  }

  /** The log holding this very entry: a log row knows its entry, not its session. */
  logOf(entry: FrameEntry): SessionLog | undefined {
    for (const log of this.logs.values()) if (log.bySeq(entry.frame.seq) === entry) return log;
    return undefined;
  }

  lastSeq(sessionId: string): number {
    return this.logs.get(sessionId)?.lastSeq ?? 0;
  }

  /** Starts (or redoes) linting a session once its target is known; listeners hear of it like of new frames. */
  configureLint(sessionId: string, setup: LintSetup): void {
    if (this.log(sessionId).configureLint(setup)) this.notify();
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

  /** Keeps frames read through the relay for a windowed view, so bySeq (detail, pairs) finds them. */
  remember(sessionId: string, entries: readonly FrameEntry[]): void {
    if (entries.length === 0) return;
    this.log(sessionId).remember(entries);
    this.notify();
  }

  private notify(): void {
    for (const listener of [...this.listeners]) listener();
  }
}
