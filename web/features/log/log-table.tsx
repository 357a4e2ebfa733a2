// The virtualized frame table: follows the tail while the user is at the bottom, stops when they scroll up. In
// presentation mode the tail is followed with the newest row centred, keys step by exchange (also from the page, when
// nothing else has focus), the selected exchange's other half is marked and summaries are masked.
import { useCallback, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import type { FrameEntry } from '../../lib/log/frame-entry.js';
import type { FrameFindingsReader } from '../../lib/log/frame-findings.js';
import { linksOf, type FrameLinksReader } from '../../lib/log/frame-links.js';
import { LOG_GRID, OVERSCAN_ROWS, ROW_HEIGHT } from './log-columns.js';
import { LogHeader } from './log-header.js';
import { LogRow } from './log-row.js';
import { useLogKeyboard } from './use-log-keyboard.js';
import { usePresenting } from '../../lib/ui/presentation.js';
import { usePageKeys } from './use-page-keys.js';
import type { LogRows } from '../../lib/log/log-source.js';
import { useRowScroller } from '../../lib/ui/use-row-scroller.js';
import { useLogColumns } from './use-log-columns.js';
import { useSelectionInView } from '../../lib/ui/use-selection-in-view.js';

interface Props {
  rows: LogRows;
  selectedSeq: number | null;
  onSelect: (seq: number) => void;
  onOpenDetail: () => void;
  onCloseDetail: () => void;
  pairOf: (entry: FrameEntry) => FrameEntry | undefined;
  emptyText: string;
  /** Every method the session has, for the method column's auto-fit. */
  methods: readonly string[];
  /** The session's findings by frame: each row subscribes to its own (findings come after their frame). */
  findings: FrameFindingsReader;
  /** The session's links by frame (pairs, cancels, keep-alives), learned after the frame: likewise. */
  links: FrameLinksReader;
}

export function LogTable({ rows, selectedSeq, onSelect, onOpenDetail, onCloseDetail, pairOf, emptyText, methods, findings, links }: Props) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const probeRef = useRef<HTMLSpanElement>(null);
  const columns = useLogColumns(scrollRef, probeRef, methods);
  const [follow, setFollow] = useState(true);
  const presenting = usePresenting();
  const { count } = rows;
  // Presenting, the extent gets half a screen of empty rows below the last, so the tail followed sits mid-screen.
  const [viewRows, setViewRows] = useState(0);
  const padRows = presenting ? Math.max(0, Math.floor(viewRows / 2)) : 0;
  // Asked for from the scroll event, before the render (see useRowScroller): rows not held start their read then.
  const readAhead = useCallback(
    (first: number, last: number) => {
      for (let i = first; i <= Math.min(last, count - 1); i++) rows.rowAt(i);
    },
    [rows, count],
  );
  const scroller = useRowScroller(scrollRef, count + padRows, ROW_HEIGHT, OVERSCAN_ROWS, follow, readAhead);
  const { scrollToIndex } = scroller;
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const read = () => setViewRows(Math.floor(el.clientHeight / ROW_HEIGHT));
    read();
    const resize = new ResizeObserver(read);
    resize.observe(el);
    return () => resize.disconnect();
  }, []);

  // Rows have a fixed height, so following the tail is one scrollTop write.
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (follow && el && count > 0) el.scrollTop = el.scrollHeight;
  }, [follow, count, padRows]);

  useSelectionInView(rows, selectedSeq, scrollToIndex);

  const onScroll = useCallback(() => {
    const el = scrollRef.current;
    if (!el) return;
    setFollow(el.scrollHeight - el.scrollTop - el.clientHeight <= ROW_HEIGHT);
  }, []);

  const jumpToEnd = useCallback(() => setFollow(true), []);
  const select = useCallback(
    (seq: number) => {
      onSelect(seq);
      onOpenDetail();
    },
    [onSelect, onOpenDetail],
  );
  const pairsOf = useCallback((entry: FrameEntry) => linksOf(links, entry).pairs, [links]);
  const onKeyDown = useLogKeyboard({
    rows,
    selectedSeq,
    onSelect,
    onOpenDetail,
    onCloseDetail,
    onJumpToEnd: jumpToEnd,
    pairOf,
    pairsOf,
    byExchange: presenting,
  });
  usePageKeys(presenting, scrollRef, onKeyDown);

  // The other half of the selected exchange, marked while presenting.
  const selectedIndex = selectedSeq === null ? -1 : rows.indexOfSeq(selectedSeq);
  const selectedEntry = presenting && selectedIndex >= 0 ? rows.rowAt(selectedIndex) : undefined;
  const selectedPairs = selectedEntry ? pairsOf(selectedEntry) : undefined;

  return (
    <div
      className="relative flex min-h-0 flex-1 flex-col overflow-hidden"
      style={{ '--log-cols': columns.template, '--log-fold': columns.folded ? 'none' : 'block' } as CSSProperties}
    >
      {/* Measures the longest method name in the rows' own font, for the method column's auto-fit. */}
      <span ref={probeRef} aria-hidden="true" className="pointer-events-none invisible absolute top-0 left-0 whitespace-nowrap font-mono text-[11.5px]" />
      {/* One grid of a header row and the rows below it: the header stays put while the rows (a rowgroup, the part
          that scrolls and takes the keys) move under it. */}
      <div role="grid" aria-label="frames" aria-rowcount={count + 1} className="flex min-h-0 flex-1 flex-col">
        <LogHeader onResizeStart={columns.startResize} onReset={columns.reset} />
        <div
          ref={scrollRef}
          onScroll={onScroll}
          onKeyDown={onKeyDown}
          tabIndex={0}
          role="rowgroup"
          aria-label="frame rows"
          data-testid="log-table"
          data-scroll-scale={scroller.scale}
          className="min-h-0 flex-1 overflow-x-hidden overflow-y-auto outline-none focus-visible:ring-1 focus-visible:ring-blue-600/60"
        >
          {count === 0 ? (
            <div role="row">
              <div role="gridcell" className="p-4 text-dim">
                {emptyText}
              </div>
            </div>
          ) : (
            <div className="relative w-full" style={{ height: scroller.height }}>
              {scroller.items.map((item) => {
                if (item.index >= count) return null;
                const entry = rows.rowAt(item.index);
                // A row still being read: a placeholder of the same height.
                if (!entry) return <PendingRow key={`pending-${item.index}`} top={item.top} />;
                return (
                  <LogRow
                    key={entry.frame.seq}
                    entry={entry}
                    top={item.top}
                    rowIndex={item.index + 2}
                    selected={entry.frame.seq === selectedSeq}
                    onClick={select}
                    findings={findings}
                    links={links}
                    paired={selectedPairs?.includes(entry.frame.seq) === true}
                    masked={presenting}
                    compact={columns.compact}
                    abbreviate={columns.abbreviate}
                  />
                );
              })}
            </div>
          )}
        </div>
      </div>
      {!follow && count > 0 && (
        <button type="button" data-testid="log-jump-latest" onClick={jumpToEnd} className="btn btn-primary absolute right-4 bottom-3 shadow-lg">
          ↓ jump to latest
        </button>
      )}
    </div>
  );
}

function PendingRow({ top }: { top: number }) {
  return (
    <div
      data-testid="log-row-pending"
      className={`${LOG_GRID} absolute left-0 w-full items-center px-2 font-mono text-[11.5px] text-dim`}
      style={{ height: ROW_HEIGHT, transform: `translateY(${top}px)` }}
    >
      <span className="text-right">…</span>
    </div>
  );
}
