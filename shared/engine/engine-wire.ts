// The client engine's wire: ids, waits with timeouts and progress, cancellation, raw frames, and what the server sends
// (its answers, its requests, its notifications), all in arrival order. ClientEngine adds the session on top of it.
// Its own traffic obeys the lifecycle (lifecycle.ts) and every frame it writes says who made it.
import type { FrameOrigin } from '../frame-origin.js';
import type { HttpAnswerEvent } from '../http-answer.js';
import { classifyValue, idKey, isPlainObject, parseJson } from '../jsonrpc.js';
import { LocalEngineError, type JsonRpcResponse } from './engine-errors.js';
import { EngineLifecycle } from './engine-lifecycle.js';
import { waitOptions, type ClientEngineOptions, type RequestOptions } from './engine-options.js';
import { httpAnswerError } from './http-answer-error.js';
import { matchableRequests, requestsIn, requestsInValue } from './outgoing-requests.js';
import { PendingRequests } from './pending-requests.js';
import { defaultClock, defaultSchedule } from './scheduler.js';
import type { ServerRequestHandler } from './server-requests.js';
import { ServerTraffic } from './server-traffic.js';

export class EngineWire {
  private nextId = 1;
  protected readonly pending: PendingRequests;
  /** The server's requests and notifications. */
  protected readonly incoming: ServerTraffic;
  private readonly send: ClientEngineOptions['send'];
  /** What the wire says of the handshake; its gate holds mcpscope's own frames until the lifecycle allows them. */
  readonly lifecycle: EngineLifecycle;
  readonly timeoutMs: number;
  readonly maxTotalTimeoutMs: number;

  constructor(private readonly options: ClientEngineOptions) {
    this.send = options.send;
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.maxTotalTimeoutMs = Math.max(options.maxTotalTimeoutMs ?? 600_000, this.timeoutMs);
    this.pending = new PendingRequests(options.schedule ?? defaultSchedule, options.now ?? defaultClock, (key) => this.onExpired(key));
    this.incoming = new ServerTraffic({
      now: options.now ?? defaultClock,
      answering: options.serverRequests === 'answer',
      reply: (message) => void this.transmit(message, [], 'answer').catch(() => undefined),
      progress: (params) => this.pending.progress(params),
    });
    this.lifecycle = new EngineLifecycle(options.schedule ?? defaultSchedule);
  }

  /** While true, pending requests do not time out (an OAuth authorization is waiting for a person). */
  holdTimeouts(on: boolean): void {
    this.pending.hold(on);
  }

  /** The id the next request will get, without reserving it (composer templates show it). */
  peekNextId(): number {
    return this.nextId;
  }

  takeId(): number {
    return this.nextId++;
  }

  get pendingCount(): number {
    return this.pending.size;
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
    return {
      sent: this.transmit(
        text,
        matchable.map((r) => r.key),
        origin,
      ),
      responses,
    };
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
      if (c.kind === 'response' || c.kind === 'error') this.incoming.answeredElsewhere(c.id);
    }
  }

  /** Registers the answer to one kind of server request (roots/list, sampling/createMessage, elicitation/create…). */
  handle(method: string, handler: ServerRequestHandler): () => void {
    return this.incoming.handle(method, handler);
  }

  /** Switches answering the server's requests on or off, e.g. once history replay is over and this tab owns the session. */
  answerServerRequests(on: boolean): void {
    this.incoming.answer(on);
  }

  /** History was skipped (a windowed log): requests seen before the gap may have been answered inside it. */
  forgetWaitingServerRequests(): void {
    this.incoming.forgetWaiting();
  }

  /** Every notification the server sends, in arrival order (progress included). */
  onNotification(listener: (message: Record<string, unknown>) => void): () => void {
    return this.incoming.onNotification(listener);
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
        this.incoming.notification(item, c.method ?? '');
      } else if (c.kind === 'request') {
        this.incoming.request(c.method ?? '', c.id, item.params);
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
  /** Rejects everything pending and forgets the server's requests; the engine stays usable (a restarted session reuses it). */
  close(reason = 'closed'): void {
    this.incoming.forget();
    this.lifecycle.close(reason);
    this.pending.rejectEverything((key, method) => new LocalEngineError('CONNECTION_CLOSED', `${method} (id ${key}): ${reason}`));
  }

  protected waitOptions(method: string, o: RequestOptions, progressToken?: string | number) {
    return waitOptions(
      method,
      o,
      { timeoutMs: this.timeoutMs, maxTotalTimeoutMs: this.maxTotalTimeoutMs, resetTimeoutOnProgress: this.options.resetTimeoutOnProgress ?? false },
      progressToken,
    );
  }

  private onExpired(key: string): void {
    if (!this.options.cancelOnTimeout) return;
    this.notify('notifications/cancelled', { requestId: JSON.parse(key) as string | number, reason: 'timed out' }, 'bookkeeping').catch(() => undefined);
  }

  /** Writes a frame: a message object is noted in the lifecycle first, so what it releases goes out after it. */
  protected transmit(message: string | Record<string, unknown>, keys: string[], origin: FrameOrigin): Promise<void> {
    const text = typeof message === 'string' ? message : JSON.stringify(message);
    if (typeof message !== 'string') this.lifecycle.noteOut(message);
    return this.pending.write(keys, () => this.send(text, origin));
  }

  private reserve(id: unknown): void {
    if (typeof id === 'number' && Number.isSafeInteger(id) && id >= this.nextId) this.nextId = id + 1;
  }
}
