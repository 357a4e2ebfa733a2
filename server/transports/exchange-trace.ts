// Builds the HttpExchange record of one request as it happens: masked headers, capped bodies, SSE events, linked seqs.
import type { HttpExchange, HttpExchangePurpose, HttpExchangeRecord, SseEventRecord } from '../../shared/http-exchange.js';
import { ExchangeProgress } from './exchange-progress.js';
import { maskUrl, type HeaderMask } from './header-mask.js';
import type { HeaderLines, HttpFailure, HttpResponse } from './http-request.js';
import type { SseEvent } from './sse-parser.js';

/** The full text of every message is in its own frame; the exchange keeps enough to read the wire. */
const EXCHANGE_BODY_CAP = 256 * 1024;
const EVENTS_CAP = 500;
const EVENT_DATA_CAP = 4 * 1024;

export interface TraceStart {
  id: string;
  purpose: HttpExchangePurpose;
  method: string;
  url: string;
  headers: HeaderLines;
  body?: Buffer;
  sentSeq?: number;
  resumes?: string;
}

export class ExchangeTrace {
  private readonly rec: HttpExchange;
  private readonly t0 = performance.now();
  private readonly decoder = new TextDecoder('utf-8');
  private finished = false;
  /** Set once the `open` record went out: from then on what arrives is sent as `progress` deltas. */
  private progress: ExchangeProgress | null = null;

  constructor(
    private readonly emit: (ex: HttpExchangeRecord) => void,
    private readonly mask: HeaderMask,
    start: TraceStart,
  ) {
    const body = start.body;
    this.rec = {
      id: start.id,
      state: 'open',
      purpose: start.purpose,
      request: {
        method: start.method,
        url: maskUrl(start.url),
        headers: mask.lines(start.headers),
        bodySize: body?.length ?? 0,
        ...(body ? { body: body.subarray(0, EXCHANGE_BODY_CAP).toString('utf8') } : {}),
        ...(body && body.length > EXCHANGE_BODY_CAP ? { bodyTruncated: true } : {}),
      },
      response: null,
      timing: { startedAt: performance.timeOrigin + this.t0 },
      receivedSeqs: [],
      ...(start.sentSeq !== undefined ? { sentSeq: start.sentSeq } : {}),
      ...(start.resumes ? { resumes: start.resumes } : {}),
    };
  }

  get id(): string {
    return this.rec.id;
  }

  get url(): string {
    return this.rec.request.url;
  }

  responded(res: HttpResponse): void {
    // What actually went out (Host, Content-Length) when the client library lets us see it.
    if (res.sentHeaders.length > 0) this.rec.request.headers = this.mask.lines(res.sentHeaders);
    this.rec.response = { status: res.status, statusText: res.statusText, headers: this.mask.lines(res.headers), body: '', bodySize: 0 };
    this.rec.timing.headersMs = this.elapsed();
  }

  chunk(bytes: Buffer): void {
    const r = this.rec.response;
    if (!r) return;
    r.bodySize += bytes.length;
    if (r.body.length >= EXCHANGE_BODY_CAP) {
      r.bodyTruncated = true;
      return;
    }
    r.body += this.decoder.decode(bytes, { stream: true });
    if (r.body.length > EXCHANGE_BODY_CAP) {
      r.body = r.body.slice(0, EXCHANGE_BODY_CAP);
      r.bodyTruncated = true;
    }
  }

  /** One SSE event; `seq` when its data became a message frame, else its data is kept here. */
  sseEvent(ev: SseEvent, seq?: number): void {
    const r = this.rec.response;
    if (!r) return;
    const list = (r.events ??= []);
    if (list.length >= EVENTS_CAP) {
      r.eventsDropped = (r.eventsDropped ?? 0) + 1;
      return;
    }
    const e: SseEventRecord = {};
    if (ev.id !== undefined) e.id = ev.id;
    if (ev.event !== undefined) e.event = ev.event;
    if (ev.retry !== undefined) e.retry = ev.retry;
    if (ev.comments.length) e.comments = ev.comments;
    if (ev.data !== undefined) e.dataSize = ev.dataSize;
    if (seq !== undefined) {
      e.seq = seq;
      this.received(seq);
    } else if (ev.data) e.data = ev.data.slice(0, EVENT_DATA_CAP);
    if (ev.incomplete) e.incomplete = true;
    if (ev.oversize) e.oversize = true;
    list.push(e);
    this.progress?.touch();
  }

  received(seq: number): void {
    if (this.rec.receivedSeqs.includes(seq)) return;
    this.rec.receivedSeqs.push(seq);
    this.progress?.touch();
  }

  /** Response headers arrived and a stream begins: show it now, and what it brings as it arrives, not only when it ends. */
  open(): void {
    if (this.progress || this.finished) return;
    this.emit(structuredClone(this.rec));
    this.progress = new ExchangeProgress(this.rec, this.emit, () => this.elapsed());
  }

  complete(): void {
    this.finish('complete');
  }

  fail(failure: HttpFailure): void {
    this.rec.error = { code: failure.code, message: failure.message };
    this.finish(failure.code === 'ABORTED' ? 'aborted' : 'failed');
  }

  private finish(state: HttpExchange['state']): void {
    if (this.finished) return;
    this.finished = true;
    this.progress?.stop();
    const r = this.rec.response;
    if (r && r.body.length < EXCHANGE_BODY_CAP) r.body += this.decoder.decode();
    this.rec.state = state;
    this.rec.timing.totalMs = this.elapsed();
    this.emit(this.rec);
  }

  private elapsed(): number {
    return Math.round((performance.now() - this.t0) * 1000) / 1000;
  }
}
