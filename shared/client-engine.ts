// A minimal, transport-agnostic MCP client: allocates ids, tracks pending requests, performs the handshake.
import type { LocalErrorCode } from './error-codes/local-error-codes.js';
import { classifyValue, idKey, isPlainObject, parseJson } from './jsonrpc.js';

/** The local error codes the engine raises; their meanings live in the shared LOCAL_ERROR_CODES catalogue. */
export type EngineErrorCode = Extract<LocalErrorCode, 'REQUEST_TIMEOUT' | 'SEND_FAILED' | 'CONNECTION_CLOSED'>;

/** A failure made on this side of the wire. `local` is always true so the UI can say so. */
export class LocalEngineError extends Error {
  readonly local = true;
  constructor(
    readonly code: EngineErrorCode,
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'LocalEngineError';
  }
}

/** A JSON-RPC error response the peer sent; thrown only by helpers that need a result (handshake). */
export class PeerRpcError extends Error {
  readonly local = false;
  constructor(readonly response: JsonRpcErrorResponse) {
    super(`${response.error.code}: ${response.error.message}`);
    this.name = 'PeerRpcError';
  }
}

export interface JsonRpcErrorResponse {
  jsonrpc: '2.0';
  id: string | number | null;
  error: { code: number; message: string; data?: unknown };
}
/** Whatever the peer sent back for a request, passed through untouched. */
export type JsonRpcResponse = Record<string, unknown>;

export interface ClientInfo {
  name: string;
  version: string;
  [key: string]: unknown;
}

/** Schedules `fn` after `ms` and returns a canceller; injectable because shared/ has no timer globals in its types. */
export type Scheduler = (fn: () => void, ms: number) => () => void;

export interface ClientEngineOptions {
  send: (text: string) => void | Promise<unknown>;
  timeoutMs?: number;
  schedule?: Scheduler;
}

interface Pending {
  method: string;
  resolve: (response: JsonRpcResponse) => void;
  reject: (err: LocalEngineError) => void;
  cancelTimer: () => void;
}

const defaultSchedule: Scheduler = (fn, ms) => {
  const g = globalThis as unknown as {
    setTimeout(fn: () => void, ms: number): unknown;
    clearTimeout(handle: unknown): void;
  };
  const handle = g.setTimeout(fn, ms);
  return () => g.clearTimeout(handle);
};

export class ClientEngine {
  private nextId = 1;
  /** Waiters by idKey: usually one, more when raw text reuses an id still pending (a reply then answers them all). */
  private readonly pending = new Map<string, Pending[]>();
  private readonly send: (text: string) => void | Promise<unknown>;
  private readonly schedule: Scheduler;
  readonly timeoutMs: number;

  constructor(options: ClientEngineOptions) {
    this.send = options.send;
    this.schedule = options.schedule ?? defaultSchedule;
    this.timeoutMs = options.timeoutMs ?? 30_000;
  }

  /** The id the next request will get, without reserving it (composer templates show it). */
  peekNextId(): number {
    return this.nextId;
  }

  takeId(): number {
    return this.nextId++;
  }

  get pendingCount(): number {
    let n = 0;
    for (const list of this.pending.values()) n += list.length;
    return n;
  }

  /** Sends a request with a fresh id; resolves with the response object, error responses included. */
  request(method: string, params?: unknown, options: { timeoutMs?: number } = {}): Promise<JsonRpcResponse> {
    const id = this.takeId();
    const message: Record<string, unknown> = { jsonrpc: '2.0', id, method };
    if (params !== undefined) message.params = params;
    const key = JSON.stringify(id);
    const response = this.track(key, method, options.timeoutMs);
    // A failed send rejects `response` through the pending entry, so the transmit promise itself is not needed.
    this.transmit(JSON.stringify(message), [key]).catch(() => undefined);
    return response;
  }

  notify(method: string, params?: unknown): Promise<void> {
    const message: Record<string, unknown> = { jsonrpc: '2.0', method };
    if (params !== undefined) message.params = params;
    return this.transmit(JSON.stringify(message), []);
  }

  /**
   * Sends text exactly as given (it may be anything, even not JSON) and tracks every request inside it,
   * so the ids it used are never handed out again and its responses resolve.
   */
  sendRaw(text: string): { sent: Promise<void>; responses: Promise<JsonRpcResponse>[] } {
    const requests = this.requestsIn(text);
    for (const r of requests) this.reserve(r.id);
    // Requests whose id is null or not a string/number can never be matched to a response, so nobody waits for them.
    const matchable = requests.flatMap((r) => {
      const key = idKey(r.id);
      return key === null ? [] : [{ key, method: r.method }];
    });
    const responses = matchable.map((r) => this.track(r.key, r.method, undefined));
    return { sent: this.transmit(text, matchable.map((r) => r.key)), responses };
  }

