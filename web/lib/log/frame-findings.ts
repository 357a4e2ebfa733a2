// The lint findings of each frame, as a small external store keyed by seq. Findings come after their frame (a request
// found unanswered when the server exits, a backlog linted once the target is known), so they are kept apart from the
// frame's entry, which never changes for them: a row subscribes to its own frame's list (useFrameFindings), and a
// finding re-renders that row alone. Each list is replaced, never pushed to, so a list read once stays what it was
// (useSyncExternalStore compares snapshots by identity).
import type { Finding } from '../../../shared/lint/index.js';
import { Listeners } from '../../../shared/listeners.js';
import type { FrameEntry } from './frame-entry.js';

/** The list of a frame without findings: one shared, frozen empty list, so "none" is always the same snapshot. */
export const NO_FINDINGS: readonly Finding[] = Object.freeze([]);

/** What a reader of one frame's findings needs: its list now, and word when it changes. */
export interface FrameFindingsReader {
  /** The frame's findings in the order found; NO_FINDINGS when it has none. The same array until they change. */
  of(seq: number): readonly Finding[];
  /** Calls `listener` whenever the findings of `seq` change; returns the way to stop. */
  subscribe(seq: number, listener: () => void): () => void;
}

/** The reader of a log that has no findings (no session shown). */
export const NO_FRAME_FINDINGS: FrameFindingsReader = { of: () => NO_FINDINGS, subscribe: () => () => undefined };

export class FrameFindings implements FrameFindingsReader {
  private readonly lists = new Map<number, readonly Finding[]>();
  /** Only the frames someone shows have listeners (the rows on screen, the detail): a few dozen at most. */
  private readonly listeners = new Map<number, Listeners>();

  of(seq: number): readonly Finding[] {
    return this.lists.get(seq) ?? NO_FINDINGS;
  }

  /** Whether the frame has any finding (the "has findings" filter asks this of every frame it scans). */
  has(seq: number): boolean {
    return this.lists.has(seq);
  }

  subscribe(seq: number, listener: () => void): () => void {
    let set = this.listeners.get(seq);
    if (!set) this.listeners.set(seq, (set = new Listeners()));
    const remove = set.add(listener);
    return () => {
      remove();
      if (set.size === 0 && this.listeners.get(seq) === set) this.listeners.delete(seq);
    };
  }

  /** Adds a finding to its frame's list (a new list: the old one, which a render may hold, stays as it was). */
  add(finding: Finding): void {
    const before = this.lists.get(finding.seq);
    this.lists.set(finding.seq, before ? [...before, finding] : [finding]);
    this.changed(finding.seq);
  }

  /** Forgets the findings of frames from..to (the log dropped them); their listeners hear of it. */
  forget(from: number, to: number): void {
    for (const seq of [...this.lists.keys()]) {
      if (seq < from || seq > to) continue;
      this.lists.delete(seq);
      this.changed(seq);
    }
  }

  /** Forgets every finding (the lint starts over); every listener hears of it. */
  clear(): void {
    const seqs = [...this.lists.keys()];
    this.lists.clear();
    for (const seq of seqs) this.changed(seq);
  }

  private changed(seq: number): void {
    this.listeners.get(seq)?.emit();
  }
}

/**
 * The findings a row shows for an entry: the page's own lint of it, else what the relay's lint of the whole session
 * found on it (an entry read from the relay for a huge session's gap, which the page's linter never saw in context).
 */
export function findingsOf(store: FrameFindingsReader, entry: FrameEntry): readonly Finding[] {
  const own = store.of(entry.frame.seq);
  return own.length > 0 ? own : (entry.relayFindings ?? NO_FINDINGS);
}
