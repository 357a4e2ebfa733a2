// What every HTTP-based transport shares: agents, header assembly, traced requests, body delivery, quiet shutdown.
import type { HeaderOverrides } from '../../shared/relay-protocol.js';
import { Listeners } from '../../shared/listeners.js';
import type { HttpAnswerEvent } from '../../shared/http-answer.js';
import { versionOfRequest } from '../../shared/oauth/auth-era.js';
import type { AuthAttempt, OAuthAuthorizer } from '../oauth/oauth-authorizer.js';
import { ExchangeTrace, type TraceStart } from './exchange-trace.js';
import { answersWithoutId, isJsonRpcBody, refusalMessage } from './http-answer-body.js';
import { HeaderMask, maskUrl } from './header-mask.js';
import { bodyFailure, describeFailure, httpRequest, readBody, type HeaderLines, type HttpFailure, type HttpResponse } from './http-request.js';
import { keepAliveAgents } from './keep-alive-agents.js';
import type { TransportEvent, TransportHandlers } from './transport.js';

export interface RemoteOptions {
  url: string;
  /** The user's headers, sent on every request; they win over the protocol headers of the same name. */
  headers: Record<string, string>;
  overrides?: HeaderOverrides;
  maxMessageBytes: number;
  /**
   * The user's wait for response headers (`--http-timeout`): replaces each transport's own default per request,
   * except where a request marks its default as a hard cap (the DELETE on close stays quick).
   */
  headersTimeoutMs?: number;
  /**
   * Put before every exchange id (`c2.` gives `c2.x1`), so the exchanges of a restarted connection never reuse the
   * ids of an earlier one in the same session. Empty for a session's first connection.
   */
  exchangeScope?: string;
  /** OAuth for this connection: adds the Bearer header and answers 401 / 403 insufficient_scope with a flow. */
  authorizer?: OAuthAuthorizer;
}

export type Traced = { ok: true; res: HttpResponse; trace: ExchangeTrace; abort(): void } | { ok: false; failure: HttpFailure; trace: ExchangeTrace };
export type Body = { bytes: Buffer; size: number; truncated: boolean };
type RequestStart = Omit<TraceStart, 'id' | 'url'> & { url?: URL; timeoutMs?: number; hardCap?: boolean; signal?: AbortSignal };

export interface DeliverOptions {
  /** A 2xx body that is not JSON-RPC is normal here (a 202's "Accepted", a legacy endpoint's "Accepted"). */
  quiet2xx?: boolean;
  /** The requests the POST carried (idKey text), for an answer that settles them without their ids. */
  requestIds?: readonly string[];
}

export class RemoteClient {
  readonly url: URL;
  /** The URL as events and messages show it: a password in it masked. */
  readonly shownUrl: string;
  readonly mask: HeaderMask;
  closing = false;
  private handlers: TransportHandlers | null = null;
  private readonly agents = keepAliveAgents();
  private next = 0;
  private readonly controllers = new Set<AbortController>();
  private readonly tasks = new Set<Promise<void>>();
  /** Sleeps that shutdown cuts short (sleep()). */
  private readonly wakers = new Listeners();

  /** `prefix` names this client's exchanges (x1, x2…), so two clients in one session (auto's probes) never share an id. */
  constructor(
    readonly opts: RemoteOptions,
    private readonly prefix = 'x',
  ) {
    this.url = new URL(opts.url);
    this.shownUrl = maskUrl(this.url.href);
    this.mask = new HeaderMask(opts.headers);
  }

  attach(h: TransportHandlers): void {
    this.handlers = h;
    this.opts.authorizer?.attach({ event: (e) => h.onEvent(e), exchange: (x) => h.onExchange?.(x) });
  }

  /** Takes the handlers with `inspect` seeing each incoming message first (what a transport must learn from it). */
  attachInspecting(h: TransportHandlers, inspect: (bytes: Buffer) => void): void {
    this.attach({
      onMessage: (bytes) => {
        inspect(bytes);
        return h.onMessage(bytes);
      },
      onOversize: (head, size) => h.onOversize(head, size),
      onStderr: (bytes) => h.onStderr(bytes),
      onEvent: (e) => h.onEvent(e),
      onExchange: (x) => h.onExchange?.(x),
      onClosed: () => h.onClosed(),
    });
  }

  get h(): TransportHandlers {
    if (!this.handlers) throw new Error('transport not started');
    return this.handlers;
  }

