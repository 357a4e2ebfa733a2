// Judges the trace context of each request and notification (SEP-414): its format, at the severity of the session's
// revision, and whether a server's own messages continue the trace of the client request they serve.
import type { LintContext, Msg } from './lint-context.js';
import type { McpSession } from './mcp-session.js';
import { traceMetaOf, type TraceMetaKey } from '../trace/trace-context.js';

const MALFORMED = { traceparent: 'mcp/traceparent-malformed', tracestate: 'mcp/tracestate-malformed', baggage: 'mcp/baggage-malformed' } as const;

export class TraceChecks {
  /** Client requests in flight that carried a valid traceparent: request key → trace-id. */
  private readonly active = new Map<string, string>();

  constructor(private readonly limit: number) {}

  reset(): void {
    this.active.clear();
  }

  onCall(ctx: LintContext, m: Msg, method: string, key: string | null, session: McpSession): void {
    const trace = traceMetaOf(m.obj);
    if (!trace) return;
    const modern = session.era === 'modern' || session.rulesVersion === '2026-07-28';
    for (const [k, problem] of Object.entries(trace.problems) as [TraceMetaKey, string][]) {
      const value = JSON.stringify(trace.values[k]) ?? String(trace.values[k]);
      const shown = value.length > 80 ? `${value.slice(0, 80)}…` : value;
      if (modern) ctx.emit(MALFORMED[k], m.seq, `${method}${m.where}: _meta.${k} ${shown} ${problem}.`);
      else
        ctx.emit(
          'mcp/trace-context-malformed-legacy',
          m.seq,
          `${method}${m.where}: _meta.${k} ${shown} ${problem} (not reserved before 2026-07-28; an error from that revision on).`,
        );
    }
    if (!trace.parent) return;
    if (m.sender === 'client') {
      if (key === null) return;
      // Unanswered requests are forgotten oldest first, so a flood of them cannot grow the map without bound.
      if (this.active.size >= this.limit) this.active.delete(this.active.keys().next().value!);
      this.active.set(key, trace.parent.traceId);
      return;
    }
    const served = [...this.active.values()];
    if (served.length > 0 && !served.includes(trace.parent.traceId)) {
      ctx.emit(
        'mcp/trace-context-unrelated',
        m.seq,
        `The server's ${method}${m.where} carries trace ${trace.parent.traceId}, while the client request${served.length > 1 ? 's' : ''} it serves carr${served.length > 1 ? 'y' : 'ies'} ${[...new Set(served)].slice(0, 3).join(', ')}.`,
      );
    }
  }

  /** A server's response or error ends the client request it answers. */
  onAnswer(key: string | null): void {
    if (key !== null) this.active.delete(key);
  }
}
