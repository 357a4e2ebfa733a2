// A transport-agnostic MCP client for the browser and the CLI: the handshake in either era, requests that carry what
// it settled (the 2026 `_meta`, input rounds), and capability warnings, over the wire of engine-wire.ts.
// Its own traffic obeys the lifecycle (lifecycle.ts) and every frame it writes says who made it.
import type { FrameOrigin } from '../frame-origin.js';
import { isPlainObject } from '../jsonrpc.js';
import { capabilityWarning } from './capability-warning.js';
import { connectAuto, connectionFromDiscover, connectLegacy, connectModern, type Connection, type FlowEngine } from './connect-flow.js';
import { LocalEngineError, type JsonRpcResponse } from './engine-errors.js';
import { EngineWire } from './engine-wire.js';
import { resolveConnect, type ClientInfo, type ConnectOptions, type OutgoingRequest, type RequestOptions } from './engine-options.js';
import { MAX_INPUT_ROUNDS, META_CLIENT_INFO, inputRequiredOf, modernMeta, retryParams, withMeta } from './modern-meta.js';

const DEFAULT_CLIENT_INFO: ClientInfo = { name: 'mcpscope', version: '0' };

export class ClientEngine extends EngineWire {
  private clientInfo: ClientInfo = DEFAULT_CLIENT_INFO;
  /** The modern era's log level, sent in every request's `_meta`; undefined: the server's default. */
  private logLevel: string | undefined;
  private current: Connection | null = null;
  /** With --trace (or the connection bar's toggle): the W3C trace context each request of this engine carries. */
  private traceSource: { next(): Record<string, string> } | null = null;

  /** What the handshake or discovery settled on; null before it, and again after close(). */
  get connection(): Connection | null {
    return this.current;
  }

  /** Sends a request with a fresh id; resolves with the response object, error responses included. */
  request(method: string, params?: unknown, options: RequestOptions = {}): Promise<JsonRpcResponse> {
    return this.begin(method, params, options).response;
  }

  /** Like request(), but hands back the id and a way to cancel. */
  begin(method: string, params?: unknown, options: RequestOptions = {}): OutgoingRequest {
    const state = { id: this.takeId(), cancelled: false };
    const response = this.run(method, params, options, state);
    return {
      id: state.id,
      response,
      cancel: (reason) => {
        state.cancelled = true;
        return this.cancel(state.id, reason, options.origin);
      },
    };
  }

  /** In the 2026-07-28 era, the lowest log level the server should send, carried by every request from now on (null: none). */
  setLogLevel(level: string | null): void {
    this.logLevel = level ?? undefined;
  }

  /** Adds `traceparent` and `baggage` to every request from now on (null: stop); keys a caller set itself win. */
  setTraceContext(source: { next(): Record<string, string> } | null): void {
    this.traceSource = source;
  }

  get tracing(): boolean {
    return this.traceSource !== null;
  }

  get modernLogLevel(): string | null {
    return this.logLevel ?? null;
  }

  /** Starts the session in the chosen era; see ConnectOptions. */
  async connect(options: ConnectOptions = {}): Promise<Connection> {
    const o = resolveConnect(options, { clientInfo: this.clientInfo, capabilities: this.incoming.capabilities(), timeoutMs: this.timeoutMs });
    this.clientInfo = o.clientInfo as ClientInfo;
    this.current = null;
    const flow: FlowEngine = { request: (m, p, r) => this.request(m, p, { ...r, origin: 'bookkeeping' }), notify: (m, p) => this.notify(m, p, 'bookkeeping') };
    // The connection is set inside the handshake, so requests it releases already carry what it settled.
    return this.lifecycle.handshake(async () => {
      this.current = await (o.era === 'legacy' ? connectLegacy : o.era === 'modern' ? connectModern : connectAuto)(flow, o);
      return this.current;
    });
  }

  /**
   * A server/discover this engine did not send was answered (another tab did it, or this page was reloaded): take on
   * the modern session it settled on, so requests sent from here carry the same 2026 `_meta` keys.
   */
  adoptDiscovery(params: unknown, result: Record<string, unknown>): Connection | null {
    if (this.lifecycle.connecting) return null;
    const conn = connectionFromDiscover(params, result);
    const info = isPlainObject(params) && isPlainObject(params._meta) ? params._meta[META_CLIENT_INFO] : undefined;
    if (isPlainObject(info) && typeof info.name === 'string' && typeof info.version === 'string') this.clientInfo = info as ClientInfo;
    this.current = conn;
    return conn;
  }

  /** initialize, then notifications/initialized; resolves with the initialize result (the original, legacy-only API). */
  async handshake(protocolVersion: string, clientInfo: ClientInfo, capabilities: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
    return (await this.connect({ era: 'legacy', protocolVersion, clientInfo, capabilities })).result;
  }

  /** A warning when the negotiated session does not back `method` (undeclared capability, wrong version); never blocks. */
  capabilityWarning(method: string, params?: unknown): string | null {
    // Another tab's handshake (or one in this page's history) is known only from the wire.
    return capabilityWarning(method, params, this.current ?? this.lifecycle.negotiated);
  }
  /** Rejects everything pending and forgets the session; the engine stays usable (a restarted session reuses it). */
  override close(reason = 'closed'): void {
    this.current = null;
    super.close(reason);
  }

  private async run(method: string, params: unknown, options: RequestOptions, state: { id: number; cancelled: boolean }): Promise<JsonRpcResponse> {
    let own = params;
    const origin = options.origin ?? 'panel';
    for (let round = 1; ; round++) {
      // Admitted at once, the request goes out synchronously, as callers of request() have always seen it.
      const held = this.lifecycle.admit(method, own, origin, options.timeoutMs ?? this.timeoutMs, state.id);
      if (held) await held;
      const response = await this.sendRequest(state.id, method, own, options, origin);
      const ask = this.current?.era === 'modern' && options.answerInputRequired !== false ? inputRequiredOf(response) : null;
      if (!ask || round > MAX_INPUT_ROUNDS) return response;
      const answers = await this.incoming.answerAll(ask.inputRequests);
      if (state.cancelled) throw new LocalEngineError('CANCELLED', `${method} was cancelled by the client while answering the server's input requests`);
      // Input the client cannot give (no handler, or it failed) goes back to the caller as the server asked it.
      if (!answers) return response;
      own = retryParams(own, answers, ask.requestState);
      state.id = this.takeId();
    }
  }

  private sendRequest(id: number, method: string, params: unknown, options: RequestOptions, origin: FrameOrigin): Promise<JsonRpcResponse> {
    const meta: Record<string, unknown> =
      this.current?.era === 'modern' ? modernMeta(this.current.protocolVersion, this.current.clientCapabilities, this.clientInfo, this.logLevel) : {};
    const ownMeta = isPlainObject(params) && isPlainObject(params._meta) ? params._meta : {};
    const token = options.onProgress ? ((ownMeta.progressToken as string | number | undefined) ?? id) : undefined;
    if (token !== undefined) meta.progressToken = token;
    if (this.traceSource) Object.assign(meta, this.traceSource.next());
    const message: Record<string, unknown> = { jsonrpc: '2.0', id, method };
    const sent = Object.keys(meta).length > 0 ? withMeta(params, meta) : params;
    if (sent !== undefined) message.params = sent;
    const key = JSON.stringify(id);
    const response = this.pending.track(key, method, this.waitOptions(method, options, token));
    // A failed send rejects `response` through the pending entry, so the transmit promise itself is not needed.
    this.transmit(message, [key], origin).catch(() => undefined);
    return response;
  }
}
