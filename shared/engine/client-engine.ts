// A transport-agnostic MCP client for the browser and the CLI: ids, waits with timeouts and progress, cancellation,
// the handshake in either era, capability warnings and answers to the server's own requests, all in arrival order.
// Its own traffic obeys the lifecycle (lifecycle.ts) and every frame it writes says who made it.
import type { FrameOrigin } from '../frame-origin.js';
import type { HttpAnswerEvent } from '../http-answer.js';
import { classifyValue, idKey, isPlainObject, parseJson } from '../jsonrpc.js';
import { capabilityWarning } from './capability-warning.js';
import { connectAuto, connectionFromDiscover, connectLegacy, connectModern, type Connection, type FlowEngine } from './connect-flow.js';
import { LocalEngineError, type JsonRpcResponse } from './engine-errors.js';
import { EngineLifecycle } from './engine-lifecycle.js';
import { resolveConnect, waitOptions, type ClientEngineOptions, type ClientInfo, type ConnectOptions, type OutgoingRequest, type RequestOptions } from './engine-options.js';
import { httpAnswerError } from './http-answer-error.js';
import { MAX_INPUT_ROUNDS, META_CLIENT_INFO, inputRequiredOf, modernMeta, retryParams, withMeta } from './modern-meta.js';
import { PendingRequests } from './pending-requests.js';
import { defaultClock, defaultSchedule } from './scheduler.js';
import { ServerRequestHandlers, type ServerRequestHandler } from './server-requests.js';
import { matchableRequests, requestsIn, requestsInValue } from './outgoing-requests.js';

const DEFAULT_CLIENT_INFO: ClientInfo = { name: 'mcpscope', version: '0' };

export class ClientEngine {
  private nextId = 1;
  private readonly pending: PendingRequests;
  private readonly handlers: ServerRequestHandlers;
  private readonly listeners = new Set<(message: Record<string, unknown>) => void>();
  private readonly send: ClientEngineOptions['send'];
  /** What the wire says of the handshake; its gate holds mcpscope's own frames until the lifecycle allows them. */
  readonly lifecycle: EngineLifecycle;
  private clientInfo: ClientInfo = DEFAULT_CLIENT_INFO;
  /** The modern era's log level, sent in every request's `_meta`; undefined: the server's default. */
  private logLevel: string | undefined;
  private current: Connection | null = null;
  private answering: boolean;
  readonly timeoutMs: number;
  readonly maxTotalTimeoutMs: number;

  constructor(private readonly options: ClientEngineOptions) {
    this.send = options.send;
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.maxTotalTimeoutMs = Math.max(options.maxTotalTimeoutMs ?? 600_000, this.timeoutMs);
    this.answering = options.serverRequests === 'answer';
    this.pending = new PendingRequests(options.schedule ?? defaultSchedule, options.now ?? defaultClock, (key) => this.onExpired(key));
    this.handlers = new ServerRequestHandlers(options.now ?? defaultClock);
    this.lifecycle = new EngineLifecycle(options.schedule ?? defaultSchedule);
  }

  /** What the handshake or discovery settled on; null before it, and again after close(). */
  get connection(): Connection | null {
    return this.current;
  }

  /** The id the next request will get, without reserving it (composer templates show it). */
  /** While true, pending requests do not time out (an OAuth authorization is waiting for a person). */
  holdTimeouts(on: boolean): void {
    this.pending.hold(on);
  }

  peekNextId(): number {
    return this.nextId;
  }

  takeId(): number {
    return this.nextId++;
  }

