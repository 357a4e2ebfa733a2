// A component's view of one frame's findings: subscribed by seq, so a finding that arrives later re-renders the
// component that shows that frame, and nothing else (the log's rows, the detail).
import { useCallback, useSyncExternalStore } from 'react';
import type { Finding } from '../../../shared/lint/index.js';
import type { FrameEntry } from './frame-entry.js';
import { findingsOf, NO_FINDINGS, type FrameFindingsReader } from './frame-findings.js';

/** The entry's findings (the page's own, else the relay's: findingsOf); none without an entry or a store. */
export function useFrameFindings(store: FrameFindingsReader | null | undefined, entry: FrameEntry | undefined): readonly Finding[] {
  const seq = entry?.frame.seq;
  const subscribe = useCallback((listener: () => void) => (store && seq !== undefined ? store.subscribe(seq, listener) : () => undefined), [store, seq]);
  // findingsOf returns the store's own list or the entry's: both stable until the findings change.
  return useSyncExternalStore(subscribe, () => (store && entry ? findingsOf(store, entry) : NO_FINDINGS));
}
