// The requests still waiting for a reply: their timers (which progress may push back, up to a cap) and their progress routes.
import { idKey, isPlainObject } from '../jsonrpc.js';
import { LocalEngineError, type JsonRpcResponse } from './engine-errors.js';
import type { Clock, Scheduler } from './scheduler.js';

export interface WaitOptions {
  timeoutMs: number;
  /** Progress pushes the timer back only until this much time has passed since the request was sent. */
  maxTotalTimeoutMs: number;
  resetTimeoutOnProgress: boolean;
  progressToken?: string | number;
  onProgress?: (params: Record<string, unknown>) => void;
}

interface Waiter {
  key: string;
  method: string;
  opts: WaitOptions;
  startedAt: number;
  resolve: (response: JsonRpcResponse) => void;
  reject: (err: LocalEngineError) => void;
  cancelTimer: () => void;
  tokenKey: string | null;
}

export class PendingRequests {
  /** Waiters by idKey: usually one, more when raw text reuses an id still pending (a reply then answers them all). */
  private readonly byId = new Map<string, Waiter[]>();
  private readonly byToken = new Map<string, Waiter>();
  /** True while a person is asked to authorize (OAuth): no request times out meanwhile. */
  private held = false;

  constructor(
    private readonly schedule: Scheduler,
    private readonly now: Clock,
    private readonly onExpired: (key: string, method: string) => void,
  ) {}

  get size(): number {
    let n = 0;
    for (const list of this.byId.values()) n += list.length;
    return n;
  }

  has(key: string): boolean {
    return this.byId.has(key);
  }

  track(key: string, method: string, opts: WaitOptions): Promise<JsonRpcResponse> {
    return new Promise<JsonRpcResponse>((resolve, reject) => {
      const tokenKey = opts.progressToken === undefined ? null : idKey(opts.progressToken);
      const w: Waiter = { key, method, opts, startedAt: this.now(), resolve, reject, cancelTimer: () => {}, tokenKey };
      if (!this.held) w.cancelTimer = this.arm(() => this.expire(w, null), opts.timeoutMs);
      const list = this.byId.get(key);
      if (list) list.push(w);
      else this.byId.set(key, [w]);
      if (tokenKey !== null) this.byToken.set(tokenKey, w);
    });
  }

  /** Resolves every waiter on `key` with the response; returns how many there were. */
  settle(key: string, response: JsonRpcResponse): number {
    const waiters = this.take(key);
    for (const w of waiters) w.resolve(response);
    return waiters.length;
  }

  /** Rejects every waiter on `key` (cancellation); returns how many there were. */
  rejectAll(key: string, error: (method: string) => LocalEngineError): number {
    const waiters = this.take(key);
    for (const w of waiters) w.reject(error(w.method));
    return waiters.length;
  }

  /** Rejects the newest waiter on `key`: the one a failed send had just registered. */
  rejectNewest(key: string, error: (method: string) => LocalEngineError): void {
    const w = this.byId.get(key)?.at(-1);
    if (w && this.remove(w)) w.reject(error(w.method));
  }

  /** Runs a write that carries the requests `keys`; if it throws or rejects, they fail with SEND_FAILED at once. */
  write(keys: readonly string[], send: () => void | Promise<unknown>): Promise<void> {
    const fail = (err: unknown): void => {
      for (const key of keys) this.rejectNewest(key, (method) => new LocalEngineError('SEND_FAILED', `${method} (id ${key}) was not sent`, err));
    };
    try {
      return Promise.resolve(send()).then(
        () => undefined,
        (err: unknown) => {
          fail(err);
          throw err;
        },
      );
    } catch (err) {
      fail(err);
      return Promise.reject(err instanceof Error ? err : new Error(String(err)));
    }
  }

  rejectEverything(error: (key: string, method: string) => LocalEngineError): void {
    for (const key of [...this.byId.keys()]) this.rejectAll(key, (method) => error(key, method));
  }

  /** Routes notifications/progress to its request; true when a pending request owns the token. */
  progress(params: unknown): boolean {
    if (!isPlainObject(params)) return false;
    const tokenKey = idKey(params.progressToken);
    const w = tokenKey === null ? undefined : this.byToken.get(tokenKey);
    if (!w) return false;
    w.opts.onProgress?.(params);
    if (w.opts.resetTimeoutOnProgress && this.byToken.get(tokenKey!) === w) this.rearm(w);
    return true;
  }

  private rearm(w: Waiter): void {
    w.cancelTimer();
    const left = w.opts.maxTotalTimeoutMs - (this.now() - w.startedAt);
    if (left <= 0) return this.expire(w, w.opts.maxTotalTimeoutMs);
    // The cap wins over a fresh full timeout, so a chatty server can never keep a request alive forever.
    const ms = Math.min(w.opts.timeoutMs, left);
    w.cancelTimer = this.arm(() => this.expire(w, ms < w.opts.timeoutMs ? w.opts.maxTotalTimeoutMs : null), ms);
  }

  /**
   * Stops every timeout while the transport waits for something that is no fault of the server's (a person approving
   * an OAuth authorization); released, each pending request gets its full timeout again from that moment.
   */
  hold(on: boolean): void {
    if (on === this.held) return;
    this.held = on;
    for (const list of this.byId.values()) {
      for (const w of list) {
        w.cancelTimer();
        w.cancelTimer = () => {};
        if (!on) {
          w.startedAt = this.now();
          w.cancelTimer = this.arm(() => this.expire(w, null), w.opts.timeoutMs);
        }
      }
    }
  }

  /** An infinite wait (a subscriptions/listen stream) gets no timer: setTimeout would fire an Infinity delay at once. */
  private arm(fire: () => void, ms: number): () => void {
    return Number.isFinite(ms) ? this.schedule(fire, ms) : () => {};
  }

  private expire(w: Waiter, cap: number | null): void {
    if (!this.remove(w)) return;
    const { timeoutMs } = w.opts;
    const why = cap === null ? `no response after ${timeoutMs} ms` : `progress kept arriving, but the maximum total of ${cap} ms passed`;
    w.reject(
      new LocalEngineError('REQUEST_TIMEOUT', `${w.method} (id ${w.key}): ${why}`, undefined, {
        method: w.method,
        id: w.key,
        timeoutMs,
        ...(cap === null ? {} : { maxTotalTimeoutMs: cap }),
      }),
    );
    this.onExpired(w.key, w.method);
  }

  private take(key: string): Waiter[] {
    const waiters = [...(this.byId.get(key) ?? [])];
    for (const w of waiters) this.remove(w);
    return waiters;
  }

  private remove(w: Waiter): boolean {
    const list = this.byId.get(w.key);
    const i = list ? list.indexOf(w) : -1;
    if (!list || i === -1) return false;
    list.splice(i, 1);
    if (list.length === 0) this.byId.delete(w.key);
    if (w.tokenKey !== null && this.byToken.get(w.tokenKey) === w) this.byToken.delete(w.tokenKey);
    w.cancelTimer();
    return true;
  }
}
