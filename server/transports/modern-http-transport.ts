// 2026-07-28 HTTP: stateless, POST only. Each message its own POST with MCP-Protocol-Version, Mcp-Method, Mcp-Name and
// Mcp-Param-* headers, answered by JSON or by one SSE stream; a request is cancelled by closing its stream, so the
// engine's notifications/cancelled becomes that close instead of a POST. subscriptions/listen is just a long stream.
import { classifyText, idKey, isPlainObject } from '../../shared/jsonrpc.js';
import { responseIds } from './handshake-sniffer.js';
import { isEventStream, type HeaderLines } from './http-request.js';
import { ToolHeaderCatalog, readOutgoing, type OutgoingRequest } from './modern-headers.js';
import { RemoteClient, type RemoteOptions } from './remote-client.js';
import { QUICK_TIMEOUT_MS } from './response-streams.js';
import { pumpSseStream } from './sse-stream.js';
import { ModernProbe, type ProbeVerdict } from './modern-probe.js';
import type { Transport, TransportHandlers } from './transport.js';

/** A request's POST may wait this long for a slow tool answered as one JSON body (headers come with the result). */
const REQUEST_TIMEOUT_MS = 300_000;

interface InFlight {
  ctl: AbortController;
  exchange: string | null;
  cancelled: boolean;
}

export class ModernHttpTransport implements Transport {
  readonly client: RemoteClient;
  private readonly catalog = new ToolHeaderCatalog();
  /** Requests whose POST is still open, by idKey: closing one is how 2026 cancels it. */
  private readonly inFlight = new Map<string, InFlight>();
  /** The version of the last request's `_meta`, for the notifications that carry none. */
  private version: string | null = null;
  private running = false;

  constructor(opts: RemoteOptions) {
    this.client = new RemoteClient(opts, 'm');
  }

  get alive(): boolean {
    return this.running;
  }

  attach(h: TransportHandlers): void {
    this.client.attachInspecting(h, (bytes) => this.catalog.received(bytes));
    this.running = true;
  }

  async start(h: TransportHandlers): Promise<void> {
    this.attach(h);
    const note = '2026-07-28 HTTP is stateless: every message is its own POST, answered by JSON or by its own SSE stream';
    this.client.event({ event: 'connected', transport: 'http-2026', url: this.client.shownUrl, note });
  }

  send(bytes: Buffer, seq?: number): void {
    if (!this.running) throw new Error('the connection is closed');
    const out = readOutgoing(bytes);
    if (out.method === 'notifications/cancelled' && this.closeStream(out.params)) return;
    this.client.run(() => this.post(bytes, seq, out, null));
  }

  /** For `auto`: POSTs one modern-shaped request and holds the answer back until it shows a 2026-07-28 server. */
  async probe(bytes: Buffer, seq?: number): Promise<ProbeVerdict> {
    const probe = new ModernProbe(this.client);
    await this.post(bytes, seq, readOutgoing(bytes), probe);
    return probe.verdict();
  }

  async close(reason = 'closed'): Promise<void> {
    if (!this.running) return;
    await this.client.quiesce(1000);
    this.client.destroy();
    this.running = false;
    this.client.event({ event: 'disconnected', transport: 'http-2026', reason });
    this.client.h.onClosed();
  }

  /** notifications/cancelled for a request still streaming: close its POST. False when there is none to close. */
  private closeStream(params: unknown): boolean {
    const key = isPlainObject(params) ? idKey(params.requestId) : null;
    const flight = key === null ? undefined : this.inFlight.get(key);
    if (!flight) return false;
    flight.cancelled = true;
    flight.ctl.abort();
    const where = flight.exchange ? ` (${flight.exchange})` : '';
    this.client.event({
      event: 'request-cancelled',
      requestId: key!,
      ...(flight.exchange ? { exchange: flight.exchange } : {}),
      message: `cancelled request ${key} by closing its HTTP stream${where}: 2026-07-28 has no notifications/cancelled on the wire`,
    });
    return true;
  }

