// The browser's WebSocket to the relay: reconnects, resubscribes from the last seq held, and matches sends to replies.
import type { HttpProbeMethod, HttpProbeResult } from '../../../shared/fault-lab/fault-types.js';
import type { FrameOrigin } from '../../../shared/frame-origin.js';
import {
  WS_PATH,
  WS_PROTOCOL,
  WS_TOKEN_PREFIX,
  type AnswererHolder,
  type FrameRecord,
  parseRelayServerMessage,
  type RelayClientMessage,
  type SessionInfo,
} from '../../../shared/relay-protocol.js';
import { SubscriptionCounts } from './subscription-counts.js';
import { Listeners } from '../../../shared/listeners.js';

export type SocketState = 'connecting' | 'open' | 'closed';

/** A send that failed: a relay code (SESSION_NOT_LIVE…) or a local one (NOT_CONNECTED, SOCKET_CLOSED). */
export class SendError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly local: boolean,
  ) {
    super(message);
    this.name = 'SendError';
  }
}

export interface RelaySocketHandlers {
  onFrames(sessionId: string, frames: FrameRecord[]): void;
  onSession(session: SessionInfo): void;
  /** A subscribe went out: the session's history is about to be replayed, up to `synced`. */
  onReplay?(sessionId: string): void;
  onSynced?(sessionId: string, seq: number): void;
  /** Who answers the session's server→client requests changed (or was first reported on subscribe). */
  onAnswerer?(sessionId: string, holder: AnswererHolder): void;
  /** A piece of a model reply streaming in (the Chat tab's model request `requestId`). */
  onModelText?(sessionId: string, requestId: string, delta: string): void;
  /** Relay errors that answer no send of ours (a subscribe to an unknown session, say). */
  onError?(code: string, message: string): void;
}

const MAX_BACKOFF_MS = 5_000;

export class RelaySocket {
  private ws: WebSocket | null = null;
  private state: SocketState = 'closed';
  private stopped = true;
  private backoffMs = 250;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private nextRef = 1;
  /**
   * Sends and HTTP probes waiting for the relay's answer, by ref; `resolve` gets a seq (from the `frames` message that
   * carries the send's echo, or a `sent` message) or an HttpProbeResult.
   */
  private readonly pendingSends = new Map<string, { resolve: (value: unknown) => void; reject: (e: SendError) => void }>();
  /** Reference-counted: several parts of the page may watch one session (the fault lab's scratch session, the detail). */
  private readonly subscriptions = new SubscriptionCounts();
  /** A hold taken before anyone asked (see subscribeEarly), waiting for the page to take it over or let it go. */
  private early: string | null = null;
  /** Sessions held whose subscribe waits on something the page asked the relay first (subscribeEarly's `after`). */
  private readonly deferred = new Set<string>();
  /** Sessions whose history has been fully delivered on the current connection. */
  private readonly synced = new Set<string>();
  private readonly syncedWaiters = new Map<string, (() => void)[]>();
  private readonly stateListeners = new Listeners();

  constructor(
    private readonly token: string,
    private readonly handlers: RelaySocketHandlers,
    /** Where to resume each session's stream: the last seq the store holds. */
    private readonly afterSeq: (sessionId: string) => number,
    /** How much history to replay at most: the first `head` and last `tail` frames (a huge session's gap is read in windows). */
    private readonly replayBounds: { head: number; tail: number } | null = null,
  ) {}

  private subscribeMessage(sessionId: string): RelayClientMessage {
    this.handlers.onReplay?.(sessionId);
    return { type: 'subscribe', sessionId, afterSeq: this.afterSeq(sessionId), ...(this.replayBounds ?? {}) };
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    const ws = this.ws;
    this.ws = null;
    // Closing a socket that is still connecting makes the browser log an error; let it open, then close it.
    if (ws?.readyState === WebSocket.CONNECTING) ws.onopen = () => ws.close();
    else ws?.close();
    this.failPending();
    this.setState('closed');
  }

  /** Holds the session's stream; each call needs its own unsubscribe(), and only the last one ends the stream. */
  subscribe(sessionId: string): void {
    const early = this.early;
    this.early = null;
    // The page asking for the session it was opened on early takes that hold over: the stream is already coming.
    if (early === sessionId) return;
    // A second holder shares the stream already coming: subscribing again would replay history the store holds.
    if (this.subscriptions.add(sessionId)) this.write(this.subscribeMessage(sessionId));
    // The page opened another session than the one guessed: the guess is let go.
    if (early !== null) this.unsubscribe(early);
  }

