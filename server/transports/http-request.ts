// One HTTP request over node:http(s): headers exactly as given, the body byte-exact, failures turned into plain words.
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';

/** Header lines in order, as [name, value]. */
export type HeaderLines = Array<[string, string]>;

export interface HttpRequestSpec {
  method: string;
  url: URL;
  headers: HeaderLines;
  body?: Buffer;
  signal: AbortSignal;
  /** Give up when no response headers arrived within this long. */
  headersTimeoutMs: number;
  agents: { http: http.Agent; https: https.Agent };
}

export interface HttpResponse {
  status: number;
  statusText: string;
  headers: HeaderLines;
  /** The request headers as they went out (Host included), unmasked. */
  sentHeaders: HeaderLines;
  body: IncomingMessage;
  header(name: string): string | undefined;
  contentType: string;
  /** True once the relay itself cancelled the request: a broken body is then no fault of the server. */
  cancelled(): boolean;
}

/** Why a request produced no usable response; `code` is short and stable, `message` says what to check. */
export class HttpFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'HttpFailure';
  }
}

/** The certificate chain does not end in a CA this process trusts (self-signed, private CA). */
const UNTRUSTED_CODES =
  /^(DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT(_LOCALLY)?|CERT_UNTRUSTED)$/;
const TLS_CODES = /^(CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|ERR_TLS_|ERR_SSL_|EPROTO$)/;

/** Turns whatever node:http threw into an HttpFailure that names the likely cause. */
export function describeFailure(err: unknown, url: URL): HttpFailure {
  if (err instanceof HttpFailure) return err;
  const e = err as NodeJS.ErrnoException;
  const code = e?.code ?? (e?.name === 'AbortError' ? 'ABORTED' : 'UNKNOWN');
  const where = `${url.hostname}:${url.port || (url.protocol === 'https:' ? 443 : 80)}`;
  if (code === 'ECONNREFUSED') return new HttpFailure(code, `connection refused by ${where}: is the server running on that port?`);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return new HttpFailure(code, `DNS lookup failed for ${url.hostname}: check the host name`);
  if (code === 'ECONNRESET') return new HttpFailure(code, `the connection to ${where} was reset mid-exchange`);
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return new HttpFailure(code, `${where} is unreachable from this machine`);
  if (code === 'ETIMEDOUT') return new HttpFailure(code, `connecting to ${where} timed out`);
  if (code === 'ABORT_ERR' || code === 'ABORTED') return new HttpFailure('ABORTED', 'the request was cancelled');
  if (UNTRUSTED_CODES.test(code)) {
    return new HttpFailure(
      code,
      `TLS error with ${where}: ${e.message}; if you trust it, start mcpscope with NODE_EXTRA_CA_CERTS=<its CA or certificate, PEM>`,
    );
  }
  if (TLS_CODES.test(code)) return new HttpFailure(code, `TLS error with ${where}: ${e.message}`);
  if (code === 'ERR_INVALID_HTTP_TOKEN' || code === 'ERR_INVALID_CHAR') return new HttpFailure(code, `a header could not be sent: ${e.message}`);
  if (e?.message === 'aborted') return new HttpFailure('STREAM_CUT', `${where} closed the connection before the response ended`);
  return new HttpFailure(code, e?.message ?? String(err));
}

/** Sockets that already carry the listener below (keep-alive reuses them across requests). */
const guardedSockets = new WeakSet<Socket>();

/**
 * Aborting a request whose body is still being read, after its socket went back to the keep-alive pool, destroys
 * that socket with the AbortError and no listener left on it: an unhandled 'error' that ends the process. Every
 * failure that matters already surfaces on the request or its body, so the socket's own copy is dropped.
 */
function guardSocket(socket: Socket): void {
  if (guardedSockets.has(socket)) return;
  guardedSockets.add(socket);
  socket.on('error', () => {});
}

function toLines(raw: string[]): HeaderLines {
  const lines: HeaderLines = [];
  for (let i = 0; i + 1 < raw.length; i += 2) lines.push([raw[i]!, raw[i + 1]!]);
  return lines;
}

export function httpRequest(spec: HttpRequestSpec): Promise<HttpResponse> {
  const { url, body } = spec;
  const headers: Record<string, string> = {};
  for (const [k, v] of spec.headers) headers[k] = v;
  if (body) headers['Content-Length'] = String(body.length);
  const lib = url.protocol === 'https:' ? https : http;
  const agent = url.protocol === 'https:' ? spec.agents.https : spec.agents.http;
  return new Promise((resolve, reject) => {
    let req: http.ClientRequest;
    try {
      req = lib.request(url, { method: spec.method, headers, agent, signal: spec.signal });
    } catch (err) {
      reject(describeFailure(err, url));
      return;
    }
    const timer = setTimeout(() => {
      const ms = spec.headersTimeoutMs;
      const wait = ms < 10_000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`;
      req.destroy(new HttpFailure('TIMEOUT', `no response from ${url.host} within ${wait} (the wait can be set with --http-timeout)`));
    }, spec.headersTimeoutMs);
    req.on('socket', guardSocket);
    req.on('error', (err) => {
      clearTimeout(timer);
      reject(describeFailure(err, url));
    });
    req.on('response', (res) => {
      clearTimeout(timer);
      // A cut connection surfaces on the body; this keeps it from also becoming an unhandled 'error'.
      res.on('error', () => {});
      const sentHeaders: HeaderLines = req.getRawHeaderNames().map((n) => [n, String(req.getHeader(n) ?? '')]);
      const lines = toLines(res.rawHeaders);
      const header = (name: string) => {
        const v = res.headers[name.toLowerCase()];
        return Array.isArray(v) ? v.join(', ') : v;
      };
      resolve({
        status: res.statusCode ?? 0,
        statusText: res.statusMessage ?? '',
        headers: lines,
        sentHeaders,
        body: res,
        header,
        contentType: (header('content-type') ?? '').toLowerCase(),
        cancelled: () => spec.signal.aborted,
      });
    });
    req.end(body);
  });
}

/** Why a response body broke off: our own cancellation, or the server's doing. */
export function bodyFailure(err: unknown, res: HttpResponse, url: URL): HttpFailure {
  return res.cancelled() ? new HttpFailure('ABORTED', 'cancelled by mcpscope') : describeFailure(err, url);
}

/** Reads a whole body, keeping at most `max` bytes; `size` counts them all. Rejects with an HttpFailure if it is cut. */
export async function readBody(
  res: HttpResponse,
  max: number,
  onChunk?: (chunk: Buffer) => void,
): Promise<{ bytes: Buffer; size: number; truncated: boolean }> {
  const kept: Buffer[] = [];
  let keptBytes = 0;
  let size = 0;
  for await (const chunk of res.body as AsyncIterable<Buffer>) {
    onChunk?.(chunk);
    size += chunk.length;
    if (keptBytes < max) {
      const part = chunk.subarray(0, max - keptBytes);
      kept.push(part);
      keptBytes += part.length;
    }
  }
  return { bytes: Buffer.concat(kept, keptBytes), size, truncated: size > max };
}

export function isEventStream(res: HttpResponse): boolean {
  return res.contentType.startsWith('text/event-stream');
}
