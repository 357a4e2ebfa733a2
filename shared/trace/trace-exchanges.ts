// Turns a session's frames into exchanges (a request, its answer, the progress, log and cancellation that happened
// during it, and its trace context), the one model the OTLP exporter and the waterfall both draw from.
import type { FrameRecord } from '../relay-protocol.js';
import { idKey, isPlainObject, parseJson } from '../jsonrpc.js';
import { traceMetaOf, type TraceParent } from './trace-context.js';
import { SESSION_BAGGAGE_KEY, sessionBaggage } from './trace-ids.js';

/** A relay event recorded when mcpscope starts adding trace context to its own requests: the provenance of those keys. */
export const TRACE_CONTEXT_EVENT = 'trace-context';

export interface TraceContextEvent {
  event: typeof TRACE_CONTEXT_EVENT;
  traceId: string;
  /** The baggage value naming the session (`mcpscope.session=…`). */
  session: string;
  /** The `_meta` keys mcpscope adds to each request it makes itself. */
  keys: string[];
}

/** The event that says mcpscope adds (a trace id) or stops adding (null) trace context to the session's own requests. */
export function traceContextEvent(sessionName: string, traceId: string | null): TraceContextEvent {
  return { event: TRACE_CONTEXT_EVENT, traceId: traceId ?? '', session: sessionBaggage(sessionName), keys: traceId === null ? [] : ['traceparent', 'baggage'] };
}

interface ExchangeEvent {
  name: 'progress' | 'log' | 'cancelled';
  ts: number;
  seq: number;
  attributes: Record<string, string | number>;
}

export interface TraceExchange {
  /** Who sent the request: mcpscope (or the host it taps) is the client. */
  requester: 'client' | 'server';
  requestSeq: number;
  responseSeq: number | null;
  id: string;
  method: string;
  /** The tool, prompt or resource the request names (span name `<method> <target>`). */
  target: string | null;
  start: number;
  /** The answer's time; null while unanswered (then the session's last frame ends the bar). */
  end: number | null;
  error: { code: number | null; message: string } | null;
  /** A tools/call answered with `isError: true`: a tool failure, not a protocol error. */
  toolError: boolean;
  events: ExchangeEvent[];
  trace: TraceParent | null;
  /** The traceparent is one mcpscope added (see TRACE_CONTEXT_EVENT): the span it names is this exchange's own. */
  ownTrace: boolean;
  /** The protocol version in force when the request went out. */
  protocolVersion: string | null;
}

export interface SessionExchanges {
  exchanges: TraceExchange[];
  /** The trace id mcpscope used for its own requests, when it traced the session. */
  ownTraceId: string | null;
  /** The server's Mcp-Session-Id, when an HTTP exchange carried one. */
  mcpSessionId: string | null;
  first: number;
  last: number;
}

function targetOf(method: string, params: unknown): string | null {
  if (!isPlainObject(params)) return null;
  const t =
    method === 'tools/call' || method === 'prompts/get' ? params.name : method === 'resources/read' || method.startsWith('resources/') ? params.uri : undefined;
  return typeof t === 'string' ? t.slice(0, 200) : null;
}

function versionOf(method: string, params: unknown, result: unknown): string | null {
  if (method === 'initialize' && isPlainObject(result) && typeof result.protocolVersion === 'string') return result.protocolVersion;
  const meta = isPlainObject(params) && isPlainObject(params._meta) ? params._meta : null;
  const v = meta?.['io.modelcontextprotocol/protocolVersion'];
  return typeof v === 'string' ? v : null;
}

function messagesOf(frame: FrameRecord): Record<string, unknown>[] {
  if (
    frame.dir === 'relay' ||
    (frame.kind !== 'request' && frame.kind !== 'response' && frame.kind !== 'error' && frame.kind !== 'notification' && frame.kind !== 'batch')
  )
    return [];
  const parsed = parseJson(frame.text);
  if (!parsed.ok) return [];
  const items = Array.isArray(parsed.value) ? parsed.value : [parsed.value];
  return items.filter(isPlainObject);
}

function sessionIdOf(frame: FrameRecord): string | null {
  const parsed = parseJson(frame.text);
  if (!parsed.ok || !isPlainObject(parsed.value)) return null;
  const headers = isPlainObject(parsed.value.response) ? parsed.value.response.headers : undefined;
  if (!Array.isArray(headers)) return null;
  for (const h of headers) if (Array.isArray(h) && String(h[0]).toLowerCase() === 'mcp-session-id' && typeof h[1] === 'string') return h[1];
  return null;
}

/**
 * Builds exchanges frame by frame. `onAnswered` hears each exchange as its answer arrives (a live export ends its span
 * then); `keep: false` forgets answered exchanges instead of listing them, so a live session costs only what is open.
 */
export class ExchangeBuilder {
  readonly exchanges: TraceExchange[] = [];
  /** In flight, by requester + id. */
  private readonly open = new Map<string, TraceExchange>();
  private readonly byToken = new Map<string, TraceExchange>();
  private own: TraceContextEvent | null = null;
  ownTraceId: string | null = null;
  mcpSessionId: string | null = null;
  private version: string | null = null;

  constructor(private readonly live: { onAnswered?: (ex: TraceExchange) => void; keep?: boolean } = {}) {}

  /** The exchanges still waiting for their answer. */
  unanswered(): TraceExchange[] {
    return [...this.open.values()];
  }

  frame(f: FrameRecord): void {
    if (f.dir === 'relay') return this.relay(f);
    const sender = f.dir === 'out' ? 'client' : 'server';
    for (const m of messagesOf(f)) this.message(f, sender, m);
  }