  /**
   * Protocol headers first, then the user's; a user header replaces a protocol header of the same name. The OAuth
   * Bearer header counts as a protocol header: a user's own Authorization wins (and then OAuth stays out of the way).
   */
  headers(protocol: HeaderLines): HeaderLines {
    const custom = Object.entries(this.opts.headers);
    const names = new Set(custom.map(([k]) => k.toLowerCase()));
    const bearer = this.opts.authorizer?.header();
    const withAuth: HeaderLines = bearer ? [...protocol, ['Authorization', bearer]] : protocol;
    return [...withAuth.filter(([k]) => !names.has(k.toLowerCase())), ...custom];
  }

  /** True when OAuth may act on this connection's 401s (the user set no Authorization header of their own). */
  private get oauth(): OAuthAuthorizer | null {
    const a = this.opts.authorizer;
    return a && !Object.keys(this.opts.headers).some((k) => k.toLowerCase() === 'authorization') ? a : null;
  }

  /**
   * One traced request to `url` (default: the target URL); `timeoutMs` bounds the wait for response headers.
   * `signal` lets the caller cancel this one request, before or after its response began.
   */
  async request(start: RequestStart): Promise<Traced> {
    const attempt: AuthAttempt = { flows: 0, stepUps: 0 };
    for (;;) {
      const r = await this.requestOnce(start);
      const auth = this.oauth;
      if (!r.ok || !auth || (r.res.status !== 401 && r.res.status !== 403) || this.closing) return r;
      const sent = r.res.sentHeaders.find(([k]) => k.toLowerCase() === 'authorization')?.[1] ?? null;
      const www = r.res.header('www-authenticate');
      // The era of the refused request decides which authorization duties the flow has (shared/oauth/auth-era.ts).
      const version = versionOfRequest(start.headers.find(([k]) => k.toLowerCase() === 'mcp-protocol-version')?.[1], start.body?.toString('utf8'));
      const retry = await auth.challenge(
        {
          status: r.res.status,
          ...(www !== undefined ? { wwwAuthenticate: www } : {}),
          exchange: r.trace.id,
          ...(version ? { protocolVersion: version } : {}),
        },
        sent,
        attempt,
      );
      if (!retry || this.closing) return r;
      // The refused exchange is kept as it was, whole; the request goes again as a new exchange.
      if (await this.readAll(r.res, r.trace, `${start.method} ${this.url.pathname}`)) r.trace.complete();
    }
  }

  private async requestOnce(start: RequestStart): Promise<Traced> {
    const url = start.url ?? this.url;
    const headers = this.headers(start.headers);
    const { timeoutMs: _t, url: _u, hardCap: _c, signal, ...rest } = start;
    const ownDefault = start.timeoutMs ?? 60_000;
    const user = this.opts.headersTimeoutMs;
    const headersTimeoutMs = user === undefined ? ownDefault : start.hardCap ? Math.min(ownDefault, user) : user;
    const trace = new ExchangeTrace((ex) => this.handlers?.onExchange?.(ex), this.mask, {
      ...rest,
      id: `${this.opts.exchangeScope ?? ''}${this.prefix}${++this.next}`,
      url: url.href,
      headers,
    });
    const ctl = new AbortController();
    if (signal) {
      if (signal.aborted) ctl.abort();
      else signal.addEventListener('abort', () => ctl.abort(), { once: true });
    }
    this.controllers.add(ctl);
    try {
      const res = await httpRequest({
        method: start.method,
        url,
        headers,
        signal: ctl.signal,
        headersTimeoutMs,
        agents: this.agents,
        ...(start.body ? { body: start.body } : {}),
      });
      trace.responded(res);
      res.body.once('close', () => this.controllers.delete(ctl));
      return { ok: true, res, trace, abort: () => ctl.abort() };
    } catch (err) {
      this.controllers.delete(ctl);
      const failure = describeFailure(err, url);
      trace.fail(failure);
      return { ok: false, failure, trace };
    }
  }

  /** Reads a whole body into the trace (left open for linking); null if the stream was cut, reported unless closing. */
  async readAll(res: HttpResponse, trace: ExchangeTrace, what: string): Promise<Body | null> {
    try {
      return await readBody(res, this.opts.maxMessageBytes, (c) => trace.chunk(c));
    } catch (err) {
      const f = bodyFailure(err, res, this.url);
      trace.fail(f);
      if (!this.closing && f.code !== 'ABORTED') this.error(`${what}: ${f.message}`, f.code, trace.id);
      return null;
    }
  }

