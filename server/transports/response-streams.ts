// The SSE side of Streamable HTTP: a POST's response stream, its resumption with Last-Event-ID when it ends too early,
// and the standalone GET stream that is reopened whenever it ends (405 accepted).
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
        other: (ev) =>
          this.client.event({ event: 'warning', message: `unexpected SSE event type "${ev.event}" in ${trace.id}; its data is in the HTTP exchange` }),
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
      const r = await this.client.request({
        purpose: 'resume',
        method: 'GET',
        headers: this.headers('GET', lastEventId),
        resumes: origin,
        timeoutMs: QUICK_TIMEOUT_MS,
      });
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

  /**
   * The GET stream for server-initiated messages: reopened (with Last-Event-ID) whenever it ends, 405 accepted.
   * `settled` is called once the first GET has its answer (or failed), or when the loop ends before sending one.
   */
  async standalone(current: () => boolean, settled?: () => void): Promise<void> {
    try {
      await this.standaloneLoop(current, () => {
        settled?.();
        settled = undefined;
      });
    } finally {
      settled?.();
    }
  }

  private async standaloneLoop(current: () => boolean, answered: () => void): Promise<void> {
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
      answered();
      if (!r.ok) {
        stalls++;
        continue;
      }
      const { res, trace } = r;
      if (res.status >= 300 || !isEventStream(res)) {
        // Whatever came instead of a stream (a 404 page from a POST-only server, a JSON error) stays in the exchange: it
        // answers no request, so it is neither a message nor a transport error; the session goes on without the stream.
        const body = await this.client.readAll(res, trace, 'GET');
        if (body) trace.complete();
        this.client.event({ event: 'stream-unavailable', status: res.status, message: standaloneRefusal(res, body?.size ?? 0) });
        return;
      }
      origin ??= trace.id;
      const outcome = await this.pump(res, trace, new Set(), cursor);
      stalls = outcome.events === 0 ? stalls + 1 : 0;
    }
  }
}

/** Why there is no standalone stream, in words: 405 is the spec's way to say so; anything else is said as it came. */
function standaloneRefusal(res: HttpResponse, bodySize: number): string {
  if (res.status === 405) return 'the server offers no standalone GET stream (405): its own requests and notifications can only ride on POST responses';
  const body = bodySize > 0 ? ` (a ${res.contentType || 'untyped'} body of ${bodySize} bytes, see the HTTP exchange)` : '';
  const what =
    res.status < 300 ? `${res.status} with ${res.contentType || 'an untyped body'} instead of text/event-stream` : `${res.status} ${res.statusText}`.trim();
  return `the standalone GET was answered ${what}${body}; going on without it (the server's own messages can only ride on POST responses)`;
}
