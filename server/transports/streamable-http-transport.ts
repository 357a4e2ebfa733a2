// Streamable HTTP (2025-03-26 … 2025-11-25): each message its own POST answered as JSON or SSE, the session id and
// protocol version carried along, the standalone GET stream, resumption with Last-Event-ID, and DELETE on close.
import { negotiatedVersion, sniffOutgoing } from './handshake-sniffer.js';
import { isEventStream, type HeaderLines, type HttpResponse } from './http-request.js';
import { readOutgoing } from './modern-headers.js';
import { RemoteClient, type RemoteOptions } from './remote-client.js';
import { QUICK_TIMEOUT_MS, ResponseStreams } from './response-streams.js';
import type { Transport, TransportHandlers } from './transport.js';

/** The spec's signal, on the first POST, that the server only speaks legacy HTTP+SSE. */
const FALLBACK_STATUSES = new Set([400, 404, 405]);
/** A POST carrying a request may wait for a slow tool answered as JSON; anything else must answer at once. */
const REQUEST_TIMEOUT_MS = 300_000;

type OutgoingSniff = ReturnType<typeof sniffOutgoing>;
/** notifications/initialized's POST hands the gate's release to the standalone GET it opens, or releases it itself. */
interface StreamGate {
  release(): void;
  handedOn: boolean;
}

export type ProbeOutcome = { kind: 'stay'; status: number } | { kind: 'fallback'; status: number; deliver(): void; discard(): void } | { kind: 'failed' };

export class StreamableHttpTransport implements Transport {
  readonly client: RemoteClient;
  private readonly streams: ResponseStreams;
  private running = false;
  private sessionId: string | null = null;
  private protocolVersion: string | null = null;
  private initializeId: string | null = null;
  /** Bumped to retire the standalone stream loop (new session, expiry, close). */
  private standaloneGen = 0;
  /** Pending from notifications/initialized going out until the standalone GET it opens is answered or not opened. */
  private streamGate: Promise<void> | null = null;

  constructor(opts: RemoteOptions) {
    this.client = new RemoteClient(opts);
    this.streams = new ResponseStreams(this.client, (method, lastEventId) => this.protocolHeaders(method, lastEventId));
  }

  get alive(): boolean {
    return this.running;
  }

  /** Takes the handlers without announcing a connection (`auto` announces its own). */
  attach(h: TransportHandlers): void {
    this.client.attachInspecting(h, (bytes) => this.sniffIncoming(bytes));
    this.running = true;
  }

  async start(h: TransportHandlers): Promise<void> {
    this.attach(h);
    const note = 'Streamable HTTP opens no connection up front: the first POST shows whether the server is there';
    this.client.event({ event: 'connected', transport: 'http', url: this.client.shownUrl, note });
  }

  send(bytes: Buffer, seq?: number): void {
    if (!this.running) throw new Error('the connection is closed');
    this.client.run(() => this.post(bytes, seq, false));
  }

  /**
   * Resolves once the stream for the server's own messages is settled: the standalone GET that notifications/initialized
   * opens has its answer (a stream, a refusal or a failure), or it will not be opened. A request sent after this cannot
   * overtake that GET on its way to the server.
   */
  serverStreamSettled(): Promise<void> {
    return this.streamGate ?? Promise.resolve();
  }

  /** For `auto`: POSTs the first message, holding a 400/404/405 answer back so legacy SSE can be tried. */
  probe(bytes: Buffer, seq?: number): Promise<ProbeOutcome> {
    return this.post(bytes, seq, true);
  }

  async close(reason = 'closed'): Promise<void> {
    if (!this.running) return;
    this.standaloneGen++;
    await this.client.quiesce(1000);
    const sid = this.headerSessionId();
    if (sid) {
      const r = await this.client.request({ purpose: 'terminate', method: 'DELETE', headers: this.protocolHeaders('DELETE'), timeoutMs: 2000, hardCap: true });
      if (r.ok && (await this.client.readAll(r.res, r.trace, 'DELETE'))) r.trace.complete();
    }
    this.client.destroy();
    this.running = false;
    this.client.event({ event: 'disconnected', transport: 'http', reason });
    this.client.h.onClosed();
  }

  private async post(bytes: Buffer, seq: number | undefined, probing: boolean): Promise<ProbeOutcome> {
    const out = sniffOutgoing(bytes);
    if (out.initializeId !== null) this.initializeId = out.initializeId;
    if (!out.initialized) return this.postMessage(bytes, seq, probing, out, null);
    let release!: () => void;
    this.streamGate = new Promise<void>((resolve) => (release = resolve));
    const gate: StreamGate = { release, handedOn: false };
    try {
      return await this.postMessage(bytes, seq, probing, out, gate);
    } finally {
      // Not answered 2xx, or failed: no standalone GET comes of it.
      if (!gate.handedOn) release();
    }
  }

