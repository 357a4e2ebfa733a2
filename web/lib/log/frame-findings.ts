// The lint findings of each frame, in a store keyed by seq (by-seq-store.ts). Findings come after their frame (a request
// found unanswered when the server exits, a backlog linted once the target is known), so they are kept apart from the
// frame's entry, which never changes for them: a row subscribes to its own frame's list (useFrameFindings), and a
// finding re-renders that row alone.
import type { Finding } from '../../../shared/lint/index.js';
import { BySeqStore, type BySeqReader } from './by-seq-store.js';
import type { FrameEntry } from './frame-entry.js';

/** The list of a frame without findings: one shared, frozen empty list, so "none" is always the same snapshot. */
export const NO_FINDINGS: readonly Finding[] = Object.freeze([]);

/** What a reader of one frame's findings needs: its list now (in the order found), and word when it changes. */
export type FrameFindingsReader = BySeqReader<readonly Finding[]>;

/** The reader of a log that has no findings (no session shown). */
export const NO_FRAME_FINDINGS: FrameFindingsReader = { of: () => NO_FINDINGS, subscribe: () => () => undefined };

export class FrameFindings extends BySeqStore<readonly Finding[]> {
  constructor() {
    super(NO_FINDINGS);
  }

  /** Adds a finding to its frame's list (a new list: the old one, which a render may hold, stays as it was). */
  add(finding: Finding): void {
    this.update(finding.seq, (before) => (before ? [...before, finding] : [finding]));
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
