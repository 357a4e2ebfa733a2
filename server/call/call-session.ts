// One server for one `mcpscope call` (and each of `check`'s scratch connections): the connection core
// (core/connection.ts) spawns or connects, frames and records; this keeps every frame numbered for lint, feeds the
// client engine in arrival order, and fails whatever is pending at once when the transport dies, never by timeout.
import { ClientEngine } from '../../shared/engine/index.js';
import type { FrameOrigin } from '../../shared/frame-origin.js';
import { isPlainObject, parseJson } from '../../shared/jsonrpc.js';
import type { FrameRecord, Target } from '../../shared/relay-protocol.js';
import type { HttpProbeResult } from '../../shared/fault-lab/fault-types.js';
import type { HttpProbeSpec } from '../core/raw-http-probe.js';
import { Connection } from '../core/connection.js';
import type { CliOAuthHost } from '../oauth/cli-oauth-host.js';
import { authWaitFromEvent } from '../../shared/oauth/auth-wait.js';
import { DEFAULT_MAX_LINE_BYTES } from '../transports/line-buffer.js';
import type { TransportEvent } from '../transports/transport.js';
import { Listeners } from '../../shared/listeners.js';

/** Events after which nothing more will come back. */
const FATAL_EVENTS = new Set(['exited', 'disconnected', 'session-expired', 'error', 'stdout-closed']);

export interface CallSessionOptions {
  timeoutMs: number;
  cancelOnTimeout: boolean;
  exchangeErrorsFatal?: boolean;
  origin?: FrameOrigin;
  oauth?: { dataDir: string; print(text: string): void; openBrowser(url: string): void };
}

export class CallSession {
  readonly frames: FrameRecord[] = [];
  readonly engine: ClientEngine;
  /** What the handshake declares (--answers, --capabilities); undefined: what the engine's handlers can answer. */
  clientCapabilities: Record<string, unknown> | undefined;
  /** Why the transport can no longer carry anything, once that happens. */
  failure: string | null = null;
  /** Made in start(): a remote target's OAuth host (and its transport) is loaded only then, a stdio call never loads it. */
  private connection: Connection | null = null;
  private readonly target: Target;
  private readonly oauthOptions: CallSessionOptions['oauth'];
  private readonly listeners = new Listeners<[FrameRecord]>();
  private closing = false;
  /** Events recorded before start() made the connection, recorded by it first. */
  private readonly earlyEvents: Array<{ event: string } & Record<string, unknown>> = [];

  private readonly exchangeErrorsFatal: boolean;
  /** Set: every frame this session sends is recorded as made by it (mcpscope check's scratch connections say 'check'). */
  private readonly forcedOrigin: FrameOrigin | undefined;
  private readonly probeOrigin: FrameOrigin;
  private oauthHost: CliOAuthHost | null = null;

  /**
   * `cancelOnTimeout`: a request that times out gets notifications/cancelled, as the spec suggests.
   * `exchangeErrorsFatal: false` (the fault lab): an error about one HTTP exchange (a stream cut before its response,
   * a refused POST) is recorded but does not end the session, since breaking exchanges is what the lab does.
   */
  constructor(target: Target, options: CallSessionOptions) {
    this.exchangeErrorsFatal = options.exchangeErrorsFatal ?? true;
    this.forcedOrigin = options.origin;
    this.probeOrigin = options.origin ?? 'lab';
    this.target = target;
    this.oauthOptions = options.oauth;
    this.engine = new ClientEngine({
      send: (text, origin) => this.send(text, origin),
      timeoutMs: options.timeoutMs,
      serverRequests: 'answer',
      cancelOnTimeout: options.cancelOnTimeout,
    });
  }

  /** Resolves once the transport can take a frame; throws with the reason when it cannot start at all. */
  async start(): Promise<void> {
    const target = this.target;
    // OAuth: the flow's redirect comes back to a loopback listener of this process (or is fetched, with --oauth-open fetch).
    if (target.transport !== 'stdio' && target.auth && this.oauthOptions) {
      const { CliOAuthHost } = await import('../oauth/cli-oauth-host.js');
      this.oauthHost = new CliOAuthHost(this.oauthOptions);
    }
    // close() before start(): nothing to start.
    if (this.closing) return this.refuse();
    const connection = new Connection(
      target,
      { maxLineBytes: DEFAULT_MAX_LINE_BYTES, graceMs: 2000, ...(this.oauthHost ? { services: { oauth: this.oauthHost } } : {}) },
      {
        record: (frame) => {
          this.frames.push(frame);
          this.listeners.emit(frame);
        },
        message: (frame) => this.engine.receive(frame.text),
        event: (ev, frame) => this.onEvent(ev, frame),
        closed: () => this.fail('the connection closed'),
      },
    );
    this.connection = connection;
    // Events recorded before there was a connection (--trace's provenance) come first in its log.
    for (const event of this.earlyEvents.splice(0)) connection.recordEvent(event);
    // false: close() came while the transport was being made.
    if (!(await connection.start())) return this.refuse();
    if (!connection.alive && this.failure === null) this.fail('the transport did not start');
    if (this.failure !== null) throw new Error(this.failure);
  }