  get pendingCount(): number {
    return this.pending.size;
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

  /** Sends a notification; from a panel or bookkeeping it waits for the handshake like a request does. */
  async notify(method: string, params?: unknown, origin: FrameOrigin = 'panel'): Promise<void> {
    const held = this.lifecycle.admit(method, params, origin, this.timeoutMs);
    if (held) await held;
    const message: Record<string, unknown> = { jsonrpc: '2.0', method };
    if (params !== undefined) message.params = params;
    return this.transmit(message, [], origin);
  }

  /**
   * Sends notifications/cancelled and settles the request, if still pending, with a local CANCELLED error. A request
   * the gate still holds is dropped instead: it never went out, so there is nothing to cancel on the wire.
   */
  cancel(id: string | number, reason?: string, origin: FrameOrigin = 'panel'): Promise<boolean> {
    const key = idKey(id);
    const why = reason ? `: ${reason}` : '';
    const cancelled = (method: string) => new LocalEngineError('CANCELLED', `${method} (id ${key}) was cancelled by the client${why}`);
    if (typeof id === 'number' && this.lifecycle.drop(id, cancelled('the request'))) return Promise.resolve(true);
    const settled = key === null ? 0 : this.pending.rejectAll(key, cancelled);
    return this.notify('notifications/cancelled', reason === undefined ? { requestId: id } : { requestId: id, reason }, origin).then(() => settled > 0);
  }

  /**
   * Sends text exactly as given (it may be anything, even not JSON) and tracks every request inside it,
   * so the ids it used are never handed out again and its responses resolve.
   */
  sendRaw(text: string, origin: FrameOrigin = 'user'): { sent: Promise<void>; responses: Promise<JsonRpcResponse>[] } {
    const requests = requestsIn(text);
    for (const r of requests) this.reserve(r.id);
    const matchable = matchableRequests(requests);
    const responses = matchable.map((r) => this.pending.track(r.key, r.method, this.waitOptions(r.method, {})));
    const parsed = parseJson(text);
    // The fault lab's frames probe the server; they are not the session's handshake, whatever they contain.
    if (parsed.ok && origin !== 'lab') this.lifecycle.noteOut(parsed.value);
    return { sent: this.transmit(text, matchable.map((r) => r.key), origin), responses };
  }

  /**
   * Notes an outgoing frame someone else sent (history, another tab) so its ids are never reused, and the lifecycle
   * follows it (unless the fault lab made it: a probe is not the session's handshake).
   */
  noteOutgoing(text: string, origin?: FrameOrigin): void {
    const parsed = parseJson(text);
    if (parsed.ok) this.noteOutgoingValue(parsed.value, origin);
    else for (const r of requestsIn(text)) this.reserve(r.id);
  }

  noteOutgoingValue(value: unknown, origin?: FrameOrigin): void {
    if (origin !== 'lab') this.lifecycle.noteOut(value);
    for (const r of requestsInValue(value)) this.reserve(r.id);
    for (const item of Array.isArray(value) ? value : [value]) {
      const c = classifyValue(item);
      if (c.kind === 'response' || c.kind === 'error') this.handlers.answeredElsewhere(c.id);
    }
  }

  /** In the 2026-07-28 era, the lowest log level the server should send, carried by every request from now on (null: none). */
  setLogLevel(level: string | null): void {
    this.logLevel = level ?? undefined;
  }

  get modernLogLevel(): string | null {
    return this.logLevel ?? null;
  }

  /** Registers the answer to one kind of server request (roots/list, sampling/createMessage, elicitation/create…). */
  handle(method: string, handler: ServerRequestHandler): () => void {
    return this.handlers.set(method, handler);
  }

  /** Switches answering the server's requests on or off, e.g. once history replay is over and this tab owns the session. */
  answerServerRequests(on: boolean): void {
    const was = this.answering;
    this.answering = on;
    if (was && !on) this.handlers.forgetInflight();
    // Taking over: what the server asked meanwhile (during a reload, or of a tab that went away) is answered now.
    if (!was && on) for (const r of this.handlers.takeWaiting()) this.dispatchServerRequest(r.method, r.id, r.params);
  }

  /** History was skipped (a windowed log): requests seen before the gap may have been answered inside it. */
  forgetWaitingServerRequests(): void {
    this.handlers.forgetWaiting();
  }

  /** Every notification the server sends, in arrival order (progress included). */
  onNotification(listener: (message: Record<string, unknown>) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Feeds one incoming frame; returns how many pending requests it resolved. */
  receive(text: string): number {
    const parsed = parseJson(text);
    return parsed.ok ? this.receiveValue(parsed.value) : 0;
  }

  /** Handles every message strictly in order and synchronously, so a progress notification is never overtaken by its result. */
  receiveValue(value: unknown): number {
    // The lifecycle moves first, so a request released by this answer goes out after whatever its waiter sends.
    this.lifecycle.noteIn(value);
    let resolved = 0;
    for (const item of Array.isArray(value) ? value : [value]) {
      const c = classifyValue(item);
      if (!isPlainObject(item)) continue;
      if (c.kind === 'response' || c.kind === 'error') {
        const key = idKey(c.id);
        if (key !== null) resolved += this.pending.settle(key, item);
      } else if (c.kind === 'notification') {
        this.onIncomingNotification(item, c.method ?? '');
      } else if (c.kind === 'request') {
        if (this.answering) this.dispatchServerRequest(c.method ?? '', c.id, item.params);
        else this.handlers.noteWaiting(c.method ?? '', c.id, item.params);
      }
    }
    return resolved;
  }

  /**
   * The transport's word that an HTTP answer settles these requests though no response bears their ids: the server's
   * error with a null id (`response`, the frame the event names), or no JSON-RPC at all (then a local CLIENT_HTTP_*
   * error). Without it they would wait for a timeout although the server has already said no. Returns how many.
   */
  settleFromTransport(ev: HttpAnswerEvent, response?: JsonRpcResponse): number {
    let settled = 0;
    for (const key of ev.requestIds) {
      settled += response ? this.pending.settle(key, response) : this.pending.rejectAll(key, (method) => httpAnswerError(ev, method, key));
    }
    return settled;
  }

  private dispatchServerRequest(method: string, id: unknown, params: unknown): void {
    this.handlers.dispatch(method, id, params, (reply) => this.transmit(reply, [], 'answer').catch(() => undefined));
  }

  /** Starts the session in the chosen era; see ConnectOptions. */
  async connect(options: ConnectOptions = {}): Promise<Connection> {
    const o = resolveConnect(options, { clientInfo: this.clientInfo, capabilities: this.handlers.capabilities(), timeoutMs: this.timeoutMs });
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
  close(reason = 'closed'): void {
    this.current = null;
    this.handlers.forgetInflight();
    this.handlers.forgetWaiting();
    this.lifecycle.close(reason);
    this.pending.rejectEverything((key, method) => new LocalEngineError('CONNECTION_CLOSED', `${method} (id ${key}): ${reason}`));
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
      const answers = await this.handlers.answerAll(ask.inputRequests);
      if (state.cancelled) throw new LocalEngineError('CANCELLED', `${method} was cancelled by the client while answering the server's input requests`);
      // Input the client cannot give (no handler, or it failed) goes back to the caller as the server asked it.
      if (!answers) return response;
      own = retryParams(own, answers, ask.requestState);
      state.id = this.takeId();
    }
  }

  private sendRequest(id: number, method: string, params: unknown, options: RequestOptions, origin: FrameOrigin): Promise<JsonRpcResponse> {
    const meta: Record<string, unknown> = this.current?.era === 'modern' ? modernMeta(this.current.protocolVersion, this.current.clientCapabilities, this.clientInfo, this.logLevel) : {};
    const ownMeta = isPlainObject(params) && isPlainObject(params._meta) ? params._meta : {};
    const token = options.onProgress ? ((ownMeta.progressToken as string | number | undefined) ?? id) : undefined;
    if (token !== undefined) meta.progressToken = token;
    const message: Record<string, unknown> = { jsonrpc: '2.0', id, method };
    const sent = Object.keys(meta).length > 0 ? withMeta(params, meta) : params;
    if (sent !== undefined) message.params = sent;
    const key = JSON.stringify(id);
    const response = this.pending.track(key, method, this.waitOptions(method, options, token));
    // A failed send rejects `response` through the pending entry, so the transmit promise itself is not needed.
    this.transmit(message, [key], origin).catch(() => undefined);
    return response;
  }

  private waitOptions(method: string, o: RequestOptions, progressToken?: string | number) {
    return waitOptions(method, o, { timeoutMs: this.timeoutMs, maxTotalTimeoutMs: this.maxTotalTimeoutMs, resetTimeoutOnProgress: this.options.resetTimeoutOnProgress ?? false }, progressToken);
  }

  private onIncomingNotification(message: Record<string, unknown>, method: string): void {
    const params = message.params;
    if (method === 'notifications/progress') this.pending.progress(params);
    else if (method === 'notifications/cancelled' && isPlainObject(params)) this.handlers.cancelledByServer(params.requestId);
    for (const listener of this.listeners) listener(message);
  }

  private onExpired(key: string): void {
    if (!this.options.cancelOnTimeout) return;
    this.notify('notifications/cancelled', { requestId: JSON.parse(key) as string | number, reason: 'timed out' }, 'bookkeeping').catch(() => undefined);
  }

  /** Writes a frame: a message object is noted in the lifecycle first, so what it releases goes out after it. */
  private transmit(message: string | Record<string, unknown>, keys: string[], origin: FrameOrigin): Promise<void> {
    const text = typeof message === 'string' ? message : JSON.stringify(message);
    if (typeof message !== 'string') this.lifecycle.noteOut(message);
    return this.pending.write(keys, () => this.send(text, origin));
  }

  private reserve(id: unknown): void {
    if (typeof id === 'number' && Number.isSafeInteger(id) && id >= this.nextId) this.nextId = id + 1;
  }
}
