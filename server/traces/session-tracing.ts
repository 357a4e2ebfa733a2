// What --trace and --otlp do to one command's session: its own requests carry W3C trace context (the provenance of
// those keys recorded as an event in the session), and when it ends its frames go out as OpenTelemetry spans.
import type { FrameRecord, Target } from '../../shared/relay-protocol.js';
import { TraceContextSource, sessionBaggage } from '../../shared/trace/trace-ids.js';
import { TRACE_CONTEXT_EVENT } from '../../shared/trace/trace-exchanges.js';
import type { OtlpChoice } from '../cli/trace-flags.js';

interface Traceable {
  engine: { setTraceContext(source: { next(): Record<string, string> } | null): void };
  recordEvent(event: { event: string } & Record<string, unknown>): void;
}

/** Turns on trace context for the session's own requests and records which keys mcpscope adds, under which trace. */
export function startTracing(session: Traceable, sessionName: string): TraceContextSource {
  const source = new TraceContextSource(sessionName);
  session.recordEvent({ event: TRACE_CONTEXT_EVENT, traceId: source.traceId, session: sessionBaggage(sessionName), keys: ['traceparent', 'baggage'] });
  session.engine.setTraceContext(source);
  return source;
}

export function wantsExport(o: OtlpChoice): boolean {
  return o.otlp !== null || o.otlpFile !== null;
}

/** Exports the frames to the collector and/or the file; resolves to one line per destination, or throws with the reason. */
export async function exportFrames(frames: readonly FrameRecord[], target: Pick<Target, 'transport'>, o: OtlpChoice, sessionName: string, version: string): Promise<string[]> {
  const { exportSessionSpans } = await import('./session-spans.js');
  const { OtlpFileExporter, otlpHttpExporter, tracesUrl } = await import('./span-exporters.js');
  const spanOptions = { sessionName, networkTransport: target.transport === 'stdio' ? ('pipe' as const) : ('tcp' as const), version };
  const lines: string[] = [];
  if (o.otlp !== null) {
    const exporter = await otlpHttpExporter(o.otlp, o.otlpProtocol);
    const count = await exportSessionSpans(frames, exporter, spanOptions);
    if (exporter.failure !== null) throw new Error(`the OTLP export to ${tracesUrl(o.otlp)} failed: ${exporter.failure}`);
    lines.push(`exported ${count} spans to ${tracesUrl(o.otlp)} (${o.otlpProtocol})`);
  }
  if (o.otlpFile !== null) {
    const count = await exportSessionSpans(frames, new OtlpFileExporter(o.otlpFile), spanOptions);
    lines.push(`wrote ${count} spans as OTLP/JSON to ${o.otlpFile}`);
  }
  return lines;
}
