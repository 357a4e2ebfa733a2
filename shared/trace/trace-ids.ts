// Makes the trace context mcpscope sends on its own requests with --trace: one trace id per session, a fresh span id
// per request, and a baggage entry naming the mcpscope session (W3C Trace Context and W3C Baggage formats).

/** The baggage key mcpscope names its session under; the exporter and the docs read the same name. */
export const SESSION_BAGGAGE_KEY = 'mcpscope.session';

function randomHex(bytes: number): string {
  const buf = crypto.getRandomValues(new Uint8Array(bytes));
  let out = '';
  for (const b of buf) out += b.toString(16).padStart(2, '0');
  // An all-zero id is invalid; one in 2^64 draws, but cheap to rule out.
  return /^0+$/.test(out) ? randomHex(bytes) : out;
}

export const newTraceId = (): string => randomHex(16);
const newSpanId = (): string => randomHex(8);

export function formatTraceparent(traceId: string, spanId: string, sampled = true): string {
  return `00-${traceId}-${spanId}-${sampled ? '01' : '00'}`;
}

/** A baggage value is baggage-octets: anything else is percent-encoded (W3C Baggage §3.2.1.1). */
export function sessionBaggage(sessionName: string): string {
  return `${SESSION_BAGGAGE_KEY}=${encodeURIComponent(sessionName)}`;
}

/** What one traced session adds to each of its own requests: the same trace id, a new span id each time. */
export class TraceContextSource {
  readonly traceId: string;

  constructor(
    readonly sessionName: string,
    traceId?: string,
  ) {
    this.traceId = traceId ?? newTraceId();
  }

  /** The `_meta` keys for one request (the span id in the traceparent is the id of mcpscope's client span). */
  next(): { traceparent: string; baggage: string } {
    return { traceparent: formatTraceparent(this.traceId, newSpanId()), baggage: sessionBaggage(this.sessionName) };
  }
}
