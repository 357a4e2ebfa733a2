// The record of one HTTP exchange with a remote server, carried as the JSON text of a frame of kind `http`.
import { z } from 'zod';

/** Header lines in wire order, duplicates kept; secret values already masked by the relay. */
const HeaderLinesSchema = z.array(z.tuple([z.string(), z.string()]));

/** One server-sent event as it arrived; its data lives in the message frame `seq` when it became one. */
const SseEventRecordSchema = z.object({
  id: z.string().optional(),
  event: z.string().optional(),
  retry: z.number().int().optional(),
  comments: z.array(z.string()).optional(),
  /** Characters of data; 0 for a priming event. Absent when the event had no data line. */
  dataSize: z.number().int().optional(),
  /** The data itself (capped), only when it did not become a message frame: endpoint, priming, unknown types. */
  data: z.string().optional(),
  /** The message frame this event's data was recorded as. */
  seq: z.number().int().optional(),
  /** The stream ended before this event's blank line, so it was never dispatched. */
  incomplete: z.boolean().optional(),
  /** Longer than the framing cap: only the head was kept and delivered as an oversize frame. */
  oversize: z.boolean().optional(),
});
export type SseEventRecord = z.infer<typeof SseEventRecordSchema>;

const HTTP_EXCHANGE_PURPOSES = [
  'message', // a POST carrying one client message (Streamable HTTP or legacy SSE endpoint)
  'probe', // the first POST of `auto`, deciding between Streamable HTTP and legacy SSE
  'stream', // the GET of a standalone (Streamable HTTP) or endpoint (legacy SSE) stream
  'resume', // a GET with Last-Event-ID after a stream was cut
  'terminate', // the DELETE that ends a Streamable HTTP session
  'upgrade', // the WebSocket handshake
  'fault', // a fault-lab probe: one raw exchange with a header or the method made wrong on purpose
  'auth', // a request of the OAuth flow (metadata, registration, authorization, token): `authStep` says which step
] as const;

export const HttpExchangeSchema = z.object({
  /** The same for the `open` record, its `progress` records and the final record; unique within a session. */
  id: z.string(),
  /** `open`: response headers arrived and a stream is running; `progress` records and then the final record follow. */
  state: z.enum(['open', 'complete', 'failed', 'aborted']),
  purpose: z.enum(HTTP_EXCHANGE_PURPOSES),
  request: z.object({
    method: z.string(),
    url: z.string(),
    headers: HeaderLinesSchema,
    /** The body as sent (capped); the full text is the message frame `sentSeq`. */
    body: z.string().optional(),
    bodySize: z.number().int(),
    bodyTruncated: z.boolean().optional(),
  }),
  /** Null when no response arrived (connection refused, DNS failure, timeout). */
  response: z
    .object({
      status: z.number().int(),
      statusText: z.string(),
      headers: HeaderLinesSchema,
      /** The raw body, or the raw SSE text with ids, retry and comments, capped. */
      body: z.string(),
      bodySize: z.number().int(),
      bodyTruncated: z.boolean().optional(),
      events: z.array(SseEventRecordSchema).optional(),
      /** Events left out of `events` once it reached its cap. */
      eventsDropped: z.number().int().optional(),
    })
    .nullable(),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
  timing: z.object({
    /** Epoch milliseconds when the request started. */
    startedAt: z.number(),
    /** Milliseconds from the start to the response headers. */
    headersMs: z.number().optional(),
    /** Milliseconds from the start to the end of the body; absent while open. */
    totalMs: z.number().optional(),
  }),
  /** The message frame this request carried. */
  sentSeq: z.number().int().optional(),
  /** The message frames the response carried, in order. */
  receivedSeqs: z.array(z.number().int()),
  /** The exchange whose cut stream this one resumes. */
  resumes: z.string().optional(),
  /** `auth` exchanges: the flow step that made it (shared/oauth/auth-steps.ts) and the flow's id. */
  authStep: z.string().optional(),
  authFlow: z.string().optional(),
});
export type HttpExchange = z.infer<typeof HttpExchangeSchema>;
export type HttpExchangePurpose = HttpExchange['purpose'];

/**
 * What an open stream brought since the previous record of the same exchange: appended to it, never a full copy,
 * so a long stream costs each event once. The final record still carries everything (capped) and supersedes these.
 */
const HttpExchangeProgressSchema = z.object({
  id: z.string(),
  state: z.literal('progress'),
  /** The HTTP method of the exchange, so a log filtered on it keeps these records too. */
  method: z.string(),
  /** Position of `events[0]` in the exchange's event list: a reader can tell a gap or a repeat. */
  eventsFrom: z.number().int(),
  events: z.array(SseEventRecordSchema),
  /** Message frames carried since the previous record, in order. */
  receivedSeqs: z.array(z.number().int()),
  /** Bytes of response body so far, and events left out so far once the event cap was reached. */
  bodySize: z.number().int(),
  eventsDropped: z.number().int().optional(),
  /** Milliseconds from the start of the request to this record. */
  elapsedMs: z.number(),
});
export type HttpExchangeProgress = z.infer<typeof HttpExchangeProgressSchema>;

/** Either record an `http` frame can hold. */
export const HttpExchangeRecordSchema = z.union([HttpExchangeSchema, HttpExchangeProgressSchema]);
export type HttpExchangeRecord = z.infer<typeof HttpExchangeRecordSchema>;

/**
 * The open exchange with a progress record folded in (a new object; `x` is untouched). Events go where
 * `eventsFrom` says, so a repeated record changes nothing; a record of another exchange or of an ended one is ignored.
 */
export function applyExchangeProgress(x: HttpExchange, p: HttpExchangeProgress): HttpExchange {
  const r = x.response;
  if (x.id !== p.id || x.state !== 'open' || !r) return x;
  const events = (r.events ?? []).slice(0, p.eventsFrom);
  events.push(...p.events);
  const known = new Set(x.receivedSeqs);
  const seqs = [...x.receivedSeqs, ...p.receivedSeqs.filter((s) => !known.has(s))];
  return {
    ...x,
    response: { ...r, bodySize: p.bodySize, events, ...(p.eventsDropped ? { eventsDropped: p.eventsDropped } : {}) },
    receivedSeqs: seqs,
  };
}