  /**
   * A non-stream body: JSON-RPC (a 4xx error body included) is recorded as the message it is; any other body or an
   * error status is reported, never swallowed. When the POST carried requests (`o.requestIds`) and the body answers
   * them without their ids (an error with a null id, or no JSON-RPC at all: a 401 challenge, an HTML error page), an
   * `http-answer` event ties it to them, so a client settles them now instead of waiting for a timeout.
   */
  deliverBody(res: HttpResponse, trace: ExchangeTrace, body: Body, what: string, o: DeliverOptions = {}): 'message' | 'reported' | 'ignored' {
    const status = `${res.status} ${res.statusText}`.trim();
    const ids = o.requestIds ?? [];
    const refuse = (summary: string, text: string) => {
      const message = refusalMessage(res, what, summary, text);
      if (ids.length > 0) this.httpAnswer(res, trace, ids, message);
      else this.error(message, `HTTP_${res.status}`, trace.id);
      return 'reported' as const;
    };
    if (body.size === 0) return res.status < 400 ? 'ignored' : refuse('with an empty body', '');
    if (body.truncated) {
      const seq = this.h.onOversize(body.bytes, body.size);
      if (typeof seq === 'number') trace.received(seq);
      return 'message';
    }
    const text = body.bytes.toString('utf8');
    const saysJson = /[/+]json\b/.test(res.contentType) && res.status < 300 && !o.quiet2xx;
    if (isJsonRpcBody(text) || saysJson) {
      const seq = this.h.onMessage(body.bytes);
      if (typeof seq === 'number') trace.received(seq);
      if (typeof seq === 'number' && ids.length > 0 && answersWithoutId(text, ids)) {
        this.httpAnswer(
          res,
          trace,
          ids,
          `${what} → ${status}: the server's error carries no id, so it answers request ${ids.join(', ')}, which that POST carried`,
          seq,
        );
      }
      return 'message';
    }
    if (res.status < 300 && o.quiet2xx) return 'ignored';
    return refuse(`a ${res.contentType || 'untyped'} body of ${body.size} bytes that is not JSON-RPC (see the HTTP exchange)`, text);
  }

  private httpAnswer(res: HttpResponse, trace: ExchangeTrace, requestIds: readonly string[], message: string, seq?: number): void {
    const challenge = res.header('www-authenticate');
    const ev: HttpAnswerEvent = { event: 'http-answer', requestIds: [...requestIds], status: res.status, exchange: trace.id, message };
    if (seq !== undefined) ev.seq = seq;
    if (challenge !== undefined) ev.challenge = challenge;
    this.event(ev);
  }

  event(e: TransportEvent): void {
    this.handlers?.onEvent(e);
  }

  error(message: string, code?: string, exchange?: string): void {
    this.event({ event: 'error', message, ...(code ? { code } : {}), ...(exchange ? { exchange } : {}) });
  }

  /** Runs work in the background; whatever it throws becomes an error event, never an unhandled rejection. */
  run(work: () => Promise<unknown>): void {
    const task = work().then(
      () => {},
      (err: unknown) => {
        if (!this.closing) this.error(`relay transport error: ${err instanceof Error ? err.message : String(err)}`, 'INTERNAL');
      },
    );
    this.tasks.add(task);
    void task.finally(() => this.tasks.delete(task));
  }

  /** Waits, unless shutdown comes first. */
  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(t);
        stop();
        resolve();
      };
      const t = setTimeout(wake, ms);
      const stop = this.wakers.add(wake);
    });
  }

  /** Cancels every request in flight and waits (at most `ms`) for the background work to wind down. */
  async quiesce(ms: number): Promise<void> {
    this.closing = true;
    this.wakers.emit();
    for (const c of this.controllers) c.abort();
    this.controllers.clear();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.allSettled([...this.tasks]), new Promise((r) => (timer = setTimeout(r, ms)))]);
    clearTimeout(timer);
  }

  /** Allows a final request after quiesce (the DELETE), then drops every socket. */
  destroy(): void {
    this.agents.http.destroy();
    this.agents.https.destroy();
    // The OAuth flow's own keep-alive sockets too (the agents stay usable if another client of the connection goes on).
    this.opts.authorizer?.destroy();
  }
}
