// Lays a session's exchanges out as a waterfall: grouped by trace, each exchange under the one whose span its
// traceparent names (the parent), in start order; times relative to the session's first frame.
import type { SessionExchanges, TraceExchange } from './trace-exchanges.js';

export interface WaterfallRow {
  exchange: TraceExchange;
  depth: number;
  /** The trace the row belongs to ('' for exchanges that carried no trace context). */
  traceId: string;
  /** Milliseconds from the session's start. */
  startMs: number;
  /** Duration; an unanswered exchange runs to the session's last frame. */
  durationMs: number;
  failed: boolean;
}

/** The span id an exchange's own span has on the wire: known only for those whose traceparent mcpscope added. */
function spanIdOf(ex: TraceExchange): string | null {
  return ex.ownTrace && ex.trace ? ex.trace.parentId : null;
}

export function waterfallRows(session: SessionExchanges, limit = 5000): { rows: WaterfallRow[]; total: number; spanMs: number } {
  const list = session.exchanges.slice(0, limit);
  const bySpan = new Map<string, TraceExchange>();
  for (const ex of list) {
    const id = spanIdOf(ex);
    if (id) bySpan.set(id, ex);
  }
  const children = new Map<TraceExchange, TraceExchange[]>();
  const roots: TraceExchange[] = [];
  for (const ex of list) {
    const parent = ex.trace && !ex.ownTrace ? bySpan.get(ex.trace.parentId) : undefined;
    if (parent && parent !== ex) children.set(parent, [...(children.get(parent) ?? []), ex]);
    else roots.push(ex);
  }
  // Traces in the order they first appear; exchanges without trace context last, as their own group.
  const traceOf = (ex: TraceExchange) => ex.trace?.traceId ?? '';
  const order = [...new Set(roots.map(traceOf))].sort((a, b) => (a === '' ? 1 : b === '' ? -1 : 0));
  const rows: WaterfallRow[] = [];
  const last = session.last;
  const visit = (ex: TraceExchange, depth: number, traceId: string) => {
    const end = ex.end ?? Math.max(last, ex.start);
    rows.push({
      exchange: ex,
      depth,
      traceId,
      startMs: ex.start - session.first,
      durationMs: Math.max(0, end - ex.start),
      failed: ex.error !== null || ex.toolError || ex.end === null,
    });
    for (const c of children.get(ex) ?? []) visit(c, depth + 1, traceId);
  };
  for (const t of order) for (const r of roots.filter((x) => traceOf(x) === t)) visit(r, 0, t);
  return { rows, total: session.exchanges.length, spanMs: Math.max(1, last - session.first) };
}
