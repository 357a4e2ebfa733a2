// The framework-free store of every session's frames; React reads it through useSyncExternalStore.
import type { FrameRecord } from '../../shared/relay-protocol.js';
import { SessionLog } from './session-log.js';

export class MessageStore {
  private readonly logs = new Map<string, SessionLog>();
  private readonly listeners = new Set<() => void>();

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The snapshot of one session: a number that changes whenever its frames do. */
  versionOf = (sessionId: string | null): number => (sessionId === null ? -1 : (this.logs.get(sessionId)?.version ?? 0));

  log(sessionId: string): SessionLog {
    let log = this.logs.get(sessionId);
    if (!log) {
      log = new SessionLog();
      this.logs.set(sessionId, log);
    }
    return log;
  }

  lastSeq(sessionId: string): number {
    return this.logs.get(sessionId)?.lastSeq ?? 0;
  }

  append(sessionId: string, frames: readonly FrameRecord[]): number {
    const added = this.log(sessionId).append(frames);
    if (added > 0) for (const listener of [...this.listeners]) listener();
    return added;
  }
}
