// The session as a waterfall beside the log and the sequence view: its exchanges nested by trace and parent span, a
// duration bar each on the session's time axis, failures red; a row opens its request in the detail pane.
import { useMemo, useRef, useState } from 'react';
import { sessionExchanges } from '../../../shared/trace/trace-exchanges.js';
import { waterfallRows } from '../../../shared/trace/waterfall-rows.js';
import type { LogRows } from '../../lib/log/log-source.js';
import type { LogView } from '../../lib/log/use-log.js';
import { exportWaterfallPng, exportWaterfallSvg } from './waterfall-export.js';
import { WaterfallAxis, WaterfallRows, WF_HEADER, WF_ROW } from './waterfall-svg.js';
import { WF_PAGE_STYLE } from './waterfall-style.js';
import { useClientWidth } from '../../lib/ui/use-client-width.js';

export interface WaterfallViewProps {
  view: LogView | null;
  rows: LogRows;
  selectedSeq: number | null;
  onSelect: (seq: number) => void;
  onOpenDetail: () => void;
  emptyText: string;
}

export function WaterfallView({ view, rows, selectedSeq, onSelect, onOpenDetail }: WaterfallViewProps) {
  const box = useRef<HTMLDivElement>(null);
  const width = useClientWidth(box, 800);
  const [exportError, setExportError] = useState<string | null>(null);
  const held = view?.source.held;
  // The held frames grow in place; the log's row count says when to lay the waterfall out again.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const layout = useMemo(() => waterfallRows(sessionExchanges((held ?? []).map((e) => e.frame))), [held, rows.count]);
  const pick = (seq: number) => {
    onSelect(seq);
    onOpenDetail();
  };
  const run = (f: () => Promise<void>) => {
    setExportError(null);
    f().catch((e: unknown) => setExportError(e instanceof Error ? e.message : String(e)));
  };
  const n = layout.rows.length;
  return (
    <div className="relative flex min-h-0 flex-1 flex-col" data-testid="waterfall-view" data-count={n}>
      <style>{WF_PAGE_STYLE}</style>
      <div className="flex shrink-0 items-center gap-1 border-b border-edge bg-panel-2 px-1 py-0.5 text-[11px] text-dim">
        <button
          type="button"
          className="btn px-1.5 py-0 text-[11px]"
          data-testid="wf-export-svg"
          disabled={n === 0}
          onClick={() => run(() => exportWaterfallSvg(layout.rows, layout.spanMs))}
        >
          SVG
        </button>
        <button
          type="button"
          className="btn px-1.5 py-0 text-[11px]"
          data-testid="wf-export-png"
          disabled={n === 0}
          onClick={() => run(() => exportWaterfallPng(layout.rows, layout.spanMs))}
        >
          PNG
        </button>
        <span>
          {n} exchange{n === 1 ? '' : 's'}
          {layout.total > n ? ` (the first ${n} of ${layout.total})` : ''} of the frames this page holds · nested by trace and parent span
        </span>
        {exportError !== null && (
          <span className="text-red-400" role="alert">
            {exportError}
          </span>
        )}
      </div>
      <div ref={box} className="min-h-0 flex-1 overflow-auto" role="figure" aria-label="waterfall of the session's exchanges">
        {n === 0 ? (
          <div className="p-4 text-dim">No request in this session yet.</div>
        ) : (
          <svg className="wf-root block" width={width} height={WF_HEADER + n * WF_ROW}>
            <WaterfallAxis width={width} spanMs={layout.spanMs} />
            <g transform={`translate(0 ${WF_HEADER})`}>
              <WaterfallRows rows={layout.rows} width={width} spanMs={layout.spanMs} selectedSeq={selectedSeq} onPick={pick} />
            </g>
          </svg>
        )}
      </div>
    </div>
  );
}
