// What --trace and --otlp do to a command's sessions: their own requests carry W3C trace context (the provenance of
// those keys recorded as an event in the session), and when they end their frames go out as OpenTelemetry spans.
import type { FrameRecord, Target } from '../../shared/relay-protocol.js';
import { TraceContextSource } from '../../shared/trace/trace-ids.js';
import { traceContextEvent } from '../../shared/trace/trace-exchanges.js';
import type { OtlpChoice } from '../cli/trace-flags.js';

interface Traceable {
  engine: { setTraceContext(source: { next(): Record<string, string> } | null): void };
  recordEvent(event: { event: string } & Record<string, unknown>): void;
}

/** Turns on trace context for the session's own requests and records which keys mcpscope adds, under which trace. */
export function startTracing(session: Traceable, sessionName: string): TraceContextSource {
  const source = new TraceContextSource(sessionName);
  session.recordEvent({ ...traceContextEvent(sessionName, source.traceId) });
  session.engine.setTraceContext(source);
  return source;
}

export function wantsExport(o: OtlpChoice): boolean {
  return o.otlp !== null || o.otlpFile !== null;
}

export interface SessionToExport {
  name: string;
  frames: readonly FrameRecord[];
}

/**
 * Exports each session's spans to the collector and/or one file; resolves to one line per destination, or throws with
 * the reason. The OpenTelemetry packages load here, on the first export, never on a run without --otlp.
 */
export async function exportFrames(sessions: readonly SessionToExport[], target: Pick<Target, 'transport'>, o: OtlpChoice, version: string): Promise<string[]> {
  const { exportSessionSpans } = await import('./session-spans.js');
  const { CheckedExporter, OtlpFileExporter, otlpHttpExporter, tracesUrl } = await import('./span-exporters.js');
  const networkTransport = target.transport === 'stdio' ? ('pipe' as const) : ('tcp' as const);
  const lines: string[] = [];
  const each = async (exporter: InstanceType<typeof CheckedExporter>) => {
    let count = 0;
    for (const s of sessions) count += await exportSessionSpans(s.frames, exporter, { sessionName: s.name, networkTransport, version });
    await exporter.close();
    return count;
  };
  if (o.otlp !== null) {
    const exporter = await otlpHttpExporter(o.otlp, o.otlpProtocol);
    const count = await each(exporter);
    if (exporter.failure !== null) throw new Error(`the OTLP export to ${tracesUrl(o.otlp)} failed: ${exporter.failure}`);
    lines.push(`exported ${count} spans to ${tracesUrl(o.otlp)} (${o.otlpProtocol})`);
  }
  if (o.otlpFile !== null) {
    const count = await each(new CheckedExporter(new OtlpFileExporter(o.otlpFile)));
    lines.push(`wrote ${count} spans as OTLP/JSON to ${o.otlpFile}`);
  }
  return lines;
}
