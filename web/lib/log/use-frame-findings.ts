// A component's view of what was learned about one frame after it was logged (its findings, its links): subscribed by
// seq, so a finding, an answer or a cancel that arrives later re-renders the component that shows that frame (the
// log's rows, the detail), and nothing else.
import { useCallback, useSyncExternalStore } from 'react';
import type { Finding } from '../../../shared/lint/index.js';
import type { BySeqReader } from './by-seq-store.js';
import type { FrameEntry } from './frame-entry.js';
import { findingsOf, NO_FINDINGS, type FrameFindingsReader } from './frame-findings.js';
import { linksOf, NO_LINKS, type FrameLinks, type FrameLinksReader } from './frame-links.js';

function useBySeq<T>(
  store: BySeqReader<T> | null | undefined,
  entry: FrameEntry | undefined,
  read: (store: BySeqReader<T>, entry: FrameEntry) => T,
  none: T,
): T {
  const seq = entry?.frame.seq;
  const subscribe = useCallback((listener: () => void) => (store && seq !== undefined ? store.subscribe(seq, listener) : () => undefined), [store, seq]);
  // `read` returns the store's own value or the entry's: both stable until they change.
  return useSyncExternalStore(subscribe, () => (store && entry ? read(store, entry) : none));
}

/** The entry's findings (the page's own, else the relay's: findingsOf); none without an entry or a store. */
export function useFrameFindings(store: FrameFindingsReader | null | undefined, entry: FrameEntry | undefined): readonly Finding[] {
  return useBySeq(store, entry, findingsOf, NO_FINDINGS);
}

/** The entry's links: pairs, cancel, keep-alives (the page's own, else the relay's: linksOf). */
export function useFrameLinks(store: FrameLinksReader | null | undefined, entry: FrameEntry | undefined): FrameLinks {
  return useBySeq(store, entry, linksOf, NO_LINKS);
}