  /** A -32020 about an Mcp-Param-* header usually means the tool was never listed here: say what to do. */
  private explainParamMismatch(bytes: Buffer, exchange: string): void {
    const c = classifyText(bytes.toString('utf8'));
    const error = c.kind === 'error' && isPlainObject(c.value) && isPlainObject(c.value.error) ? c.value.error : null;
    const mismatch = error && isPlainObject(error.data) && isPlainObject(error.data.mismatch) ? error.data.mismatch : null;
    const header = mismatch && typeof mismatch.header === 'string' ? mismatch.header : '';
    if (c.errorCode !== -32020 || !header.toLowerCase().startsWith('mcp-param-')) return;
    const message = `the server wants the ${header} header (${exchange}): mcpscope learns which arguments go in Mcp-Param-* headers from tools/list, so list the tools first, or pass --header '${header}: …'`;
    this.client.event({ event: 'warning', message, code: 'MCP_PARAM_HEADER' });
  }

  private headersFor(out: OutgoingRequest): HeaderLines {
    const o = this.client.opts.overrides ?? {};
    const lines: HeaderLines = [];
    if (!o.dropAccept) lines.push(['Accept', 'application/json, text/event-stream']);
    lines.push(['Content-Type', 'application/json']);
    // The header must equal the `_meta` version; a message without one (a legacy body, a notification) gets the last seen.
    const version = o.protocolVersion !== undefined ? o.protocolVersion : (out.version ?? this.version);
    if (version) lines.push(['MCP-Protocol-Version', version]);
    // 2026 has no sessions; a pinned session id is still sent, to see what a server makes of it.
    if (typeof o.sessionId === 'string') lines.push(['Mcp-Session-Id', o.sessionId]);
    lines.push(...this.catalog.headersFor(out));
    return lines;
  }

  private async post(bytes: Buffer, seq: number | undefined, out: OutgoingRequest, probe: ModernProbe | null): Promise<void> {
    this.catalog.sent(out);
    if (out.version) this.version = out.version;
    const flight: InFlight | null = out.id !== null ? { ctl: new AbortController(), exchange: null, cancelled: false } : null;
    if (flight) this.inFlight.set(out.id!, flight);
    try {
      const r = await this.client.request({
        purpose: probe ? 'probe' : 'message',
        method: 'POST',
        headers: this.headersFor(out),
        body: bytes,
        timeoutMs: flight ? REQUEST_TIMEOUT_MS : QUICK_TIMEOUT_MS,
        ...(flight ? { signal: flight.ctl.signal } : {}),
        ...(seq !== undefined ? { sentSeq: seq } : {}),
      });
      if (flight) flight.exchange = r.trace.id;
      if (!r.ok) {
        if (!this.client.closing && !flight?.cancelled)
          this.client.error(`POST ${this.client.shownUrl} failed: ${r.failure.message}`, r.failure.code, r.trace.id);
        probe?.failed();
        return;
      }
      const { res, trace } = r;
      const path = `POST ${this.client.url.pathname}`;
      if (res.status < 300 && isEventStream(res)) {
        trace.open();
        let answered = false;
        const deliver = (m: Buffer) => {
          if (out.id !== null && responseIds(m).includes(out.id)) answered = true;
          return probe ? probe.hold(m) : this.client.h.onMessage(m);
        };
        const { cut } = await pumpSseStream(
          res,
          trace,
          { message: deliver, oversize: (head, size) => this.client.h.onOversize(head, size) },
          {},
          this.client.opts.maxMessageBytes,
        );
        probe?.settle(res, trace, out.id);
        if (cut) trace.fail(cut);
        else trace.complete();
        if (answered || flight?.cancelled || this.client.closing || out.id === null) return;
        const how = cut ? `was cut (${cut.message})` : 'ended';
        this.client.error(
          `the stream of request ${out.id} ${how} before its response; a 2026-07-28 stream cannot be resumed, so send the request again`,
          'STREAM_CUT',
          trace.id,
        );
        return;
      }
      const body = await this.client.readAll(res, trace, path);
      if (!body) return probe?.failed();
      if (probe) probe.holdBody(res, trace, body, out.id);
      else {
        this.client.deliverBody(res, trace, body, path, { quiet2xx: res.status === 202, requestIds: out.id === null ? [] : [out.id] });
        trace.complete();
        if (res.status === 400) this.explainParamMismatch(body.bytes, trace.id);
      }
    } finally {
      if (out.id !== null && this.inFlight.get(out.id) === flight) this.inFlight.delete(out.id);
    }
  }
}
