// What an HTTP tap records, on its recording thread: each request's body as the host's message frame, each response
// (a JSON body, or every message event of an SSE stream) as the server's frames, and one `http` frame per exchange
// with its headers (secrets already masked by the proxy), status and timing, as the inspector records its own.
import type { HttpExchange } from '../../shared/http-exchange.js';
import { SseParser } from '../transports/sse-parser.js';
import type { TapRecord } from './tap-record.js';

/** Bodies kept in an exchange record (the full text is in its message frames). */
const BODY_CAP = 64 * 1024;

export type HeaderList = Array<[string, string]>;

/** Main → worker, for an HTTP tap; bytes travel as transferred Uint8Arrays. */
export type HttpTapEvent =
  | { h: 'request'; id: string; ts: number; method: string; url: string; headers: HeaderList }
  | { h: 'request-body'; id: string; b: Uint8Array }
  | { h: 'request-end'; id: string; ts: number }
  | { h: 'response'; id: string; ts: number; status: number; statusText: string; headers: HeaderList }
  | { h: 'response-body'; id: string; ts: number; b: Uint8Array }
  | { h: 'response-end'; id: string; ts: number; error?: { code: string; message: string } };

interface Open {
  record: HttpExchange;
  sent: Buffer[];
  received: Buffer[];
  receivedSize: number;
  sse: SseParser | null;
}

export class HttpTapRecord {
  private readonly open = new Map<string, Open>();

  constructor(private readonly record: TapRecord) {}

  /** Bytes in an event, for the tap's backlog count. */
  static size(ev: HttpTapEvent): number {
    return 'b' in ev ? ev.b.byteLength : 0;
  }

  handle(ev: HttpTapEvent): void {
    if (ev.h === 'request') return this.request(ev);
    const x = this.open.get(ev.id);
    if (!x) return;
    switch (ev.h) {
      case 'request-body':
        x.sent.push(Buffer.from(ev.b.buffer, ev.b.byteOffset, ev.b.byteLength));
        break;
      case 'request-end': {
        const body = Buffer.concat(x.sent);
        x.record.request.bodySize = body.length;
        x.record.request.body = capped(body);
        if (body.length > BODY_CAP) x.record.request.bodyTruncated = true;
        // A POST carries one JSON-RPC message (or a batch): the host's frame, as if it had come over stdio.
        if (body.length > 0) x.record.sentSeq = this.record.message('out', ev.ts, body);
        break;
      }
      case 'response': {
        const sse = /^text\/event-stream/i.test(header(ev.headers, 'content-type'));
        x.sse = sse ? new SseParser() : null;
        x.record.response = { status: ev.status, statusText: ev.statusText, headers: ev.headers, body: '', bodySize: 0, ...(sse ? { events: [] } : {}) };
        x.record.timing.headersMs = ev.ts - x.record.timing.startedAt;
        // A stream may stay open for the whole session: the log shows it open now, and complete when it ends.
        if (sse) this.record.exchange(ev.ts, { ...x.record, state: 'open', response: { ...x.record.response, events: [] } });
        break;
      }
      case 'response-body': {
        const bytes = Buffer.from(ev.b.buffer, ev.b.byteOffset, ev.b.byteLength);
        x.receivedSize += bytes.length;
        // A JSON body is kept whole (it becomes the server's frame); of a stream, only the head the record shows.
        if (!x.sse || x.received.reduce((n, b) => n + b.length, 0) < BODY_CAP) x.received.push(bytes);
        if (x.sse) for (const e of x.sse.push(bytes)) this.sseEvent(x, ev.ts, e.event, e.data, e.id);
        break;
      }
      case 'response-end':
        this.end(x, ev.ts, ev.error);
        this.open.delete(ev.id);
        break;
    }
  }

  /** The tap is finishing: exchanges still open (a stream the host left open) are recorded as aborted. */
  finish(ts: number): void {
    for (const x of this.open.values()) this.end(x, ts, { code: 'ABORTED', message: 'the tap ended while the exchange was open' });
    this.open.clear();
  }

  private request(ev: Extract<HttpTapEvent, { h: 'request' }>): void {
    const purpose = ev.method === 'GET' ? 'stream' : ev.method === 'DELETE' ? 'terminate' : 'message';
    this.open.set(ev.id, {
      record: {
        id: ev.id,
        state: 'complete',
        purpose,
        request: { method: ev.method, url: ev.url, headers: ev.headers, bodySize: 0 },
        response: null,
        timing: { startedAt: ev.ts },
        receivedSeqs: [],
      },
      sent: [],
      received: [],
      receivedSize: 0,
      sse: null,
    });
  }

  private sseEvent(x: Open, ts: number, event: string | undefined, data: string | undefined, id: string | undefined): void {
    const events = x.record.response?.events;
    const entry: NonNullable<typeof events>[number] = {
      ...(id !== undefined ? { id } : {}),
      ...(event !== undefined ? { event } : {}),
      ...(data !== undefined ? { dataSize: data.length } : {}),
    };
    // `message` events (or unnamed ones) carry JSON-RPC; an empty one is a priming event; anything else (endpoint) is kept as is.
    if ((event === undefined || event === 'message') && data !== undefined && data !== '') {
      entry.seq = this.record.message('in', ts, Buffer.from(data, 'utf8'));
      x.record.receivedSeqs.push(entry.seq);
    } else if (data !== undefined) {
      entry.data = data.slice(0, BODY_CAP);
    }
    events?.push(entry);
  }

  private end(x: Open, ts: number, error?: { code: string; message: string }): void {
    const r = x.record;
    if (r.response) {
      const body = Buffer.concat(x.received);
      r.response.body = capped(body);
      r.response.bodySize = x.receivedSize;
      if (x.receivedSize > BODY_CAP) r.response.bodyTruncated = true;
      if (!x.sse && x.receivedSize > 0 && /json/i.test(header(r.response.headers, 'content-type'))) {
        const seq = this.record.message('in', ts, Buffer.concat(x.received));
        r.receivedSeqs.push(seq);
      }
    }
    r.timing.totalMs = ts - r.timing.startedAt;
    if (error) Object.assign(r, { state: error.code === 'ABORTED' ? 'aborted' : 'failed', error });
    this.record.exchange(ts, r);
  }
}

function header(lines: HeaderList, name: string): string {
  return lines.find(([k]) => k.toLowerCase() === name)?.[1] ?? '';
}

function capped(body: Buffer): string {
  return body.subarray(0, BODY_CAP).toString('utf8');
}
