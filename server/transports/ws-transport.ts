// WebSocket (ws:// or wss://, subprotocol `mcp`): one JSON-RPC message per text frame; the upgrade is recorded as an exchange.
import type { IncomingMessage } from 'node:http';
import WebSocket from 'ws';
import { ExchangeTrace } from './exchange-trace.js';
import { HeaderMask, maskUrl } from './header-mask.js';
import { describeFailure, readBody, type HeaderLines, type HttpResponse } from './http-request.js';
import type { RemoteOptions } from './remote-client.js';
import type { Transport, TransportHandlers } from './transport.js';

const HANDSHAKE_TIMEOUT_MS = 10_000;

function asResponse(res: IncomingMessage): HttpResponse {
  const headers: HeaderLines = [];
  for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) headers.push([res.rawHeaders[i]!, res.rawHeaders[i + 1]!]);
  const req = (res as IncomingMessage & { req?: { getRawHeaderNames(): string[]; getHeader(n: string): unknown } }).req;
  const sentHeaders: HeaderLines = req ? req.getRawHeaderNames().map((n) => [n, String(req.getHeader(n) ?? '')]) : [];
  const header = (name: string) => {
    const v = res.headers[name.toLowerCase()];
    return Array.isArray(v) ? v.join(', ') : v;
  };
  const contentType = (header('content-type') ?? '').toLowerCase();
  return { status: res.statusCode ?? 0, statusText: res.statusMessage ?? '', headers, sentHeaders, body: res, header, contentType, cancelled: () => false };
}

export class WsTransport implements Transport {
  private ws: WebSocket | null = null;
  private running = false;
  private closing = false;
  private handlers: TransportHandlers | null = null;
  private closed: Promise<void> = Promise.resolve();

  constructor(private readonly opts: RemoteOptions) {}

  get alive(): boolean {
    return this.running;
  }

  start(h: TransportHandlers): Promise<void> {
    this.handlers = h;
    const url = this.opts.url;
    const shown = maskUrl(url);
    const mask = new HeaderMask(this.opts.headers);
    const protocolHeaders: HeaderLines = [['Sec-WebSocket-Protocol', 'mcp']];
    const trace = new ExchangeTrace((x) => h.onExchange?.(x), mask, {
      id: `${this.opts.exchangeScope ?? ''}x1`,
      purpose: 'upgrade',
      method: 'GET',
      url,
      headers: [...protocolHeaders, ...Object.entries(this.opts.headers)],
    });
    return new Promise((resolve) => {
      let ws: WebSocket;
      try {
        ws = new WebSocket(url, 'mcp', {
          headers: this.opts.headers,
          handshakeTimeout: this.opts.headersTimeoutMs ?? HANDSHAKE_TIMEOUT_MS,
          perMessageDeflate: false,
        });
      } catch (err) {
        h.onEvent({ event: 'error', message: `cannot open ${shown}: ${(err as Error).message}` });
        h.onClosed();
        resolve();
        return;
      }
      this.ws = ws;
      let settle: () => void = () => {};
      this.closed = new Promise((r) => (settle = r));
      ws.on('upgrade', (res) => {
        trace.responded(asResponse(res));
        trace.complete();
      });
      let refused = false;
      ws.on('unexpected-response', (_req, res) => {
        refused = true;
        const response = asResponse(res);
        trace.responded(response);
        void readBody(response, 64 * 1024, (c) => trace.chunk(c))
          .catch(() => undefined)
          .finally(() => {
            trace.complete();
            h.onEvent({
              event: 'error',
              message: `${shown} refused the WebSocket upgrade: ${response.status} ${response.statusText}`,
              code: `HTTP_${response.status}`,
              exchange: trace.id,
            });
            ws.terminate();
          });
      });
      ws.on('open', () => {
        this.running = true;
        if (ws.protocol !== 'mcp')
          h.onEvent({ event: 'warning', message: `the server did not accept the "mcp" subprotocol (it chose "${ws.protocol || 'none'}")` });
        h.onEvent({ event: 'connected', transport: 'ws', url: shown });
        resolve();
      });
      ws.on('message', (data: Buffer | ArrayBuffer | Buffer[], isBinary) => {
        const bytes = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
        if (isBinary) h.onEvent({ event: 'warning', message: `a binary WebSocket frame of ${bytes.length} bytes; MCP sends text frames` });
        h.onMessage(bytes);
      });
      ws.on('error', (err) => {
        // A refused upgrade was already reported with its status; the follow-up "closed before established" adds nothing.
        if (refused) return;
        const message = this.running ? `WebSocket error: ${err.message}` : `cannot connect to ${shown}: ${describeFailure(err, new URL(url)).message}`;
        if (!this.running) trace.fail(describeFailure(err, new URL(url)));
        h.onEvent({ event: 'error', message, ...((err as NodeJS.ErrnoException).code ? { code: (err as NodeJS.ErrnoException).code! } : {}) });
      });
      ws.on('close', (code, reason) => {
        const wasRunning = this.running;
        this.running = false;
        settle();
        if (wasRunning) {
          const why = this.closing ? 'closed by mcpscope' : `the server closed the WebSocket (code ${code}${reason.length ? `: ${reason.toString()}` : ''})`;
          h.onEvent({ event: 'disconnected', transport: 'ws', reason: why });
        }
        h.onClosed();
        resolve();
      });
    });
  }

  send(bytes: Buffer): void {
    if (!this.ws || !this.running) throw new Error('the WebSocket is closed');
    // A text frame with exactly these bytes, valid UTF-8 or not: reproducing faults is the point.
    this.ws.send(bytes, { binary: false });
  }

  async close(): Promise<void> {
    const ws = this.ws;
    if (!ws || ws.readyState === WebSocket.CLOSED) return;
    this.closing = true;
    ws.close(1000, 'mcpscope disconnect');
    const timer = setTimeout(() => ws.terminate(), 2000);
    await this.closed;
    clearTimeout(timer);
  }
}