  /** Writes one frame exactly as given and records who made it; throws when the transport is gone (the engine reports that). */
  send(text: string, origin: FrameOrigin): void {
    this.sendBytes(Buffer.from(text, 'utf8'), origin);
  }

  /** Exact bytes, for frames that are not valid UTF-8 (the fault lab's encoding faults). */
  sendBytes(bytes: Buffer, given: FrameOrigin): void {
    const connection = this.connection;
    if (!connection?.alive) throw new Error(this.failure ?? 'the connection is closed');
    connection.send(bytes, this.forcedOrigin ?? given);
  }

  /** The fault lab's raw HTTP exchange on this session's endpoint (Streamable HTTP only), recorded like any other. */
  async httpProbe(spec: HttpProbeSpec): Promise<HttpProbeResult> {
    const connection = this.connection;
    if (!connection?.alive) throw new Error(this.failure ?? 'the connection is closed');
    return connection.httpProbe(spec, this.probeOrigin);
  }

  /**
   * Waits, at most `limitMs`, until the server's own stream is settled (Streamable HTTP's standalone GET answered or
   * refused), so a request sent next reaches the server after that GET: a server that answers a request on whichever
   * stream is open (the conformance suite's sse-retry) then sees the same order on every run.
   */
  async serverStreamSettled(limitMs: number): Promise<void> {
    const settled = this.connection?.serverStreamSettled();
    if (!settled) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([settled, new Promise<void>((resolve) => (timer = setTimeout(resolve, limitMs)))]);
    clearTimeout(timer);
  }

  /** Records an event of the caller's own, such as the trace context it adds to its requests (their provenance). */
  recordEvent(event: { event: string } & Record<string, unknown>): void {
    if (this.connection) this.connection.recordEvent(event);
    else this.earlyEvents.push(event);
  }

  onFrame(listener: (frame: FrameRecord) => void): () => void {
    return this.listeners.add(listener);
  }

  /** The last lines the server wrote on stderr (as many as the relay keeps: shared/stderr-tail.ts), for a failure message. */
  stderr(): string {
    return this.connection?.stderrTail() ?? '';
  }

  /**
   * Shuts the server down the usual way (stdin, SIGTERM, SIGKILL; or DELETE and disconnect) and waits for it; `hung`:
   * the server stopped answering, so its process gets SIGTERM at once (fuzz, shrinking a hang).
   */
  async close(how: { hung?: boolean } = {}): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    await this.connection?.close(how.hung ? 'the server hung' : 'mcpscope call is done', undefined, how);
    this.oauthHost?.close();
    this.engine.close('mcpscope call is done');
  }

  /** close() came before the transport could start. */
  private refuse(): never {
    this.oauthHost?.close();
    throw new Error(this.failure ?? 'the connection is closed');
  }

  private onEvent(ev: TransportEvent, frame: FrameRecord): void {
    const wait = authWaitFromEvent(frame.text);
    if (wait !== null) this.engine.holdTimeouts(wait);
    if (ev.event === 'http-answer') this.engine.settleFromTransport(ev, ev.seq === undefined ? undefined : this.messageAt(ev.seq));
    if (this.closing || !FATAL_EVENTS.has(ev.event)) return;
    if (ev.event === 'error' && ev.exchange !== undefined && !this.exchangeErrorsFatal && this.connection?.alive) return;
    if (ev.event === 'exited') this.fail(`the server exited (code ${ev.code ?? '-'}, signal ${ev.signal ?? '-'})`);
    else if (ev.event === 'error') this.fail(ev.message);
    else if (ev.event === 'session-expired') this.fail(`the server forgot the session (${ev.status}): ${ev.message}`);
    else if (ev.event === 'disconnected') this.fail(`the connection ended: ${ev.reason}`);
    else if (ev.event === 'stdout-closed') this.fail(ev.message);
  }

  /** The parsed message recorded as `seq`, for an http-answer that names the error answering its requests. */
  private messageAt(seq: number): Record<string, unknown> | undefined {
    const frame = this.frames[seq - 1];
    const parsed = frame ? parseJson(frame.text) : null;
    return parsed?.ok && isPlainObject(parsed.value) ? parsed.value : undefined;
  }

  private fail(reason: string): void {
    if (this.closing) return;
    this.failure ??= reason;
    this.engine.close(this.failure);
  }
}
