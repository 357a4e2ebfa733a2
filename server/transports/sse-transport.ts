// Legacy HTTP+SSE (2024-11-05): one long GET whose `endpoint` event names where to POST; replies come as `message` events.
import { sniffOutgoing } from './handshake-sniffer.js';
import { maskUrl } from './header-mask.js';
import { isEventStream } from './http-request.js';
import { RemoteClient, type RemoteOptions } from './remote-client.js';
import { pumpSseStream } from './sse-stream.js';
import type { Transport, TransportHandlers } from './transport.js';

const ENDPOINT_TIMEOUT_MS = 10_000;
const POST_TIMEOUT_MS = 30_000;

export type ConnectResult = { ok: true; endpoint: URL } | { ok: false; reason: string; code: string };

export class SseTransport implements Transport {
  readonly client: RemoteClient;
  private running = false;
  private closed = false;
  private endpoint: URL | null = null;

  /** `prefix` names the exchanges (RemoteClient's): auto gives its fallback another than the probe's. */
  constructor(opts: RemoteOptions, prefix?: string) {
    this.client = new RemoteClient(opts, prefix);
  }

  get alive(): boolean {
    return this.running;
  }

  attach(h: TransportHandlers): void {
    this.client.attach(h);
  }

  async start(h: TransportHandlers): Promise<void> {
    this.attach(h);
    const r = await this.connect();
    if (r.ok) return;
    this.client.error(`could not open the SSE stream: ${r.reason}`, r.code);
    this.client.destroy();
    h.onClosed();
  }

  /** GETs the stream and waits for its endpoint; the failure reason is returned, not reported, so `auto` can word it. */
  async connect(): Promise<ConnectResult> {
    const url = this.client.url;
    const accept: Array<[string, string]> = this.client.opts.overrides?.dropAccept ? [] : [['Accept', 'text/event-stream']];
    const r = await this.client.request({ purpose: 'stream', method: 'GET', headers: accept, timeoutMs: ENDPOINT_TIMEOUT_MS });
    if (!r.ok) return { ok: false, reason: r.failure.message, code: r.failure.code };
    const { res, trace } = r;
    if (res.status !== 200 || !isEventStream(res)) {
      await this.client.readAll(res, trace, `GET ${url.pathname}`);
      trace.complete();
      const type = res.contentType || 'no content type';
      return {
        ok: false,
        reason: `GET ${this.client.shownUrl} answered ${res.status} ${res.statusText} (${type}), not an event stream`,
        code: `HTTP_${res.status}`,
      };
    }
    trace.open();
    let settle: (v: URL | string) => void = () => {};
    const endpoint = new Promise<URL | string>((resolve) => (settle = resolve));
    const timer = setTimeout(() => settle(`no endpoint event within ${ENDPOINT_TIMEOUT_MS / 1000} s`), ENDPOINT_TIMEOUT_MS);
    this.client.run(async () => {
      const h = this.client.h;
      const outcome = await pumpSseStream(
        res,
        trace,
        {
          message: (bytes) => h.onMessage(bytes),
          oversize: (head, size) => h.onOversize(head, size),
          other: (ev) => {
            if (ev.event === 'endpoint') this.onEndpoint(ev.data ?? '', settle);
            else this.client.event({ event: 'warning', message: `unexpected SSE event type "${ev.event}"; its data is in the HTTP exchange` });
          },
        },
        {},
        this.client.opts.maxMessageBytes,
      );
      if (outcome.cut) trace.fail(outcome.cut);
      else trace.complete();
      settle(outcome.cut ? `the stream was cut before its endpoint event: ${outcome.cut.message}` : 'the stream ended before its endpoint event');
      this.streamEnded(outcome.cut?.message ?? null);
    });
    const got = await endpoint;
    clearTimeout(timer);
    if (typeof got === 'string') {
      r.abort();
      return { ok: false, reason: got, code: 'NO_ENDPOINT' };
    }
    this.running = true;
    this.client.event({ event: 'connected', transport: 'sse', url: this.client.shownUrl, endpoint: maskUrl(got.href) });
    return { ok: true, endpoint: got };
  }

  send(bytes: Buffer, seq?: number): void {
    const endpoint = this.endpoint;
    if (!this.running || !endpoint) throw new Error('the SSE stream is closed');
    this.client.run(async () => {
      const what = `POST ${endpoint.pathname}`;
      const r = await this.client.request({
        purpose: 'message',
        method: 'POST',
        url: endpoint,
        headers: [['Content-Type', 'application/json']],
        body: bytes,
        timeoutMs: POST_TIMEOUT_MS,
        ...(seq !== undefined ? { sentSeq: seq } : {}),
      });
      if (!r.ok) {
        if (!this.client.closing) this.client.error(`POST ${endpoint.href} failed: ${r.failure.message}`, r.failure.code, r.trace.id);
        return;
      }
      const body = await this.client.readAll(r.res, r.trace, what);
      // The answer travels on the stream; a 2xx body ("Accepted") is only shown in the exchange.
      if (body) this.client.deliverBody(r.res, r.trace, body, what, { quiet2xx: true, requestIds: sniffOutgoing(bytes).requestIds });
      r.trace.complete();
    });
  }

  async close(reason = 'closed'): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const wasRunning = this.running;
    this.running = false;
    await this.client.quiesce(1000);
    this.client.destroy();
    if (!wasRunning) return;
    this.client.event({ event: 'disconnected', transport: 'sse', reason });
    this.client.h.onClosed();
  }

  private onEndpoint(data: string, settle: (v: URL) => void): void {
    let url: URL;
    try {
      url = new URL(data.trim(), this.client.url);
    } catch {
      this.client.event({ event: 'warning', message: `the endpoint event's data is not a URL: ${JSON.stringify(data.slice(0, 200))}` });
      return;
    }
    if (url.origin !== this.client.url.origin) {
      const message = `the endpoint ${url.href} is on another origin than the stream (${this.client.url.origin}); posting there as told, but a well-behaved server keeps them together`;
      this.client.event({ event: 'warning', message, code: 'ENDPOINT_ORIGIN' });
    }
    if (this.endpoint && this.endpoint.href !== url.href) {
      this.client.event({ event: 'warning', message: `a later endpoint event moved the endpoint to ${url.href}` });
    }
    this.endpoint = url;
    settle(url);
  }

  /** The session lives in the GET: when it ends, the connection is over (legacy SSE cannot resume). */
  private streamEnded(cut: string | null): void {
    if (!this.running || this.client.closing) return;
    this.running = false;
    this.closed = true;
    if (cut) this.client.error(`the SSE stream was cut: ${cut}`, 'STREAM_CUT');
    this.client.event({ event: 'disconnected', transport: 'sse', reason: cut ? 'the SSE stream was cut' : 'the server closed the SSE stream' });
    this.client.destroy();
    this.client.h.onClosed();
  }
}
