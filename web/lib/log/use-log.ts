// React's view of a session's log: the LogSource and a version that changes whenever what it shows does, as one
// snapshot object, so memos that read the log depend on the snapshot and re-run exactly when it changes.
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { useRelay } from '../relay/relay-context.js';
import type { FrameEntry } from './frame-entry.js';
import type { FrameFilter } from './frame-filter.js';
import { useFrameLinks } from './use-frame-findings.js';
import type { LogRows, LogSource } from './log-source.js';

export interface LogView {
  source: LogSource;
  version: number;
}

/** The session's log, kept current while the component shows it; null without a session. */
export function useLog(sessionId: string | null): LogView | null {
  const { store } = useRelay();
  const version = useSyncExternalStore(store.subscribe, () => store.versionOf(sessionId));
  const source = sessionId === null ? null : store.source(sessionId);
  useEffect(() => source?.watch(), [source]);
  return useMemo(() => (source === null ? null : { source, version }), [source, version]);
}

/**
 * One thing read from a session's log (the handshake, the trouble the bar shows), kept current while the component shows
 * it. The component re-renders only when `equal` says the read changed, not on every frame as `useLog`'s would: the
 * connection bar and every panel that reads the handshake re-rendered with their children on each frame of a page load.
 * `select` runs once per log version; it is read when the version changes, so a module-level function suits it.
 */
export function useLogSelect<T>(sessionId: string | null, select: (source: LogSource) => T, equal: (a: T, b: T) => boolean): T | null {
  const { store } = useRelay();
  const source = sessionId === null ? null : store.source(sessionId);
  useEffect(() => source?.watch(), [source]);
  const kept = useRef<{ source: LogSource | null; version: number; value: T | null } | null>(null);
  const snapshot = () => {
    const version = store.versionOf(sessionId);
    const last = kept.current;
    if (last !== null && last.source === source && last.version === version) return last.value;
    const next = source === null ? null : select(source);
    const same = last !== null && last.source === source && last.value !== null && next !== null && equal(last.value, next);
    const value = same ? last.value : next;
    kept.current = { source, version, value };
    return value;
  };
  return useSyncExternalStore(store.subscribe, snapshot);
}

const NO_ROWS: LogRows = { count: 0, rowAt: () => undefined, indexOfSeq: () => -1, pending: false };

/** The rows a filter lets through, recomputed when the log or the filter changes. */
export function useLogRows(view: LogView | null, filter: FrameFilter): LogRows {
  return useMemo(() => (view === null ? NO_ROWS : view.source.rows(filter)), [view, filter]);
}

/** A frame and the frames on the other side of its exchanges, read from the relay when the page does not have them. */
export function useLogFrame(view: LogView | null, seq: number): { entry: FrameEntry | undefined; pairs: FrameEntry[] } {
  const source = view?.source ?? null;
  const entry = source?.frame(seq);
  // Subscribed: an answer that arrives while the detail shows its request adds it here.
  const pairSeqs = useFrameLinks(source?.frameLinks, entry).pairs;
  const missing = source === null ? '' : (entry ? pairSeqs : [seq]).filter((s) => !source.frame(s)).join(',');
  useEffect(() => {
    if (source !== null && missing !== '') source.load(missing.split(',').map(Number));
  }, [source, missing]);
  const pairs = entry && source ? pairSeqs.flatMap((s) => source.frame(s) ?? []) : [];
  return { entry, pairs };
}
