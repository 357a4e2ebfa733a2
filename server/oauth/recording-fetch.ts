// A fetch for the OAuth client library that goes over node:http like every other request of the relay and records
// each exchange (purpose `auth`, secrets masked) into the session, tagged with the flow step that made it.
import type { HttpExchangeRecord } from '../../shared/http-exchange.js';
import { redactOAuthExchange } from '../../shared/oauth/redact-oauth-exchange.js';
import { ExchangeTrace } from '../transports/exchange-trace.js';
import { HeaderMask } from '../transports/header-mask.js';
import { bodyFailure, describeFailure, httpRequest, readBody, type HeaderLines } from '../transports/http-request.js';
import { keepAliveAgents } from '../transports/keep-alive-agents.js';

/** The Web fetch signature the MCP SDK's auth functions take. */
export type FetchLike = (url: string | URL, init?: RequestInit) => Promise<Response>;

/** Metadata, registration and token responses are small; anything larger is not what the flow expects. */
const MAX_BODY = 1024 * 1024;
const TIMEOUT_MS = 30_000;

export interface RecordingFetchOptions {
  /** Receives each exchange record (already masked). */
  record(x: HttpExchangeRecord): void;
  /** The next exchange id (`a1`, `c2.a3`…), unique within the session. */
  nextId(): string;
  /** The flow and step the next requests belong to. */
  tag(): { flow: string; step: string };
  /** Each exchange id as it is made, so the step can list its exchanges. */
  onExchange?(id: string): void;
  timeoutMs?: number;
}

function headerLines(h: RequestInit['headers']): HeaderLines {
  if (!h) return [];
  if (h instanceof Headers) return [...h.entries()];
  if (Array.isArray(h)) return h.map(([k, v]) => [k, v] as [string, string]);
  return Object.entries(h).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v)]);
}

function bodyBytes(b: RequestInit['body']): Buffer | undefined {
  if (b === undefined || b === null) return undefined;
  if (typeof b === 'string' || b instanceof URLSearchParams) return Buffer.from(String(b), 'utf8');
  if (b instanceof ArrayBuffer) return Buffer.from(b);
  if (ArrayBuffer.isView(b)) return Buffer.from(b.buffer, b.byteOffset, b.byteLength);
  throw new TypeError('the OAuth fetch sends only text bodies');
}

export class RecordingFetch {
  private readonly agents = keepAliveAgents();
  private readonly mask = new HeaderMask({});

  constructor(private readonly opts: RecordingFetchOptions) {}

  /** Never follows a redirect (the SDK follows same-origin ones itself; the flow reads the authorization redirect). */
  readonly fetch: FetchLike = async (input, init = {}) => {
    const url = new URL(String(input));
    const headers = headerLines(init.headers);
    const body = bodyBytes(init.body);
    if (body && init.body instanceof URLSearchParams && !headers.some(([k]) => k.toLowerCase() === 'content-type')) {
      headers.push(['Content-Type', 'application/x-www-form-urlencoded']);
    }
    const method = init.method ?? 'GET';
    const { flow, step } = this.opts.tag();
    const id = this.opts.nextId();
    this.opts.onExchange?.(id);
    const emit = (x: HttpExchangeRecord) => this.opts.record(x.state === 'progress' ? x : { ...redactOAuthExchange(x), authStep: step, authFlow: flow });
    const trace = new ExchangeTrace(emit, this.mask, { id, purpose: 'auth', method, url: url.href, headers, ...(body ? { body } : {}) });
    const ctl = new AbortController();
    if (init.signal) init.signal.addEventListener('abort', () => ctl.abort(), { once: true });
    let res;
    try {
      res = await httpRequest({
        method,
        url,
        headers,
        signal: ctl.signal,
        headersTimeoutMs: this.opts.timeoutMs ?? TIMEOUT_MS,
        agents: this.agents,
        ...(body ? { body } : {}),
      });
    } catch (err) {
      const f = describeFailure(err, url);
      trace.fail(f);
      // Not a TypeError: the SDK reads that as a CORS refusal and retries, which would hide the real cause.
      throw new Error(`${method} ${url.origin}${url.pathname} failed: ${f.message}`, { cause: err });
    }
    trace.responded(res);
    let bytes: Buffer;
    try {
      const read = await readBody(res, MAX_BODY, (c) => trace.chunk(c));
      bytes = read.bytes;
    } catch (err) {
      const f = bodyFailure(err, res, url);
      trace.fail(f);
      throw new Error(`${method} ${url.origin}${url.pathname}: ${f.message}`, { cause: err });
    }
    trace.complete();
    const nullBody = res.status === 204 || res.status === 304 || method === 'HEAD';
    const response = new Response(nullBody ? null : new Uint8Array(bytes), {
      status: res.status,
      statusText: res.statusText,
      headers: res.headers.filter(([k]) => /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(k)),
    });
    Object.defineProperty(response, 'url', { value: url.href });
    return response;
  };

  destroy(): void {
    this.agents.http.destroy();
    this.agents.https.destroy();
  }
}
