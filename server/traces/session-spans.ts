// Replays a session's exchanges through the OpenTelemetry SDK as spans named and attributed by OpenTelemetry's MCP
// semantic conventions, with the recorded times, and hands them to whatever exporter is given (OTLP/HTTP or a file).
import { SpanKind, SpanStatusCode, TraceFlags, ROOT_CONTEXT, trace, type Attributes, type Context } from '@opentelemetry/api';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, RandomIdGenerator, TracerProvider, type IdGenerator, type SpanExporter } from '@opentelemetry/sdk-trace';
import type { FrameRecord } from '../../shared/relay-protocol.js';
import { sessionExchanges, spanName, type TraceExchange } from '../../shared/trace/trace-exchanges.js';
import { newTraceId } from '../../shared/trace/trace-ids.js';

export interface SessionSpanOptions {
  /** The mcpscope session's name or id: mcp.session.id when the server issued none. */
  sessionName: string;
  /** 'pipe' for stdio, 'tcp' for HTTP (network.transport). */
  networkTransport: 'pipe' | 'tcp';
  version: string;
}

/**
 * Lets the next span take ids chosen here: an exchange whose traceparent mcpscope added IS the span that traceparent
 * names (the server's span is its child), so its ids must be those on the wire, not fresh random ones.
 */
class ChosenIds implements IdGenerator {
  private readonly random = new RandomIdGenerator();
  nextSpanId: string | null = null;
  traceId = newTraceId();

  generateTraceId(): string {
    return this.traceId;
  }

  generateSpanId(): string {
    const id = this.nextSpanId ?? this.random.generateSpanId();
    this.nextSpanId = null;
    return id;
  }
}

function attributesOf(ex: TraceExchange, sessionId: string, o: SessionSpanOptions): Attributes {
  const a: Attributes = {
    'mcp.method.name': ex.method,
    'mcp.session.id': sessionId,
    'jsonrpc.request.id': ex.id.replace(/^"|"$/g, ''),
    'network.transport': o.networkTransport,
    'mcpscope.request.seq': ex.requestSeq,
  };
  if (ex.responseSeq !== null) a['mcpscope.response.seq'] = ex.responseSeq;
  if (ex.protocolVersion) a['mcp.protocol.version'] = ex.protocolVersion;
  if (ex.method === 'tools/call') a['gen_ai.operation.name'] = 'execute_tool';
  if (ex.method === 'tools/call' && ex.target) a['gen_ai.tool.name'] = ex.target;
  if (ex.method === 'prompts/get' && ex.target) a['gen_ai.prompt.name'] = ex.target;
  if (ex.method.startsWith('resources/') && ex.target) a['mcp.resource.uri'] = ex.target;
  if (ex.error) {
    a['error.type'] = ex.error.code === null ? '_OTHER' : String(ex.error.code);
    if (ex.error.code !== null) a['rpc.response.status_code'] = String(ex.error.code);
  } else if (ex.toolError) {
    a['error.type'] = 'tool_error';
  } else if (ex.end === null) {
    a['error.type'] = 'unanswered';
  }
  return a;
}

/** Where the span hangs: itself the traceparent's span (ours), a child of it (someone else's), or a root of the session. */
function placeSpan(ex: TraceExchange, ids: ChosenIds): Context {
  if (ex.trace && ex.ownTrace) {
    ids.traceId = ex.trace.traceId;
    ids.nextSpanId = ex.trace.parentId;
    return ROOT_CONTEXT;
  }
  if (ex.trace) {
    return trace.setSpanContext(ROOT_CONTEXT, {
      traceId: ex.trace.traceId,
      spanId: ex.trace.parentId,
      traceFlags: ex.trace.sampled ? TraceFlags.SAMPLED : TraceFlags.NONE,
      isRemote: true,
    });
  }
  return ROOT_CONTEXT;
}

/** One TracerProvider for one session's spans: each exchange becomes a span with its recorded times and events. */
export class SessionSpanWriter {
  private readonly ids = new ChosenIds();
  private readonly provider: TracerProvider;
  private readonly tracer: ReturnType<TracerProvider['getTracer']>;
  /** The trace a root span goes in when mcpscope added no trace context of its own. */
  private readonly fallbackTraceId = this.ids.traceId;
  count = 0;

  /** `delayMs`: how long the batch processor holds ended spans before sending them (the SDK's default, 5 s, when absent). */
  constructor(
    exporter: SpanExporter,
    private readonly o: SessionSpanOptions,
    delayMs?: number,
  ) {
    this.provider = new TracerProvider({
      resource: resourceFromAttributes({ 'service.name': 'mcpscope', 'service.version': o.version }),
      idGenerator: this.ids,
      spanProcessors: [
        new BatchSpanProcessor({
          exporter,
          maxExportBatchSize: 512,
          maxQueueSize: 100_000,
          ...(delayMs === undefined ? {} : { scheduledDelayMillis: delayMs }),
        }),
      ],
    });
    this.tracer = this.provider.getTracer('mcpscope', o.version);
  }

  /** The exchange as one ended span; `ownTraceId` and `mcpSessionId` as known so far, `endFallback` for an unanswered one. */
  write(ex: TraceExchange, ctx: { ownTraceId: string | null; mcpSessionId: string | null; endFallback: number }): void {
    const ids = this.ids;
    ids.traceId = ctx.ownTraceId ?? this.fallbackTraceId;
    const parent = placeSpan(ex, ids);
    const span = this.tracer.startSpan(
      spanName(ex),
      {
        kind: ex.requester === 'client' ? SpanKind.CLIENT : SpanKind.SERVER,
        startTime: ex.start,
        attributes: attributesOf(ex, ctx.mcpSessionId ?? this.o.sessionName, this.o),
      },
      parent,
    );
    for (const e of ex.events) {
      const name = e.name === 'cancelled' ? 'mcp.cancelled' : e.name === 'progress' ? 'mcp.progress' : 'mcp.log';
      span.addEvent(name, { ...e.attributes, 'mcpscope.seq': e.seq }, e.ts);
    }
    if (ex.error) span.setStatus({ code: SpanStatusCode.ERROR, message: `${ex.error.code ?? ''} ${ex.error.message}`.trim() });
    else if (ex.toolError) span.setStatus({ code: SpanStatusCode.ERROR, message: 'tool returned isError' });
    span.end(ex.end ?? Math.max(ctx.endFallback, ex.start));
    this.count++;
  }

  /** Sends what is still held and ends the provider (the exporter stays open: CheckedExporter.close ends it). */
  async close(): Promise<number> {
    await this.provider.forceFlush();
    await this.provider.shutdown();
    return this.count;
  }
}

/** Builds every span of the session and exports them; resolves once the exporter has them all. */
export async function exportSessionSpans(frames: Iterable<FrameRecord>, exporter: SpanExporter, o: SessionSpanOptions): Promise<number> {
  const session = sessionExchanges(frames);
  const writer = new SessionSpanWriter(exporter, o);
  for (const ex of session.exchanges) writer.write(ex, { ownTraceId: session.ownTraceId, mcpSessionId: session.mcpSessionId, endFallback: session.last });
  return writer.close();
}
