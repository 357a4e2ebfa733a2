// One server for one `mcpscope call`: the transport started directly (no relay), every frame numbered for lint,
// and the client engine fed in arrival order. A dead transport fails whatever is pending at once, never by timeout.
import { ClientEngine } from '../../shared/engine/index.js';
import type { FrameOrigin } from '../../shared/frame-origin.js';
import { isPlainObject, parseJson } from '../../shared/jsonrpc.js';
import type { FrameRecord, Target } from '../../shared/relay-protocol.js';
import { eventFrame, httpFrame, messageFrame, oversizeFrame, stderrFrame, type FrameBody } from '../core/frame-factory.js';
import { now } from '../store/clock.js';
import type { HttpProbeResult } from '../../shared/fault-lab/fault-types.js';
import type { HttpProbeSpec } from '../core/raw-http-probe.js';
import { FrameOrigins } from '../core/frame-origins.js';
import type { CliOAuthHost } from '../oauth/cli-oauth-host.js';
import { authWaitFromEvent } from '../../shared/oauth/auth-wait.js';
import { createTransport } from '../core/create-transport.js';
import { DEFAULT_MAX_LINE_BYTES } from '../transports/line-buffer.js';
import type { Transport, TransportEvent } from '../transports/transport.js';

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
  /** Made in start(): a remote target's transport (and its OAuth host) is loaded only then, a stdio call never loads it. */
  private transport: Transport | null = null;
  private readonly target: Target;
  private readonly oauthOptions: CallSessionOptions['oauth'];
  private readonly listeners = new Set<(frame: FrameRecord) => void>();
  private readonly stderrTail: string[] = [];
  private closing = false;
  private readonly origins = new FrameOrigins();

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
    this.engine = new ClientEngine({ send: (text, origin) => this.send(text, origin), timeoutMs: options.timeoutMs, serverRequests: 'answer', cancelOnTimeout: options.cancelOnTimeout });
  }

  /** Resolves once the transport can take a frame; throws with the reason when it cannot start at all. */
  async start(): Promise<void> {
    const target = this.target;
    // OAuth: the flow's redirect comes back to a loopback listener of this process (or is fetched, with --oauth-open fetch).
    if (target.transport !== 'stdio' && target.auth && this.oauthOptions) {
      const { CliOAuthHost } = await import('../oauth/cli-oauth-host.js');
      this.oauthHost = new CliOAuthHost(this.oauthOptions);
    }
    const transport = await createTransport(target, { maxLineBytes: DEFAULT_MAX_LINE_BYTES, graceMs: 2000 }, 1, this.oauthHost ? { oauth: this.oauthHost } : {});
    // close() before the transport existed: nothing to start.
    if (this.closing) {
      this.oauthHost?.close();
      throw new Error(this.failure ?? 'the connection is closed');
    }
    this.transport = transport;
    await transport.start({
      onMessage: (bytes) => {
        const frame = this.record(messageFrame('in', bytes));
        this.engine.receive(frame.text);
        return frame.seq;
      },
      onOversize: (head, size) => this.record(oversizeFrame('in', head, size)).seq,
      onStderr: (bytes) => {
        const frame = this.record(stderrFrame(bytes));
        this.stderrTail.push(frame.text);
        if (this.stderrTail.length > 10) this.stderrTail.shift();
      },
      onEvent: (ev) => this.onEvent(ev),
      onExchange: (exchange) => void this.record(httpFrame(exchange, this.origins.ofExchange(exchange))),
      onClosed: () => this.fail('the connection closed'),
    });
    if (!transport.alive && this.failure === null) this.fail('the transport did not start');
    if (this.failure !== null) throw new Error(this.failure);
  }

  /** Writes one frame exactly as given and records who made it; throws when the transport is gone (the engine reports that). */
  send(text: string, origin: FrameOrigin): void {
    this.sendBytes(Buffer.from(text, 'utf8'), origin);
  }

  /** Exact bytes, for frames that are not valid UTF-8 (the fault lab's encoding faults). */
  sendBytes(bytes: Buffer, given: FrameOrigin): void {
    if (!this.transport?.alive) throw new Error(this.failure ?? 'the connection is closed');
    const origin = this.forcedOrigin ?? given;
    const frame = this.record(messageFrame('out', bytes, origin));
    this.origins.note(frame.seq, origin);
    this.transport.send(bytes, frame.seq);
  }

  /** The fault lab's raw HTTP exchange on this session's endpoint (Streamable HTTP only), recorded like any other. */
  async httpProbe(spec: HttpProbeSpec): Promise<HttpProbeResult> {
    const transport = this.transport;
    if (!transport?.alive) throw new Error(this.failure ?? 'the connection is closed');
    // Only the fault lab's HTTP presets probe: loaded then, with the remote transports it reads.
    const { rawHttpProbe, streamableOf } = await import('../core/raw-http-probe.js');
    return rawHttpProbe(streamableOf(transport), spec, {
      recordOut: (bytes) => {
        const { seq } = this.record(messageFrame('out', bytes, this.probeOrigin));
        this.origins.note(seq, this.probeOrigin);
        return seq;
      },
      lastSeq: () => this.frames.length,
    });
  }

  /**
   * Waits, at most `limitMs`, until the server's own stream is settled (Streamable HTTP's standalone GET answered or
   * refused), so a request sent next reaches the server after that GET: a server that answers a request on whichever
   * stream is open (the conformance suite's sse-retry) then sees the same order on every run.
   */
  async serverStreamSettled(limitMs: number): Promise<void> {
    const settled = this.transport?.serverStreamSettled?.();
    if (!settled) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([settled, new Promise<void>((resolve) => (timer = setTimeout(resolve, limitMs)))]);
    clearTimeout(timer);
  }

  /** Records an event of the caller's own, such as the trace context it adds to its requests (their provenance). */
  recordEvent(event: { event: string } & Record<string, unknown>): void {
    this.record(eventFrame(event));
  }

  onFrame(listener: (frame: FrameRecord) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The last lines the server wrote on stderr, for a failure message. */
  stderr(): string {
    return this.stderrTail.join('\n');
  }

  /** Shuts the server down the usual way (stdin, SIGTERM, SIGKILL; or DELETE and disconnect) and waits for it. */
  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    this.record(eventFrame({ event: 'stopping', reason: 'mcpscope call is done' }));
    await this.transport?.close('mcpscope call is done');
    this.oauthHost?.close();
    this.engine.close('mcpscope call is done');
  }

  private onEvent(ev: TransportEvent): void {
    const frame = this.record(eventFrame(ev));
    const wait = authWaitFromEvent(frame.text);
    if (wait !== null) this.engine.holdTimeouts(wait);
    if (ev.event === 'http-answer') this.engine.settleFromTransport(ev, ev.seq === undefined ? undefined : this.messageAt(ev.seq));
    if (this.closing || !FATAL_EVENTS.has(ev.event)) return;
    if (ev.event === 'error' && ev.exchange !== undefined && !this.exchangeErrorsFatal && this.transport?.alive) return;
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

  private record(body: FrameBody): FrameRecord {
    const frame: FrameRecord = { seq: this.frames.length + 1, ts: now(), ...body };
    this.frames.push(frame);
    for (const listener of this.listeners) listener(frame);
    return frame;
  }
}