  /**
   * Starts the stream of the session the page is about to open, before the page has rendered enough to ask: its
   * replay then overlaps the page's start-up. The next subscribe() takes this hold over (the same session) or lets it
   * go (another one); only one such hold exists, and none once something already holds the session. With `after`, the
   * subscribe goes out once that settles (the relay answers what was asked before it, ahead of the replay).
   */
  subscribeEarly(sessionId: string, after?: Promise<unknown>): void {
    if (this.early !== null || this.subscriptions.has(sessionId)) return;
    this.early = sessionId;
    if (!this.subscriptions.add(sessionId)) return;
    if (after === undefined) {
      this.write(this.subscribeMessage(sessionId));
      return;
    }
    // Held now (a subscribe() meanwhile takes it over without asking again), asked for once `after` settles.
    this.deferred.add(sessionId);
    const ask = () => {
      if (this.deferred.delete(sessionId) && this.subscriptions.has(sessionId)) this.write(this.subscribeMessage(sessionId));
    };
    after.then(ask, ask);
  }

  unsubscribe(sessionId: string): void {
    if (!this.subscriptions.remove(sessionId)) return;
    this.synced.delete(sessionId);
    // Never asked for (its subscribe was still waiting): nothing to end.
    if (this.deferred.delete(sessionId)) return;
    this.write({ type: 'unsubscribe', sessionId });
  }

  /**
   * Writes one frame to the server (the exact bytes in `b64` when given), recorded as made by `origin`; resolves with
   * the seq the relay recorded it under.
   */
  send(sessionId: string, text: string, origin: FrameOrigin, b64?: string): Promise<number> {
    const ref = String(this.nextRef++);
    return new Promise<number>((resolve, reject) => {
      if (this.state !== 'open') {
        reject(new SendError('NOT_CONNECTED', 'not connected to the relay', true));
        return;
      }
      this.pendingSends.set(ref, { resolve: (v) => resolve(v as number), reject });
      this.write({ type: 'send', sessionId, text, ref, origin, ...(b64 !== undefined ? { b64 } : {}) });
    });
  }

  /** Asks the relay to make this socket the one that answers the session's server requests; the reply comes as onAnswerer. */
  claimAnswerer(sessionId: string, force: boolean): void {
    this.write({ type: 'claim-answerer', sessionId, ...(force ? { force } : {}) });
  }

  /** The page's engine starts (trace id) or stops (null) adding trace context: the relay records it in the session. */
  traceContext(sessionId: string, traceId: string | null): void {
    this.write({ type: 'trace-context', sessionId, traceId });
  }

  isSynced(sessionId: string): boolean {
    return this.synced.has(sessionId);
  }

  /** The fault lab: one raw HTTP exchange on the session's endpoint, its headers changed as given (null removes one). */
  httpProbe(
    sessionId: string,
    probe: { method: HttpProbeMethod; headers: Record<string, string | null>; body?: string; waitMs: number },
  ): Promise<HttpProbeResult> {
    const ref = String(this.nextRef++);
    return new Promise<HttpProbeResult>((resolve, reject) => {
      if (this.state !== 'open') {
        reject(new SendError('NOT_CONNECTED', 'not connected to the relay', true));
        return;
      }
      this.pendingSends.set(ref, { resolve: (v) => resolve(v as HttpProbeResult), reject });
      this.write({ type: 'http-probe', sessionId, ref, origin: 'lab', ...probe });
    });
  }

  /** Resolves once the socket is open, so a handshake never fails just because the page loaded faster than it. */
  whenOpen(): Promise<void> {
    if (this.state === 'open') return Promise.resolve();
    return new Promise((resolve) => {
      const off = this.subscribeState(() => {
        if (this.state !== 'open') return;
        off();
        resolve();
      });
    });
  }