  private relay(f: FrameRecord): void {
    if (f.kind === 'http') {
      this.mcpSessionId ??= sessionIdOf(f);
      return;
    }
    if (f.method !== TRACE_CONTEXT_EVENT) return;
    const parsed = parseJson(f.text);
    if (parsed.ok && isPlainObject(parsed.value) && typeof parsed.value.traceId === 'string' && typeof parsed.value.session === 'string') {
      const ev = parsed.value as unknown as TraceContextEvent;
      // An event with no keys says mcpscope stopped adding trace context.
      this.own = Array.isArray(ev.keys) && ev.keys.length > 0 ? ev : null;
      if (this.own) this.ownTraceId ??= this.own.traceId;
    }
  }

  private message(f: FrameRecord, sender: 'client' | 'server', m: Record<string, unknown>): void {
    const key = idKey(m.id);
    if (typeof m.method === 'string') {
      if (key !== null && 'id' in m) return this.request(f, sender, m, m.method, key);
      return this.notification(f, sender, m, m.method);
    }
    if (key === null) return;
    // An answer goes the other way from its request.
    const requester = sender === 'client' ? 'server' : 'client';
    const ex = this.open.get(`${requester}:${key}`);
    if (!ex) return;
    this.open.delete(`${requester}:${key}`);
    ex.end = f.ts;
    ex.responseSeq = f.seq;
    if (isPlainObject(m.error))
      ex.error = { code: typeof m.error.code === 'number' ? m.error.code : null, message: String(m.error.message ?? '').slice(0, 300) };
    else if (isPlainObject(m.result) && m.result.isError === true && ex.method === 'tools/call') ex.toolError = true;
    const v = versionOf(ex.method, null, m.result);
    if (v) this.version = ex.protocolVersion = v;
    this.forget(ex);
    this.live.onAnswered?.(ex);
  }

  private forget(ex: TraceExchange): void {
    if (this.live.keep !== false) return;
    for (const [token, e] of this.byToken) if (e === ex) this.byToken.delete(token);
  }

  private request(f: FrameRecord, requester: 'client' | 'server', m: Record<string, unknown>, method: string, key: string): void {
    const trace = traceMetaOf(m);
    const meta = isPlainObject(m.params) && isPlainObject(m.params._meta) ? m.params._meta : null;
    const v = versionOf(method, m.params, undefined);
    if (v) this.version = v;
    const parent = trace?.parent ?? null;
    const own = this.own;
    const ownTrace =
      requester === 'client' &&
      parent !== null &&
      own !== null &&
      parent.traceId === own.traceId &&
      typeof meta?.baggage === 'string' &&
      meta.baggage.includes(`${SESSION_BAGGAGE_KEY}=`);
    const ex: TraceExchange = {
      requester,
      requestSeq: f.seq,
      responseSeq: null,
      id: key,
      method,
      target: targetOf(method, m.params),
      start: f.ts,
      end: null,
      error: null,
      toolError: false,
      events: [],
      trace: parent,
      ownTrace,
      protocolVersion: this.version,
    };
    if (this.live.keep !== false) this.exchanges.push(ex);
    this.open.set(`${requester}:${key}`, ex);
    const token = idKey(meta?.progressToken);
    if (token !== null) this.byToken.set(`${requester}:${token}`, ex);
  }

  private notification(f: FrameRecord, sender: 'client' | 'server', m: Record<string, unknown>, method: string): void {
    const params = isPlainObject(m.params) ? m.params : {};
    if (method === 'notifications/progress') {
      const token = idKey(params.progressToken);
      const ex = token === null ? undefined : this.byToken.get(`${sender === 'client' ? 'server' : 'client'}:${token}`);
      const attributes: Record<string, string | number> = {};
      if (typeof params.progress === 'number') attributes['mcp.progress'] = params.progress;
      if (typeof params.total === 'number') attributes['mcp.progress.total'] = params.total;
      if (typeof params.message === 'string') attributes['mcp.progress.message'] = params.message.slice(0, 300);
      ex?.events.push({ name: 'progress', ts: f.ts, seq: f.seq, attributes });
    } else if (method === 'notifications/message') {
      // A log line belongs to the latest request of the client still in flight, if any.
      const ex = [...this.open.values()].filter((e) => e.requester === 'client').at(-1);
      const data = typeof params.data === 'string' ? params.data : JSON.stringify(params.data ?? null);
      ex?.events.push({
        name: 'log',
        ts: f.ts,
        seq: f.seq,
        attributes: { 'mcp.log.level': String(params.level ?? ''), 'mcp.log.data': (data ?? '').slice(0, 300) },
      });
    } else if (method === 'notifications/cancelled') {
      const key = idKey(params.requestId);
      const ex = key === null ? undefined : this.open.get(`${sender}:${key}`);
      ex?.events.push({
        name: 'cancelled',
        ts: f.ts,
        seq: f.seq,
        attributes: { 'mcp.cancel.reason': typeof params.reason === 'string' ? params.reason.slice(0, 300) : '' },
      });
    }
  }
}

/** The exchanges of a session, in the order their requests went out. */
export function sessionExchanges(frames: Iterable<FrameRecord>): SessionExchanges {
  const b = new ExchangeBuilder();
  let first = Infinity;
  let last = -Infinity;
  for (const f of frames) {
    b.frame(f);
    first = Math.min(first, f.ts);
    last = Math.max(last, f.ts);
  }
  return {
    exchanges: b.exchanges,
    ownTraceId: b.ownTraceId,
    mcpSessionId: b.mcpSessionId,
    first: Number.isFinite(first) ? first : 0,
    last: Number.isFinite(last) ? last : 0,
  };
}

/** The OpenTelemetry span name: `<method> <target>`, or the method alone. */
export function spanName(ex: Pick<TraceExchange, 'method' | 'target'>): string {
  return ex.target ? `${ex.method} ${ex.target}` : ex.method;
}
