// One connection to one MCP server: owns its transport, numbers and records every frame, and reports its status.
import type { FrameOrigin } from '../../shared/frame-origin.js';
import type { FrameRecord, SessionInfo, Target } from '../../shared/relay-protocol.js';
import { traceContextEvent } from '../../shared/trace/trace-exchanges.js';
import { eventFrame, httpFrame, messageFrame, oversizeFrame, stderrFrame, type FrameBody } from '../core/frame-factory.js';
import { now } from '../store/clock.js';
import { FrameOrigins } from '../core/frame-origins.js';
import type { Recorder, StoredSession } from '../store/recorder.js';
import { RelayError } from '../errors.js';
import type { HttpProbeResult } from '../../shared/fault-lab/fault-types.js';
import type { HttpProbeSpec } from '../core/raw-http-probe.js';
import { createTransport } from '../core/create-transport.js';
import type { OAuthHost } from '../oauth/oauth-authorizer.js';
import type { Transport, TransportEvent } from '../transports/transport.js';

export interface SessionDeps {
  recorder: Recorder;
  publish(sessionId: string, frame: FrameRecord): void;
  onChange(info: SessionInfo): void;
  maxLineBytes: number;
  graceMs: number;
  /** Runs the OAuth flows of a remote target that asks for them; absent: OAuth targets cannot start. */
  oauth?: OAuthHost;
  /** The session stopped: its waiting authorizations end. */
  onStopped?(): void;
}

export class Session {
  private transport: Transport | null = null;
  /** A start waiting for its transport to be made (a remote one loads its code first); a stop meanwhile cancels it. */
  private pendingStart: { cancelled: boolean } | null = null;
  private stopping = false;
  private handshakeClaimed: boolean;
  /** Transports started so far: a restart's exchanges get ids of their own (`c2.x1`), never repeats of `x1`. */
  private connections = 0;
  private readonly origins = new FrameOrigins();

  /** `target` is the real one, secrets included; `stored.target` is the redacted copy that gets recorded and shown. */
  constructor(
    private readonly deps: SessionDeps,
    private readonly stored: StoredSession,
    handshake: boolean,
    private readonly target: Target = stored.target,
  ) {
    this.handshakeClaimed = !handshake;
  }

  get id(): string {
    return this.stored.id;
  }

  get live(): boolean {
    return this.transport?.alive ?? false;
  }

  info(): SessionInfo {
    return { ...this.stored, live: this.live, handshakePending: !this.handshakeClaimed };
  }

  /** The first caller gets true; every later caller false, so two tabs never both initialize. */
  claimHandshake(): boolean {
    if (this.handshakeClaimed) return false;
    this.handshakeClaimed = true;
    return true;
  }

  async start(): Promise<void> {
    this.stopping = false;
    this.update({ status: 'starting', endedAt: null, exitCode: null, signal: null, pid: null });
    const attempt = { cancelled: false };
    this.pendingStart = attempt;
    let transport: Transport;
    try {
      transport = await createTransport(this.target, { maxLineBytes: this.deps.maxLineBytes, graceMs: this.deps.graceMs }, ++this.connections, this.deps.oauth ? { oauth: this.deps.oauth } : {});
    } finally {
      if (this.pendingStart === attempt) this.pendingStart = null;
    }
    if (attempt.cancelled) {
      // Stopped before there was anything to stop: nothing is spawned or connected. A start asked for since (a restart)
      // owns the status now.
      if (this.pendingStart === null && !this.transport) this.update({ status: 'stopped', endedAt: now() });
      return;
    }
    this.transport = transport;
    await transport.start({
      onMessage: (bytes) => this.record(messageFrame('in', bytes), bytes).seq,
      onOversize: (head, size) => this.record(oversizeFrame('in', head, size)).seq,
      onStderr: (bytes) => this.record(stderrFrame(bytes)),
      onEvent: (ev) => this.onTransportEvent(ev),
      onExchange: (exchange) => this.record(httpFrame(exchange, this.origins.ofExchange(exchange))),
      onClosed: () => {
        if (this.transport === transport) this.transport = null;
        this.deps.onChange(this.info());
      },
    });
  }

  /** Writes one frame exactly as given and records it with who made it; returns its sequence number. */
  send(bytes: Buffer, origin: FrameOrigin): number {
    if (!this.transport?.alive) throw new RelayError('SESSION_NOT_LIVE', 'the server is not running; restart the session to send');
    const frame = this.record(messageFrame('out', bytes, origin), bytes);
    this.origins.note(frame.seq, origin);
    this.transport.send(bytes, frame.seq);
    return frame.seq;
  }