  /**
   * Resolves once the session's history has been delivered (the store and engine have seen every earlier frame),
   * or after `timeoutMs` regardless, so a caller never hangs on a subscription that failed.
   */
  whenSynced(sessionId: string, timeoutMs = 10_000): Promise<void> {
    if (this.synced.has(sessionId)) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      const list = this.syncedWaiters.get(sessionId) ?? [];
      list.push(() => {
        clearTimeout(timer);
        resolve();
      });
      this.syncedWaiters.set(sessionId, list);
    });
  }

  // useSyncExternalStore pair for the connection indicator.
  subscribeState = (listener: () => void): (() => void) => this.stateListeners.add(listener);

  getState = (): SocketState => this.state;

  private connect(): void {
    this.setState('connecting');
    const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
    // The token rides in a subprotocol because browsers cannot set headers on a WebSocket.
    const ws = new WebSocket(`${scheme}//${window.location.host}${WS_PATH}`, [WS_PROTOCOL, WS_TOKEN_PREFIX + this.token]);
    this.ws = ws;
    ws.onopen = () => {
      if (this.ws !== ws) return;
      this.setState('open');
      for (const sessionId of this.subscriptions.sessions()) {
        if (!this.deferred.has(sessionId)) this.write(this.subscribeMessage(sessionId));
      }
    };
    ws.onmessage = (ev) => {
      if (this.ws === ws && typeof ev.data === 'string') this.dispatch(ev.data);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.synced.clear();
      this.failPending();
      this.setState('closed');
      if (this.stopped) return;
      this.retryTimer = setTimeout(() => this.connect(), this.backoffMs);
      this.backoffMs = Math.min(this.backoffMs * 2, MAX_BACKOFF_MS);
    };
  }

  private dispatch(data: string): void {
    const parsed = parseRelayServerMessage(data);
    if (!parsed.ok) {
      // Acting on a message of the wrong shape could corrupt the log or the engine: it is reported, and dropped.
      console.error(`mcpscope: ignored a message from the relay: ${parsed.error}`);
      this.handlers.onError?.('BAD_MESSAGE', `ignored a message from the relay that does not match its schema: ${parsed.error}`);
      return;
    }
    const msg = parsed.message;
    switch (msg.type) {
      case 'hello':
        this.backoffMs = 250;
        break;
      case 'frames':
        // This page's sends whose echoes the message carries went out: settled first, as a `sent` message before
        // the frames would have been (the relay folds the answer into the echo's message, one message a round trip).
        if (msg.sent !== undefined) for (const { ref, seq } of msg.sent) this.settle(ref, (p) => p.resolve(seq));
        this.handlers.onFrames(msg.sessionId, msg.frames);
        break;
      case 'synced': {
        this.synced.add(msg.sessionId);
        const waiters = this.syncedWaiters.get(msg.sessionId) ?? [];
        this.syncedWaiters.delete(msg.sessionId);
        for (const w of waiters) w();
        this.handlers.onSynced?.(msg.sessionId, msg.seq);
        break;
      }
      case 'session':
        this.handlers.onSession(msg.session);
        break;
      case 'answerer':
        this.handlers.onAnswerer?.(msg.sessionId, msg.holder);
        break;
      case 'sent':
        this.settle(msg.ref, (p) => p.resolve(msg.seq));
        break;
      case 'http-result':
        this.settle(msg.ref, (p) => p.resolve(msg.result));
        break;
      case 'model-text':
        this.handlers.onModelText?.(msg.sessionId, msg.requestId, msg.delta);
        break;
      case 'error':
        if (msg.ref !== undefined && this.pendingSends.has(msg.ref)) {
          this.settle(msg.ref, (p) => p.reject(new SendError(msg.code, msg.message, false)));
        } else {
          this.handlers.onError?.(msg.code, msg.message);
        }
        break;
    }
  }

  private settle(ref: string | undefined, fn: (p: { resolve: (value: unknown) => void; reject: (e: SendError) => void }) => void): void {
    if (ref === undefined) return;
    const pending = this.pendingSends.get(ref);
    if (!pending) return;
    this.pendingSends.delete(ref);
    fn(pending);
  }

  private failPending(): void {
    for (const pending of this.pendingSends.values()) {
      pending.reject(new SendError('SOCKET_CLOSED', 'the connection to the relay closed before it confirmed the send', true));
    }
    this.pendingSends.clear();
  }

  private write(msg: RelayClientMessage): void {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(msg));
  }

  private setState(state: SocketState): void {
    if (this.state === state) return;
    this.state = state;
    this.stateListeners.emit();
  }
}
