// The fault lab's raw HTTP exchange: one request on a Streamable HTTP session's endpoint with the session's own
// headers changed on purpose, traced and recorded like the transport's exchanges, and what came back.
import type { HttpProbeMethod, HttpProbeResult } from '../../shared/fault-lab/fault-types.js';
import { classifyText, isPlainObject, parseJson } from '../../shared/jsonrpc.js';
import { RelayError } from '../errors.js';
import { AutoTransport } from '../transports/auto-transport.js';
import { isEventStream, type HeaderLines } from '../transports/http-request.js';
import type { SseEvent } from '../transports/sse-parser.js';
import { pumpSseStream } from '../transports/sse-stream.js';
import { StreamableHttpTransport } from '../transports/streamable-http-transport.js';
import type { Transport } from '../transports/transport.js';

export interface HttpProbeSpec {
  method: HttpProbeMethod;
  /** A string replaces (or adds) the header, null removes it. */
  headers: Record<string, string | null>;
  body?: string | undefined;
  /** How long a streamed body is read before the relay closes it. */
  waitMs: number;
  /** SSE: drop the connection right after the first event with an id, as a broken network would; what else came is not read. */
  cutAfterEventId?: boolean;
  /** SSE: stop reading once the response with this JSON-RPC id (as JSON text) has arrived. */
  untilResponse?: string;
}

export interface ProbeRecording {
  /** Records the body as an outgoing message frame; returns its seq. */
  recordOut(bytes: Buffer): number;
  /** The session's last seq: right after the trace completes it is the `http` frame's. */
  lastSeq(): number;
}

/** A GET that opens a stream has answered once its headers arrive; reading on would only hold a second stream open (a resuming GET is read for its wait). */
const GET_STREAM_MS = 300;

/** The Streamable HTTP transport behind a session's transport, or a clear refusal. */
export function streamableOf(t: Transport): StreamableHttpTransport {
  const http = t instanceof StreamableHttpTransport ? t : t instanceof AutoTransport ? t.selectedHttp : null;
  if (!http)
    throw new RelayError(
      'CONFLICT',
      'raw HTTP probes need a Streamable HTTP session (stdio, legacy SSE and WebSocket have no such endpoint; `auto` must have chosen Streamable HTTP)',
    );
  return http;
}

/** The session's headers for this method, then the preset's changes: a string replaces, null removes. */
function probeHeaders(base: HeaderLines, changes: Record<string, string | null>): HeaderLines {
  const names = new Set(Object.keys(changes).map((k) => k.toLowerCase()));
  const lines: HeaderLines = base.filter(([k]) => !names.has(k.toLowerCase()));
  for (const [k, v] of Object.entries(changes)) if (v !== null) lines.push([k, v]);
  return lines;
}

function jsonMessages(text: string): unknown[] {
  const parsed = parseJson(text);
  return parsed.ok ? [parsed.value] : [];
}

export async function rawHttpProbe(http: StreamableHttpTransport, spec: HttpProbeSpec, rec: ProbeRecording): Promise<HttpProbeResult> {
  const client = http.client;
  const base = http.protocolHeaders(spec.method === 'PUT' ? 'POST' : spec.method);
  const sessionId = base.find(([k]) => k.toLowerCase() === 'mcp-session-id')?.[1] ?? null;
  const body = spec.body ? Buffer.from(spec.body, 'utf8') : undefined;
  const sentSeq = body ? rec.recordOut(body) : null;
  const r = await client.request({
    purpose: 'fault',
    method: spec.method,
    headers: probeHeaders(base, spec.headers),
    timeoutMs: Math.max(spec.waitMs, 5000),
    ...(body ? { body } : {}),
    ...(sentSeq !== null ? { sentSeq } : {}),
  });
  const result: HttpProbeResult = { exchangeSeq: null, sentSeq, status: null, statusText: '', contentType: '', body: '', messages: [], sessionId, error: null };
  if (!r.ok) return { ...result, exchangeSeq: rec.lastSeq(), error: r.failure.message };
  const { res, trace } = r;
  Object.assign(result, { status: res.status, statusText: res.statusText, contentType: res.contentType });
  if (isEventStream(res)) {
    const resuming = spec.untilResponse !== undefined || Object.keys(spec.headers).some((k) => k.toLowerCase() === 'last-event-id');
    const timer = setTimeout(() => r.abort(), spec.method === 'GET' && !resuming ? GET_STREAM_MS : spec.waitMs);
    const eventIds: string[] = [];
    result.eventIds = eventIds;
    /** Set once the probe has stopped reading: later events in the same chunk are not delivered. */
    let stopped = false;
    const stop = () => {
      stopped = true;
      r.abort();
    };
    const sink = {
      message: (bytes: Buffer) => {
        if (stopped) return;
        const found = jsonMessages(bytes.toString('utf8'));
        result.messages.push(...found);
        const seq = client.h.onMessage(bytes);
        if (spec.untilResponse !== undefined && found.some((m) => isPlainObject(m) && m.method === undefined && JSON.stringify(m.id) === spec.untilResponse))
          stop();
        return seq;
      },
      oversize: (head: Buffer, size: number) => (stopped ? undefined : client.h.onOversize(head, size)),
      seen: (ev: SseEvent) => {
        if (stopped || ev.incomplete || ev.id === undefined) return;
        eventIds.push(ev.id);
        if (spec.cutAfterEventId) stop();
      },
    };
    trace.open();
    const outcome = await pumpSseStream(res, trace, sink, {}, client.opts.maxMessageBytes);
    clearTimeout(timer);
    if (outcome.cut && outcome.cut.code !== 'ABORTED') trace.fail(outcome.cut);
    else trace.complete();
  } else {
    const got = await client.readAll(res, trace, `${spec.method} ${client.url.pathname} (fault lab)`);
    if (got) {
      const text = got.bytes.toString('utf8');
      result.body = text;
      const kind = classifyText(text).kind;
      // A JSON-RPC body (an error with a 4xx included) is a message like any other; other bodies stay in the exchange.
      if (got.size > 0 && kind !== 'noise' && kind !== 'invalid') {
        result.messages = jsonMessages(text);
        const seq = got.truncated ? client.h.onOversize(got.bytes, got.size) : client.h.onMessage(got.bytes);
        if (typeof seq === 'number') trace.received(seq);
      }
      trace.complete();
    } else result.error = 'the response body was cut off';
  }
  return { ...result, exchangeSeq: rec.lastSeq() };
}