  /**
   * The fault lab: one raw HTTP exchange on this session's endpoint (Streamable HTTP only), recorded like any other.
   * The prober (with the remote transports it reads) loads with the first probe, not with every relay.
   */
  httpProbe(spec: HttpProbeSpec, origin: FrameOrigin = 'lab'): Promise<HttpProbeResult> {
    if (!this.transport?.alive) throw new RelayError('SESSION_NOT_LIVE', 'the server is not running; restart the session to send');
    const transport = this.transport;
    return import('../core/raw-http-probe.js').then(({ rawHttpProbe, streamableOf }) => rawHttpProbe(streamableOf(transport), spec, {
      recordOut: (bytes) => {
        const { seq } = this.record(messageFrame('out', bytes, origin));
        this.origins.note(seq, origin);
        return seq;
      },
      lastSeq: () => this.stored.lastSeq,
    }));
  }

  /** The page's engine adds trace context to its own requests from now on (a trace id), or stops (null): recorded. */
  noteTraceContext(traceId: string | null): void {
    this.record(eventFrame({ ...traceContextEvent(this.stored.id, traceId) }));
  }

  rename(name: string): void {
    this.update({ name });
  }

  async stop(reason = 'stopped by the user'): Promise<void> {
    if (!this.pendingStart && !this.transport) return;
    this.stopping = true;
    this.record(eventFrame({ event: 'stopping', reason }));
    this.deps.onStopped?.();
    if (this.pendingStart) {
      // Nothing made yet: the start sees this and ends the session stopped.
      this.pendingStart.cancelled = true;
      this.pendingStart = null;
      return;
    }
    await this.transport?.close(reason);
  }

  async restart(): Promise<void> {
    await this.stop('restart requested');
    this.handshakeClaimed = false;
    await this.start();
  }

  private onTransportEvent(ev: TransportEvent): void {
    this.record(eventFrame(this.shown(ev)));
    switch (ev.event) {
      case 'spawned':
        this.update({ status: 'running', pid: ev.pid });
        break;
      case 'connected':
        this.update({ status: 'running' });
        break;
      case 'disconnected':
        this.update({ status: this.stopping ? 'stopped' : 'exited', endedAt: now() });
        break;
      case 'exited':
        this.update({
          status: this.stopping ? 'stopped' : 'exited',
          exitCode: ev.code,
          signal: ev.signal,
          endedAt: now(),
        });
        break;
      case 'error':
        if (!this.transport?.alive) this.update({ status: 'failed', endedAt: now() });
        break;
      case 'stdout-closed':
        this.update({ status: 'stdout-closed' });
        break;
      case 'session-expired':
        // The server forgot the MCP session, so the next initialize is a new handshake for any one tab to claim.
        this.handshakeClaimed = false;
        this.deps.onChange(this.info());
        break;
      default:
        break;
    }
  }

  /** The event as it is recorded: a `spawned` event names the command as the stored target does, secrets masked. */
  private shown(ev: TransportEvent): TransportEvent {
    const t = this.stored.target;
    if (ev.event !== 'spawned' || t.transport !== 'stdio' || t.args.length !== ev.args.length) return ev;
    return { ...ev, command: t.command, args: t.args };
  }

  /** `bytes`: what the frame's text was decoded from, if the recorder may store them as its text (valid UTF-8 only). */
  private record(body: FrameBody, bytes?: Buffer): FrameRecord {
    // Field by field rather than a spread: a flood records tens of thousands of frames a second.
    const frame: FrameRecord = { seq: this.stored.lastSeq + 1, ts: now(), dir: body.dir, kind: body.kind, text: body.text, size: body.size, method: body.method, rpcId: body.rpcId };
    if (body.b64 !== undefined) frame.b64 = body.b64;
    if (body.origin !== undefined) frame.origin = body.origin;
    this.stored.lastSeq = frame.seq;
    this.deps.recorder.append(this.stored.id, frame, frame.b64 === undefined ? bytes : undefined);
    this.deps.publish(this.stored.id, frame);
    return frame;
  }

  private update(patch: Partial<StoredSession>): void {
    Object.assign(this.stored, patch);
    this.deps.recorder.saveSession(this.stored);
    this.deps.onChange(this.info());
  }
}