  private async postMessage(bytes: Buffer, seq: number | undefined, probing: boolean, out: OutgoingSniff, gate: StreamGate | null): Promise<ProbeOutcome> {
    const sentSid = this.sessionId;
    const path = `POST ${this.client.url.pathname}`;
    const r = await this.client.request({
      purpose: probing ? 'probe' : 'message',
      method: 'POST',
      headers: this.protocolHeaders('POST', undefined, readOutgoing(bytes).version),
      body: bytes,
      timeoutMs: out.requestIds.length > 0 ? REQUEST_TIMEOUT_MS : QUICK_TIMEOUT_MS,
      ...(seq !== undefined ? { sentSeq: seq } : {}),
    });
    if (!r.ok) {
      if (!this.client.closing) this.client.error(`POST ${this.client.shownUrl} failed: ${r.failure.message}`, r.failure.code, r.trace.id);
      return { kind: 'failed' };
    }
    const { res, trace } = r;
    if (res.status < 300) this.captureSessionId(res);
    if (probing && FALLBACK_STATUSES.has(res.status)) {
      const body = await this.client.readAll(res, trace, path);
      if (!body) return { kind: 'failed' };
      return {
        kind: 'fallback',
        status: res.status,
        deliver: () => {
          this.client.deliverBody(res, trace, body, path, { requestIds: out.requestIds });
          trace.complete();
        },
        discard: () => trace.complete(),
      };
    }
    if (res.status === 404 && sentSid !== null && this.client.opts.overrides?.sessionId === undefined) this.expire(sentSid, res.status);
    if (res.status < 300 && isEventStream(res)) {
      await this.streams.readResponse(res, trace, out.requestIds);
    } else {
      const body = await this.client.readAll(res, trace, path);
      if (!body) return { kind: 'failed' };
      this.client.deliverBody(res, trace, body, path, { quiet2xx: res.status === 202, requestIds: out.requestIds });
      trace.complete();
    }
    if (res.status < 300 && out.initialized) {
      this.openStandalone(gate?.release);
      if (gate) gate.handedOn = true;
    }
    return { kind: 'stay', status: res.status };
  }

  /**
   * `bodyVersion`: the `_meta` protocol version a 2026-07-28-shaped message carries (auto's server/discover, sent again
   * as Streamable HTTP once a 2026 POST was refused): 2026-07-28 asks MCP-Protocol-Version on every POST, equal to it.
   */
  protocolHeaders(method: 'POST' | 'GET' | 'DELETE', lastEventId?: string, bodyVersion?: string | null): HeaderLines {
    const o = this.client.opts.overrides ?? {};
    const lines: HeaderLines = [];
    if (method !== 'DELETE' && !o.dropAccept) lines.push(['Accept', method === 'POST' ? 'application/json, text/event-stream' : 'text/event-stream']);
    if (method === 'POST') lines.push(['Content-Type', 'application/json']);
    const sid = this.headerSessionId();
    if (sid) lines.push(['Mcp-Session-Id', sid]);
    // The header exists from 2025-06-18 on; older sessions must not send it.
    const negotiated = this.protocolVersion !== null && this.protocolVersion >= '2025-06-18' ? this.protocolVersion : null;
    const version = o.protocolVersion !== undefined ? o.protocolVersion : (negotiated ?? bodyVersion ?? null);
    if (version) lines.push(['MCP-Protocol-Version', version]);
    if (lastEventId !== undefined) lines.push(['Last-Event-ID', lastEventId]);
    return lines;
  }

  private headerSessionId(): string | null {
    const fixed = this.client.opts.overrides?.sessionId;
    return fixed !== undefined ? fixed : this.sessionId;
  }

  private captureSessionId(res: HttpResponse): void {
    const sid = res.header('mcp-session-id');
    if (!sid || sid === this.sessionId) return;
    this.sessionId = sid;
    this.client.event({ event: 'session-id', sessionId: sid });
  }

  private sniffIncoming(bytes: Buffer): void {
    if (this.initializeId === null) return;
    const version = negotiatedVersion(bytes, this.initializeId);
    if (version === null) return;
    this.protocolVersion = version;
    this.initializeId = null;
  }

  private expire(sid: string, status: number): void {
    if (this.sessionId !== sid) return;
    this.sessionId = null;
    this.protocolVersion = null;
    this.standaloneGen++;
    const message = `the server no longer knows session ${sid} (${status}): send initialize again to start a new session`;
    this.client.event({ event: 'session-expired', sessionId: sid, status, message });
  }

  private openStandalone(settled?: () => void): void {
    const gen = ++this.standaloneGen;
    this.client.run(() => this.streams.standalone(() => !this.client.closing && gen === this.standaloneGen, settled));
  }
}
