// What the server starts, as the client engine routes it: its requests answered here (or kept for whichever tab
// answers), its notifications to listeners in arrival order, and progress and cancellation to the requests they name.
import { isPlainObject } from '../jsonrpc.js';
import type { Clock } from './scheduler.js';
import type { InputRequest } from './modern-meta.js';
import { ServerRequestHandlers, type ServerRequestHandler } from './server-requests.js';
import { Listeners } from '../listeners.js';

export interface ServerTrafficOptions {
  now: Clock;
  /** Whether this engine answers the server's requests from the start (else they wait for answer(true)). */
  answering: boolean;
  /** Writes an answer to the server's request (the engine records it as an answer). */
  reply: (message: Record<string, unknown>) => void;
  /** notifications/progress params, for the pending request whose token they carry. */
  progress: (params: unknown) => void;
}

export class ServerTraffic {
  private readonly handlers: ServerRequestHandlers;
  private readonly listeners = new Listeners<[Record<string, unknown>]>();
  private answering: boolean;

  constructor(private readonly options: ServerTrafficOptions) {
    this.handlers = new ServerRequestHandlers(options.now);
    this.answering = options.answering;
  }

  /** Registers the answer to one kind of server request; the returned function removes it. */
  handle(method: string, handler: ServerRequestHandler): () => void {
    return this.handlers.set(method, handler);
  }

  /** The client capabilities the registered handlers can back. */
  capabilities(): Record<string, unknown> {
    return this.handlers.capabilities();
  }

  /** Switches answering on or off; taking over answers what the server asked meanwhile. */
  answer(on: boolean): void {
    const was = this.answering;
    this.answering = on;
    if (was && !on) this.handlers.forgetInflight();
    // Taking over: what the server asked meanwhile (during a reload, or of a tab that went away) is answered now.
    if (!was && on) for (const r of this.handlers.takeWaiting()) this.dispatch(r.method, r.id, r.params);
  }

  /** History was skipped (a windowed log): requests seen before the gap may have been answered inside it. */
  forgetWaiting(): void {
    this.handlers.forgetWaiting();
  }

  /** The session closed: no answer in progress goes out, and nothing seen before is owed one. */
  forget(): void {
    this.handlers.forgetInflight();
    this.handlers.forgetWaiting();
  }

  /** Every notification the server sends, in arrival order (progress included). */
  onNotification(listener: (message: Record<string, unknown>) => void): () => void {
    return this.listeners.add(listener);
  }

  /** A request from the server: answered now if this engine answers, else kept until someone does. */
  request(method: string, id: unknown, params: unknown): void {
    if (this.answering) this.dispatch(method, id, params);
    else this.handlers.noteWaiting(method, id, params);
  }

  /** A notification from the server, after the engine's own bookkeeping for progress and cancellation. */
  notification(message: Record<string, unknown>, method: string): void {
    const params = message.params;
    if (method === 'notifications/progress') this.options.progress(params);
    else if (method === 'notifications/cancelled' && isPlainObject(params)) this.handlers.cancelledByServer(params.requestId);
    this.listeners.emit(message);
  }

  /** A response to the server went out (from any tab): that request is answered. */
  answeredElsewhere(id: unknown): void {
    this.handlers.answeredElsewhere(id);
  }

  /** 2026 input requests, answered in order; null when one has no handler or its handler fails. */
  answerAll(inputRequests: Record<string, InputRequest>): Promise<Record<string, unknown> | null> {
    return this.handlers.answerAll(inputRequests);
  }

  private dispatch(method: string, id: unknown, params: unknown): void {
    this.handlers.dispatch(method, id, params, this.options.reply);
  }
}
