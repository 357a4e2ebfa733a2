// The frame's W3C trace context (params._meta traceparent, tracestate, baggage, SEP-414): each value as text, the
// traceparent's fields, what breaks its format, and a link that filters the log to the whole trace.
import { traceMetaOf, TRACE_META_KEYS } from '../../../shared/trace/trace-context.js';
import type { FrameEntry } from '../../lib/log/frame-entry.js';
import { publishTraceFilter } from '../../lib/log/trace-filter-intent.js';

function shownValue(v: unknown): string {
  return typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v));
}

export function TraceContextView({ sessionId, entry }: { sessionId: string; entry: FrameEntry }) {
  const trace = traceMetaOf(entry.value);
  if (!trace) return null;
  const { parent } = trace;
  return (
    <div data-testid="detail-trace" className="shrink-0 space-y-0.5 border-b border-edge px-3 py-1.5 font-mono text-[11px]">
      <div className="flex items-center gap-2 font-sans text-[10px] tracking-wide text-dim uppercase">
        trace context
        {parent && (
          <button
            type="button"
            data-testid="detail-trace-filter"
            className="ml-auto rounded border border-edge px-1.5 font-sans text-[11px] tracking-normal text-ink normal-case hover:bg-panel-2"
            title="show only the frames of this trace in the log"
            onClick={() => publishTraceFilter(sessionId, parent.traceId)}
          >
            filter the log by this trace
          </button>
        )}
      </div>
      {TRACE_META_KEYS.filter((k) => k in trace.values).map((k) => (
        <div key={k} data-testid={`detail-trace-${k}`} className="break-all">
          <span className="text-dim">{k}: </span>
          {shownValue(trace.values[k])}
          {trace.problems[k] && <span className="block font-sans text-red-300">✗ {trace.problems[k]}</span>}
        </div>
      ))}
      {parent && (
        <div data-testid="detail-trace-parsed" className="text-dim">
          trace-id <span className="text-ink">{parent.traceId}</span> · parent span <span className="text-ink">{parent.parentId}</span> · flags {parent.flags} (
          {parent.sampled ? 'sampled' : 'not sampled'})
        </div>
      )}
    </div>
  );
}
