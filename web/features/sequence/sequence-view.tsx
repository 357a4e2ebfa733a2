// The session as a sequence diagram: one row per frame the log's filter lets through, read through the same LogRows as
// the log table and virtualized the same way (only the rows in view are drawn), so a million-frame session scrolls.
import { useCallback, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { exchangeIndexOf } from '../../lib/http/use-exchange-index.js';
import type { LogRows } from '../../lib/log/log-source.js';
import type { LogView } from '../../lib/log/use-log.js';
import { maskEntry, useScreenMask } from '../../lib/ui/screen-mask.js';
import { useClientWidth } from '../../lib/ui/use-client-width.js';
import { useRowScroller } from '../../lib/ui/use-row-scroller.js';
import { useSelectionInView } from '../../lib/ui/use-selection-in-view.js';
import { exportPng, exportSvg, type ExportRange } from './sequence-export.js';
import { laneXs, SEQ_HEADER, SEQ_ROW } from './sequence-geometry.js';
import { sequenceLanes } from './sequence-lanes.js';
import { PAGE_STYLE } from './sequence-style.js';
import { LaneHeader, SequenceBand } from './sequence-svg.js';
import { NO_FRAME_FINDINGS } from '../../lib/log/frame-findings.js';
import { NO_FRAME_LINKS } from '../../lib/log/frame-links.js';

export interface SequenceViewProps {
  view: LogView | null;
  rows: LogRows;
  selectedSeq: number | null;
  onSelect: (seq: number) => void;
  onOpenDetail: () => void;
  emptyText: string;
}

export function SequenceView({ view, rows, selectedSeq, onSelect, onOpenDetail, emptyText }: SequenceViewProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const width = useClientWidth(scrollRef, 800);
  const [follow, setFollow] = useState(true);
  const [exportError, setExportError] = useState<string | null>(null);
  const { count } = rows;
  const scroller = useRowScroller(scrollRef, count, SEQ_ROW, 10, follow);
  const { scrollToIndex } = scroller;
  // Re-read when the log moves: a new HTTP exchange can add a sub-lane.
  const index = view ? exchangeIndexOf(view.source) : null;
  const indexVersion = index?.version;
  // The index is updated in place: its version says when the lanes may have changed.
  // A chat in this session (its model requests are events) adds the model's lane; the held frames are scanned once
  // each, on from where the last look stopped, so a flood does not rescan its log on every render.
  const modelSeen = useRef({ source: null as unknown, scanned: 0, found: false });
  const hasModel = useMemo(() => {
    const held = view?.source.held ?? [];
    const m = modelSeen.current;
    if (m.source !== view?.source || m.scanned > held.length) modelSeen.current = { source: view?.source, scanned: 0, found: false };
    const seen = modelSeen.current;
    for (; !seen.found && seen.scanned < held.length; seen.scanned++) if (held[seen.scanned]!.frame.method === 'model-exchange') seen.found = true;
    return seen.found;
    // `count` changes when frames arrive; the held array is the same object, grown in place.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [view, count]);
  // The index is updated in place: its version says when the lanes may have changed.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const lanes = useMemo(() => sequenceLanes(index, hasModel), [index, indexVersion, hasModel]);
  const xs = useMemo(() => laneXs(lanes, width), [lanes, width]);

  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (follow && el && count > 0) el.scrollTop = el.scrollHeight;
  }, [follow, count]);

  useSelectionInView(rows, selectedSeq, scrollToIndex);

  const onScroll = useCallback(() => {
    const el = scrollRef.current;
    if (el) setFollow(el.scrollHeight - el.scrollTop - el.clientHeight <= SEQ_ROW);
  }, []);
  const pick = useCallback(
    (seq: number) => {
      onSelect(seq);
      onOpenDetail();
    },
    [onSelect, onOpenDetail],
  );

  // ↑/↓ (or k/j) move the selection row by row, as in the log; Enter opens the detail.
  const onKeyDown = (e: KeyboardEvent) => {
    const step = e.key === 'ArrowDown' || e.key === 'j' ? 1 : e.key === 'ArrowUp' || e.key === 'k' ? -1 : 0;
    if (e.key === 'Enter' && selectedSeq !== null) onOpenDetail();
    if (step === 0 || count === 0) return;
    e.preventDefault();
    const at = selectedSeq === null ? -1 : rows.indexOfSeq(selectedSeq);
    const next = rows.rowAt(at < 0 ? (step > 0 ? 0 : count - 1) : Math.max(0, Math.min(count - 1, at + step)));
    if (next) onSelect(next.frame.seq);
  };

  // Presentation mode masks what the diagram shows (stderr heads can hold a token), and so what it exports.
  const mask = useScreenMask();
  const shownRows = useMemo<LogRows>(() => {
    if (mask === null) return rows;
    return { ...rows, rowAt: (i) => ((e) => e && maskEntry(e))(rows.rowAt(i)) };
  }, [rows, mask]);
  const band = scroller.items.map((item) => ({ index: item.index, entry: shownRows.rowAt(item.index) }));
  const bandTop = scroller.items[0]?.top ?? 0;
  const findings = view?.source.frameFindings ?? NO_FRAME_FINDINGS;
  const links = view?.source.frameLinks ?? NO_FRAME_LINKS;
  const range = (): ExportRange => ({ rows: shownRows, lanes, firstInView: band[0]?.index ?? 0, selectedSeq, findings, links });
  const run = (f: (r: ExportRange) => Promise<void>) => {
    setExportError(null);
    f(range()).catch((e: unknown) => setExportError(e instanceof Error ? e.message : String(e)));
  };

  return (
    <div className="relative flex min-h-0 flex-1 flex-col" data-testid="sequence-view" data-count={count}>
      <style>{PAGE_STYLE}</style>
      <div className="relative shrink-0 border-b border-edge bg-panel-2">
        <svg className="sq-root block" width={width} height={SEQ_HEADER} aria-label="lanes">
          <LaneHeader lanes={lanes} xs={xs} />
        </svg>
        {/* In the gutter, where the rows show their number and time: the lanes' labels stay clear. */}
        <span
          className="absolute top-0 left-1 flex h-full items-center gap-1"
          title="export the rows the filter lets through (at most 1,000, from the top of the view)"
        >
          <button type="button" className="btn px-1.5 py-0 text-[11px]" data-testid="seq-export-svg" disabled={count === 0} onClick={() => run(exportSvg)}>
            SVG
          </button>
          <button type="button" className="btn px-1.5 py-0 text-[11px]" data-testid="seq-export-png" disabled={count === 0} onClick={() => run(exportPng)}>
            PNG
          </button>
          {exportError !== null && (
            <span className="text-red-400" role="alert">
              {exportError}
            </span>
          )}
        </span>
      </div>
      <div
        ref={scrollRef}
        onScroll={onScroll}
        onKeyDown={onKeyDown}
        tabIndex={0}
        data-testid="sequence-scroll"
        data-scroll-scale={scroller.scale}
        className="min-h-0 flex-1 overflow-auto outline-none focus-visible:ring-1 focus-visible:ring-blue-600/60"
        role="figure"
        aria-label="sequence diagram"
      >
        {count === 0 ? (
          <div className="p-4 text-dim">{emptyText}</div>
        ) : (
          <div className="relative w-full" style={{ height: scroller.height }}>
            <svg className="sq-root absolute left-0" style={{ top: bandTop }} width={width} height={band.length * SEQ_ROW}>
              <SequenceBand
                rows={band}
                lanes={lanes}
                xs={xs}
                width={width}
                selectedSeq={selectedSeq}
                findings={findings}
                links={links}
                indexOfSeq={(seq) => rows.indexOfSeq(seq)}
                onPick={pick}
              />
            </svg>
          </div>
        )}
      </div>
      {!follow && count > 0 && (
        <button type="button" data-testid="seq-jump-latest" onClick={() => setFollow(true)} className="btn btn-primary absolute right-4 bottom-3 shadow-lg">
          ↓ jump to latest
        </button>
      )}
    </div>
  );
}