  /** Notes an outgoing frame someone else sent (history, another tab) so its ids are never reused. */
  noteOutgoing(text: string): void {
    for (const r of this.requestsIn(text)) this.reserve(r.id);
  }

  noteOutgoingValue(value: unknown): void {
    for (const r of requestsInValue(value)) this.reserve(r.id);
  }

  /** Feeds one incoming frame; returns how many pending requests it resolved. */
  receive(text: string): number {
    const parsed = parseJson(text);
    return parsed.ok ? this.receiveValue(parsed.value) : 0;
  }

  receiveValue(value: unknown): number {
    const items = Array.isArray(value) ? value : [value];
    let resolved = 0;
    for (const item of items) {
      const c = classifyValue(item);
      if (c.kind !== 'response' && c.kind !== 'error') continue;
      const key = idKey(c.id);
      const waiters = key === null ? undefined : this.pending.get(key);
      if (!waiters || key === null) continue;
      this.pending.delete(key);
      for (const w of waiters) {
        w.cancelTimer();
        w.resolve(item as JsonRpcResponse);
        resolved++;
      }
    }
    return resolved;
  }

  /** initialize, then notifications/initialized; resolves with the initialize result. */
  async handshake(
    protocolVersion: string,
    clientInfo: ClientInfo,
    capabilities: Record<string, unknown> = {},
  ): Promise<Record<string, unknown>> {
    const response = await this.request('initialize', { protocolVersion, capabilities, clientInfo });
    if ('error' in response) throw new PeerRpcError(response as unknown as JsonRpcErrorResponse);
    await this.notify('notifications/initialized');
    const result = response.result;
    return isPlainObject(result) ? result : {};
  }

  /** Rejects everything pending; the engine stays usable (a restarted session reuses it). */
  close(reason = 'closed'): void {
    const all = [...this.pending];
    this.pending.clear();
    for (const [key, waiters] of all) {
      for (const w of waiters) {
        w.cancelTimer();
        w.reject(new LocalEngineError('CONNECTION_CLOSED', `${w.method} (id ${key}): ${reason}`));
      }
    }
  }

  private track(key: string, method: string, timeoutMs: number | undefined): Promise<JsonRpcResponse> {
    return new Promise<JsonRpcResponse>((resolve, reject) => {
      const ms = timeoutMs ?? this.timeoutMs;
      const waiter: Pending = {
        method,
        resolve,
        reject,
        cancelTimer: this.schedule(() => {
          if (!this.removeWaiter(key, waiter)) return;
          reject(new LocalEngineError('REQUEST_TIMEOUT', `${method} (id ${key}): no response after ${ms} ms`));
        }, ms),
      };
      const list = this.pending.get(key);
      if (list) list.push(waiter);
      else this.pending.set(key, [waiter]);
    });
  }

  private removeWaiter(key: string, waiter: Pending): boolean {
    const list = this.pending.get(key);
    const i = list ? list.indexOf(waiter) : -1;
    if (!list || i === -1) return false;
    list.splice(i, 1);
    if (list.length === 0) this.pending.delete(key);
    return true;
  }

  private transmit(text: string, keys: string[]): Promise<void> {
    const fail = (err: unknown): void => {
      for (const key of keys) {
        // The newest waiter for the key is the one this send registered.
        const waiter = this.pending.get(key)?.at(-1);
        if (!waiter || !this.removeWaiter(key, waiter)) continue;
        waiter.cancelTimer();
        waiter.reject(new LocalEngineError('SEND_FAILED', `${waiter.method} (id ${key}) was not sent`, err));
      }
    };
    try {
      return Promise.resolve(this.send(text)).then(
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

  private reserve(id: unknown): void {
    if (typeof id === 'number' && Number.isSafeInteger(id) && id >= this.nextId) this.nextId = id + 1;
  }

  private requestsIn(text: string): { id: unknown; method: string }[] {
    const parsed = parseJson(text);
    return parsed.ok ? requestsInValue(parsed.value) : [];
  }
}

function requestsInValue(value: unknown): { id: unknown; method: string }[] {
  const items = Array.isArray(value) ? value : [value];
  return items.flatMap((item) => {
    const c = classifyValue(item);
    return c.kind === 'request' && c.method !== undefined ? [{ id: c.id, method: c.method }] : [];
  });
}
