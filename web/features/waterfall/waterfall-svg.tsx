// The waterfall's drawing, the same for the page and for an exported file: one row per exchange, indented under its
// parent span, a bar from its request to its answer on the session's time axis; failed exchanges are red.
import { spanName } from '../../../shared/trace/trace-exchanges.js';
import type { WaterfallRow } from '../../../shared/trace/waterfall-rows.js';

export const WF_ROW = 22;
export const WF_HEADER = 22;
const LABEL_W = 300;
const INDENT = 14;

function formatMs(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms`;
}

export function WaterfallAxis({ width, spanMs }: { width: number; spanMs: number }) {
  const plot = Math.max(100, width - LABEL_W - 70);
  const ticks = [0, 0.25, 0.5, 0.75, 1];
  return (
    <g className="wf-axis">
      <text className="wf-dim" x={6} y={15}>
        exchange (span)
      </text>
      {ticks.map((t) => (
        <text key={t} className="wf-dim" x={LABEL_W + t * plot} y={15} textAnchor={t === 1 ? 'end' : t === 0 ? 'start' : 'middle'}>
          {formatMs(t * spanMs)}
        </text>
      ))}
    </g>
  );
}

interface RowsProps {
  rows: readonly WaterfallRow[];
  width: number;
  spanMs: number;
  selectedSeq?: number | null;
  onPick?: (seq: number) => void;
}

export function WaterfallRows({ rows, width, spanMs, selectedSeq = null, onPick }: RowsProps) {
  const plot = Math.max(100, width - LABEL_W - 70);
  let lastTrace: string | null = null;
  return (
    <g>
      {rows.map((r, i) => {
        const y = i * WF_ROW;
        const ex = r.exchange;
        const x = LABEL_W + (r.startMs / spanMs) * plot;
        const w = Math.max(2, (r.durationMs / spanMs) * plot);
        const newTrace = r.traceId !== lastTrace;
        lastTrace = r.traceId;
        const kind = r.failed ? 'wf-failed' : ex.requester === 'server' ? 'wf-server' : 'wf-client';
        const selected = selectedSeq === ex.requestSeq || (ex.responseSeq !== null && selectedSeq === ex.responseSeq);
        return (
          <g
            key={`${ex.requester}:${ex.requestSeq}`}
            transform={`translate(0 ${y})`}
            className={kind}
            data-testid="waterfall-row"
            data-seq={ex.requestSeq}
            data-name={spanName(ex)}
            data-depth={r.depth}
            data-trace={r.traceId}
            data-failed={r.failed}
            data-duration={r.durationMs.toFixed(1)}
            onClick={onPick ? () => onPick(ex.requestSeq) : undefined}
          >
            <rect className={`wf-hit${selected ? ' wf-selected' : ''}`} x={0} y={0} width={width} height={WF_ROW} />
            {newTrace && i > 0 && <line className="wf-sep" x1={0} x2={width} y1={0} y2={0} />}
            <text className="wf-label" x={6 + r.depth * INDENT} y={15}>
              {ex.requester === 'server' ? '← ' : ''}
              {spanName(ex).slice(0, 60)}
              {r.traceId ? <tspan className="wf-dim">{`  ${r.traceId.slice(0, 8)}`}</tspan> : null}
            </text>
            <rect className="wf-bar" x={x} y={5} width={w} height={WF_ROW - 10} rx={2} />
            {ex.events.map((e) => (
              <line
                key={e.seq}
                className="wf-event"
                x1={LABEL_W + ((e.ts - ex.start + r.startMs) / spanMs) * plot}
                x2={LABEL_W + ((e.ts - ex.start + r.startMs) / spanMs) * plot}
                y1={3}
                y2={WF_ROW - 3}
              />
            ))}
            <text className="wf-dim" x={Math.min(x + w + 4, width - 60)} y={15}>
              {ex.end === null ? 'unanswered' : formatMs(r.durationMs)}
              {ex.error ? ` · ${ex.error.code ?? 'error'}` : ex.toolError ? ' · isError' : ''}
            </text>
          </g>
        );
      })}
    </g>
  );
}
