// The rows the log table shows, as a count and an accessor: the in-memory filtered list for a session the page holds
// whole, or a window over the relay's store for a huge one (the page holds only its head and tail).
import { useEffect, useMemo, useState } from 'react';
import { windowQuery, type WindowFilter } from '../../../shared/frame-window-api.js';
import type { FrameEntry } from '../../lib/log/frame-entry.js';
import { filterKey, isEmptyFilter, type FrameFilter } from '../../lib/log/frame-filter.js';
import { FrameWindow } from '../../lib/log/frame-window.js';
import { useRelay } from '../../lib/relay/relay-context.js';
import type { SessionLog } from '../../lib/log/session-log.js';
import { useDebounced } from '../../lib/ui/use-debounced.js';
import { indexOfSeq } from './seq-index.js';

export interface LogRows {
  count: number;
  /** undefined while the row's page is being read from the relay. */
  rowAt: (i: number) => FrameEntry | undefined;
  /** The row of a seq; negative when it is not among the rows (in memory: -(insertion point) - 1). */
  indexOfSeq: (seq: number) => number;
  /** The filter is being evaluated by the relay: the count is not known yet. */
  pending: boolean;
  windowed: boolean;
}

function toWindowFilter(f: FrameFilter): WindowFilter {
  return { text: f.text, method: f.method, ...(f.dir ? { dir: f.dir } : {}), kinds: [...f.kinds], ...(f.findings ? { findings: true as const } : {}), ...(f.hideBookkeeping ? { hideBookkeeping: true as const } : {}) };
}

const EMPTY: readonly FrameEntry[] = [];

/**
 * `lintEpoch`: how far the relay's lint of a windowed session has got ('done' once it caught up); the unfiltered and
 * "has findings" windows are read again as it changes, so gap rows get their badges. Frames recorded after the lint
 * caught up are held in memory and linted by the page.
 */
export function useLogRows(sessionId: string | null, log: SessionLog | null, version: number, input: FrameFilter, lintEpoch = ''): LogRows {
  const { http, store } = useRelay();
  // One relay query per pause in typing, not per keystroke; a session held whole filters on every keystroke as before.
  const debounced = useDebounced(input, log?.windowed ? 50 : 0);
  const filter = log?.windowed ? debounced : input;
  // A "has findings" window reads the relay's lint of the whole session, which may still be running.
  const windowed = log?.windowed === true;
  const key = windowed && !isEmptyFilter(filter) ? `${filterKey(filter)}${filter.findings ? `@${lintEpoch}` : ''}` : null;
  const [held, setHeld] = useState<{ key: string | null; win: FrameWindow } | null>(null);
  // The unfiltered window is read again as the relay's lint advances, so gap rows get their finding badges.
  const relint = key === null ? lintEpoch : '';

  useEffect(() => {
    if (!windowed || sessionId === null) return;
    let live = true;
    const onPage = (entries: FrameEntry[]) => store.remember(sessionId, entries);
    if (key === null) {
      setHeld({ key, win: new FrameWindow(http, sessionId, {}, null, onPage) });
    } else {
      const f = toWindowFilter(filter);
      http
        .call('frameIndex', { params: { id: sessionId }, query: windowQuery(f) })
        .then((index) => live && setHeld({ key, win: new FrameWindow(http, sessionId, f, index, onPage) }))
        .catch(() => undefined);
    }
    return () => {
      live = false;
    };
    // filter is read through key: a new object with the same filter must not re-query.
  }, [windowed, sessionId, key, http, store, relint]);

  // version is a dependency on purpose: the log grows in place and filtered() extends its cached view.
  const memory = useMemo(() => (log ? log.filtered(filter) : EMPTY), [log, filter, version]);

  return useMemo((): LogRows => {
    if (!windowed || !log) {
      return { count: memory.length, rowAt: (i) => memory[i], indexOfSeq: (seq) => indexOfSeq(memory, seq), pending: false, windowed: false };
    }
    const win = held?.key === key ? held.win : null;
    // A held frame's entry is the page's own (parsed, paired), unless only the relay's lint of the whole session
    // found something on it: the page's linter never saw the frames in the gap that give it its context.
    const inMemory = (e: FrameEntry | undefined) => {
      const held = e && log.bySeq(e.frame.seq);
      return held && (held.findings.length > 0 || e.findings.length === 0) ? held : e;
    };
    if (key === null) {
      const count = log.total;
      return {
        count,
        // The window's page before the remembered copy, which may predate the relay's lint (no badges yet); the copy
        // fills in while a rebuilt window reads its page again.
        rowAt: (i) => log.held(i + 1) ?? win?.rowAt(i) ?? log.bySeq(i + 1),
        indexOfSeq: (seq) => (seq >= 1 && seq <= count ? seq - 1 : -1),
        pending: false,
        windowed: true,
      };
    }
    if (!win?.index) return { count: 0, rowAt: () => undefined, indexOfSeq: () => -1, pending: true, windowed: true };
    // Frames recorded after the relay counted the matches come from memory, filtered there.
    const { total, lastSeq } = win.index;
    const after = indexOfSeq(memory, lastSeq + 1);
    const firstLive = after >= 0 ? after : -after - 1;
    return {
      count: total + memory.length - firstLive,
      rowAt: (i) => (i < total ? inMemory(win.rowAt(i)) : memory[firstLive + i - total]),
      indexOfSeq: (seq) => {
        if (seq > lastSeq) {
          const m = indexOfSeq(memory, seq);
          return m >= 0 ? total + m - firstLive : -1;
        }
        return win.indexOfSeq(seq);
      },
      pending: false,
      windowed: true,
    };
  }, [windowed, log, memory, key, held, version]);
}
