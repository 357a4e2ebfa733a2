// `auto`: a first message shaped for 2026-07-28 (server/discover, or a request with the protocol `_meta`) is POSTed
// as 2026-07-28 HTTP; a server that does not take it gets the same message as Streamable HTTP, where a 400, 404 or
// 405 tries legacy HTTP+SSE instead. Every step of the choice is an event in the log, never a silent guess.
import { maskUrl } from './header-mask.js';
import { readOutgoing } from './modern-headers.js';
import { ModernHttpTransport } from './modern-http-transport.js';
import type { RemoteOptions } from './remote-client.js';
import { SseTransport } from './sse-transport.js';
import { StreamableHttpTransport } from './streamable-http-transport.js';
import type { Transport, TransportHandlers } from './transport.js';

export class AutoTransport implements Transport {
  private readonly http: StreamableHttpTransport;
  private readonly modern: ModernHttpTransport;
  private inner: Transport | null = null;
  private handlers: TransportHandlers | null = null;
  private readonly queue: Array<[Buffer, number | undefined]> = [];
  private probing = false;
  private running = false;

  constructor(private readonly opts: RemoteOptions) {
    this.http = new StreamableHttpTransport(opts);
    this.modern = new ModernHttpTransport(opts);
  }

  get alive(): boolean {
    return this.inner ? this.inner.alive : this.running;
  }

  /**
   * The Streamable HTTP transport unless the probe chose legacy SSE (for the fault lab's raw HTTP exchanges). While
   * undecided it is still the one tried first, and a POST answered as Streamable HTTP reaches the client before
   * `select` runs, so "undecided" must count too.
   */
  get selectedHttp(): StreamableHttpTransport | null {
    return this.inner === null || this.inner === this.http ? this.http : null;
  }

  serverStreamSettled(): Promise<void> {
    return this.selectedHttp?.serverStreamSettled() ?? Promise.resolve();
  }

  async start(h: TransportHandlers): Promise<void> {
    this.handlers = h;
    this.running = true;
    this.http.attach(h);
    this.modern.attach(h);
    const note =
      'a first server/discover goes out as 2026-07-28 HTTP, any other first message (or one a 2026 server did not take) as Streamable HTTP; a 400, 404 or 405 to that falls back to legacy HTTP+SSE';
    h.onEvent({ event: 'connected', transport: 'auto', url: maskUrl(this.opts.url), note });
  }

  send(bytes: Buffer, seq?: number): void {
    if (this.inner) return this.inner.send(bytes, seq);
    if (!this.running) throw new Error('the connection is closed');
    // Until the probe decides, later messages wait their turn so none goes out on the wrong transport.
    this.queue.push([bytes, seq]);
    if (this.probing) return;
    this.probing = true;
    this.http.client.run(() => this.drain());
  }

  async close(reason = 'closed'): Promise<void> {
    this.running = false;
    if (this.inner !== this.modern) {
      await this.modern.client.quiesce(1000);
      this.modern.client.destroy();
    }
    if (this.inner && this.inner !== this.http) {
      await this.http.client.quiesce(1000);
      this.http.client.destroy();
      await this.inner.close(reason);
      return;
    }
    await this.http.close(reason);
  }

  private async drain(): Promise<void> {
    try {
      while (!this.inner && this.queue.length > 0 && this.running) {
        const [bytes, seq] = this.queue.shift()!;
        await this.probe(bytes, seq);
      }
    } finally {
      this.probing = false;
    }
    const inner = this.inner;
    if (inner) for (const [bytes, seq] of this.queue.splice(0)) inner.send(bytes, seq);
  }

  private async probe(bytes: Buffer, seq: number | undefined): Promise<void> {
    const h = this.handlers!;
    const url = maskUrl(this.opts.url);
    const out = readOutgoing(bytes);
    const modernShaped = out.id !== null && (out.method === 'server/discover' || out.version !== null);
    if (modernShaped && (await this.probeModern(bytes, seq, out.method))) return;
    h.onEvent({ event: 'probe', message: `POST ${url} as Streamable HTTP` });
    const r = await this.http.probe(bytes, seq);
    if (r.kind === 'failed') {
      h.onEvent({ event: 'probe', message: 'the POST got no usable answer; the next message will probe again' });
      return;
    }
    if (r.kind === 'stay') {
      this.select(this.http, 'http', `the server answered the POST with ${r.status}`);
      return;
    }
    if (modernShaped) {
      // Legacy HTTP+SSE is found by a legacy first message (initialize), never by a 2026 one: its refusal is the answer
      // (tied to its request at once), no GET without a protocol version goes out, and the next message probes again.
      h.onEvent({
        event: 'probe',
        status: r.status,
        message: `the POST was answered ${r.status}; a 2026-07-28 message says nothing about legacy HTTP+SSE, so the next message will probe again`,
      });
      r.deliver();
      return;
    }
    h.onEvent({ event: 'probe', status: r.status, message: `the POST was answered ${r.status}: trying legacy HTTP+SSE with GET ${url}` });
    // Its exchanges are s1, s2…: the Streamable HTTP probe's were x1…, and one session must not hold two x1.
    const sse = new SseTransport(this.opts, 's');
    sse.attach(h);
    const c = await sse.connect();
    if (c.ok) {
      r.discard();
      this.http.client.destroy();
      this.select(sse, 'sse', `the GET answered with an endpoint event (${c.endpoint.href})`);
      sse.send(bytes, seq);
      return;
    }
    sse.client.destroy();
    h.onEvent({ event: 'probe', message: `legacy HTTP+SSE did not answer either (${c.reason}); staying on Streamable HTTP` });
    r.deliver();
    this.select(this.http, 'http', `the POST was answered ${r.status} and there is no legacy SSE stream at that URL`);
  }

  /** True when the message was settled as 2026-07-28 HTTP (chosen, or failed outright); false: try Streamable HTTP. */
  private async probeModern(bytes: Buffer, seq: number | undefined, method: string | null): Promise<boolean> {
    const h = this.handlers!;
    h.onEvent({
      event: 'probe',
      message: `POST ${maskUrl(this.opts.url)} as 2026-07-28 HTTP (the first message is a ${method} request shaped for 2026-07-28)`,
    });
    const v = await this.modern.probe(bytes, seq);
    if (v.kind === 'failed') {
      h.onEvent({ event: 'probe', message: 'the POST got no usable answer; the next message will probe again' });
      return true;
    }
    if (v.kind === 'modern') {
      this.select(this.modern, 'http-2026', v.why);
      return true;
    }
    h.onEvent({ event: 'probe', status: v.status, message: `not a 2026-07-28 server (${v.why}): sending the same message as Streamable HTTP` });
    return false;
  }

  private select(t: Transport, transport: 'http' | 'sse' | 'http-2026', reason: string): void {
    this.inner = t;
    this.handlers!.onEvent({ event: 'transport-selected', transport, reason });
  }
}
