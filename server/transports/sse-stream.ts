// Reads one text/event-stream response: message events become frames, every event lands in the exchange,
// and the last event id and retry are kept so a cut stream can be resumed.
import type { ExchangeTrace } from './exchange-trace.js';
import { bodyFailure, type HttpFailure, type HttpResponse } from './http-request.js';
import { SseParser, type SseEvent } from './sse-parser.js';

export interface SseCursor {
  lastEventId?: string;
  retryMs?: number;
}

export interface SseSink {
  /** A `message` event's data; returns the seq it was recorded as. */
  message(bytes: Buffer): number | void;
  oversize(head: Buffer, size: number): number | void;
  /** Any other named event with data (legacy SSE's `endpoint`, or something unexpected). */
  other?(ev: SseEvent): void;
  /** Every event, priming and comment-free ones included, after it was handled (the fault lab watches event ids). */
  seen?(ev: SseEvent): void;
}

export interface SseOutcome {
  /** Set when the connection broke rather than ended. */
  cut: HttpFailure | null;
  /** Events seen, comments and priming events included: zero means the stream gave nothing. */
  events: number;
}

export async function pumpSseStream(res: HttpResponse, trace: ExchangeTrace, sink: SseSink, cursor: SseCursor, maxChars: number): Promise<SseOutcome> {
  const parser = new SseParser(maxChars);
  let events = 0;
  const handle = (ev: SseEvent) => {
    events++;
    if (!ev.incomplete && ev.id !== undefined) cursor.lastEventId = ev.id;
    if (ev.retry !== undefined) cursor.retryMs = ev.retry;
    let seq: number | void = undefined;
    // Empty data is not dispatched (WHATWG), which is what makes a priming event safe.
    const dispatched = !ev.incomplete && ev.data !== undefined && ev.data !== '';
    if (dispatched && (ev.event === undefined || ev.event === 'message')) {
      const data = Buffer.from(ev.data!, 'utf8');
      seq = ev.oversize ? sink.oversize(data, ev.dataSize) : sink.message(data);
    } else if (dispatched) sink.other?.(ev);
    trace.sseEvent(ev, typeof seq === 'number' ? seq : undefined);
    sink.seen?.(ev);
  };
  try {
    for await (const chunk of res.body as AsyncIterable<Buffer>) {
      trace.chunk(chunk);
      for (const ev of parser.push(chunk)) handle(ev);
    }
  } catch (err) {
    for (const ev of parser.end()) handle(ev);
    return { cut: bodyFailure(err, res, new URL(trace.url)), events };
  }
  for (const ev of parser.end()) handle(ev);
  return { cut: null, events };
}
