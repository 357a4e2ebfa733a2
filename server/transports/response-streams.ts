// The SSE side of Streamable HTTP: a POST's response stream, its resumption with Last-Event-ID when it ends too early,
// and the standalone GET stream that is reopened whenever it ends (405 accepted).
import { classifyText } from '../../shared/jsonrpc.js';
import { responseIds } from './handshake-sniffer.js';
import type { ExchangeTrace } from './exchange-trace.js';
import { isEventStream, type HeaderLines, type HttpFailure, type HttpResponse } from './http-request.js';
import type { RemoteClient } from './remote-client.js';
import { pumpSseStream, type SseCursor, type SseOutcome } from './sse-stream.js';

/** Used when the server sent no `retry`; the SDK client waits about as long. */
const DEFAULT_RETRY_MS = 1000;
/** Reconnects in a row that brought no event before we stop and say so. */
const MAX_STALLS = 3;
/** GETs and bodiless POSTs must answer at once. */
export const QUICK_TIMEOUT_MS = 30_000;

function isJsonRpcBody(bytes: Buffer): boolean {
  const kind = classifyText(bytes.toString('utf8')).kind;
  return kind !== 'noise' && kind !== 'invalid';
}

export type HeadersFor = (method: 'POST' | 'GET' | 'DELETE', lastEventId?: string) => HeaderLines;

export class ResponseStreams {
  constructor(
    private readonly client: RemoteClient,
    private readonly headers: HeadersFor,
  ) {}

  /** Reads one SSE response; `pending` loses each request id whose response arrives. */
  private async pump(res: HttpResponse, trace: ExchangeTrace, pending: Set<string>, cursor: SseCursor): Promise<SseOutcome> {
    trace.open();
    const h = this.client.h;
    const outcome = await pumpSseStream(
      res,
      trace,
      {
        message: (bytes) => {
          for (const id of responseIds(bytes)) pending.delete(id);
          return h.onMessage(bytes);
        },
        oversize: (head, size) => h.onOversize(head, size),
        other: (ev) => this.client.event({ event: 'warning', message: `unexpected SSE event type "${ev.event}" in ${trace.id}; its data is in the HTTP exchange` }),
      },
      cursor,
      this.client.opts.maxMessageBytes,
    );
    if (outcome.cut) trace.fail(outcome.cut);
    else trace.complete();
    return outcome;
  }

  /** A POST's SSE answer; if it ends before the responses to `requestIds`, resumes it. */
  async readResponse(res: HttpResponse, trace: ExchangeTrace, requestIds: string[]): Promise<void> {
    const pending = new Set(requestIds);
    const cursor: SseCursor = {};
    const { cut } = await this.pump(res, trace, pending, cursor);
    if (!this.client.closing && pending.size > 0) await this.resume(trace.id, pending, cursor, cut);
  }

  /** A response stream ended before its responses: GET with Last-Event-ID until they arrive, or say why not. */
  private async resume(origin: string, pending: Set<string>, cursor: SseCursor, cut: HttpFailure | null): Promise<void> {
    const how = cut ? `was cut (${cut.message})` : 'ended';
    let stalls = 0;
    for (let attempt = 1; !this.client.closing && pending.size > 0; attempt++) {
      const lastEventId = cursor.lastEventId;
      if (lastEventId === undefined) {
        const ids = [...pending].join(', ');
        this.client.error(`the response stream ${how} before the response to request ${ids}, and carried no event id to resume from`, 'STREAM_CUT', origin);
        return;
      }
      if (stalls >= MAX_STALLS) {
        this.client.error(`gave up resuming the stream of ${origin}: ${MAX_STALLS} attempts in a row brought nothing`, 'STREAM_CUT', origin);
        return;
      }
      const delayMs = cursor.retryMs ?? DEFAULT_RETRY_MS;
      this.client.event({ event: 'stream-resuming', exchange: origin, lastEventId, delayMs, attempt });
      await this.client.sleep(delayMs);
      if (this.client.closing) return;
      const r = await this.client.request({ purpose: 'resume', method: 'GET', headers: this.headers('GET', lastEventId), resumes: origin, timeoutMs: QUICK_TIMEOUT_MS });
      if (!r.ok) {
        stalls++;
        continue;
      }
      if (r.res.status >= 300 || !isEventStream(r.res)) {
        const body = await this.client.readAll(r.res, r.trace, 'GET (resume)');
        if (body) this.client.deliverBody(r.res, r.trace, body, `GET ${this.client.url.pathname} (resume)`);
        r.trace.complete();
        this.client.error(`could not resume the stream of ${origin}: GET answered ${r.res.status} ${r.res.statusText}`, `HTTP_${r.res.status}`, r.trace.id);
        return;
      }
      const outcome = await this.pump(r.res, r.trace, pending, cursor);
      stalls = outcome.events === 0 && cursor.lastEventId === lastEventId ? stalls + 1 : 0;
    }
  }

  /** The GET stream for server-initiated messages: reopened (with Last-Event-ID) whenever it ends, 405 accepted. */
  async standalone(current: () => boolean): Promise<void> {
    const cursor: SseCursor = {};
    let origin: string | undefined;
    let stalls = 0;
    for (let attempt = 0; current(); attempt++) {
      if (attempt > 0) {
        if (stalls >= MAX_STALLS) {
          this.client.event({ event: 'warning', message: 'the standalone GET stream keeps ending without sending anything; not reopening it' });
          return;
        }
        const delayMs = cursor.retryMs ?? DEFAULT_RETRY_MS;
        if (origin && cursor.lastEventId !== undefined) {
          this.client.event({ event: 'stream-resuming', exchange: origin, lastEventId: cursor.lastEventId, delayMs, attempt });
        }
        await this.client.sleep(delayMs);
        if (!current()) return;
      }
      const resuming = origin !== undefined && cursor.lastEventId !== undefined;
      const r = await this.client.request({
        purpose: resuming ? 'resume' : 'stream',
        method: 'GET',
        headers: this.headers('GET', cursor.lastEventId),
        timeoutMs: QUICK_TIMEOUT_MS,
        ...(resuming ? { resumes: origin } : {}),
      });
      if (!r.ok) {
        stalls++;
        continue;
      }
      const { res, trace } = r;
      if (res.status >= 300 || !isEventStream(res)) {
        const body = await this.client.readAll(res, trace, 'GET');
        // A JSON-RPC error body is a message worth recording; any other refusal only means no server-initiated
        // stream (POST-only servers answer 404 pages), which must not end a connection whose POSTs work.
        if (body && res.status !== 405 && isJsonRpcBody(body.bytes)) this.client.deliverBody(res, trace, body, `GET ${this.client.url.pathname}`);
        trace.complete();
        const message =
          res.status === 405
            ? 'the server offers no standalone GET stream (405): its own requests and notifications can only ride on POST responses'
            : `the standalone GET stream was refused: ${res.status} ${res.statusText}${body && body.size > 0 && !isJsonRpcBody(body.bytes) ? ` (a ${res.contentType || 'untyped'} body of ${body.size} bytes, see the HTTP exchange)` : ''}`;
        this.client.event({ event: 'stream-unavailable', status: res.status, message });
        return;
      }
      origin ??= trace.id;
      const outcome = await this.pump(res, trace, new Set(), cursor);
      stalls = outcome.events === 0 ? stalls + 1 : 0;
    }
  }
}
