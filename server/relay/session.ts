// One connection to one MCP server in the relay: the connection core (core/connection.ts) spawns or connects, frames
// and records; this keeps the session's stored row (status, pid, exit) and its handshake claim, and publishes frames.
import type { FrameOrigin } from '../../shared/frame-origin.js';
import type { FrameRecord, SessionInfo, Target } from '../../shared/relay-protocol.js';
import { traceContextEvent } from '../../shared/trace/trace-exchanges.js';
import { now } from '../store/clock.js';
import { Connection } from '../core/connection.js';
import type { Recorder, StoredSession } from '../store/recorder.js';
import { RelayError } from '../errors.js';
import type { HttpProbeResult } from '../../shared/fault-lab/fault-types.js';
import type { HttpProbeSpec } from '../core/raw-http-probe.js';
import type { OAuthHost } from '../oauth/oauth-authorizer.js';
import type { TransportEvent } from '../transports/transport.js';

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
  private readonly connection: Connection;
  private stopping = false;
  private handshakeClaimed: boolean;

  /** `target` is the real one, secrets included; `stored.target` is the redacted copy that gets recorded and shown. */
  constructor(
    private readonly deps: SessionDeps,
    private readonly stored: StoredSession,
    handshake: boolean,
    target: Target = stored.target,
  ) {
    this.handshakeClaimed = !handshake;
    this.connection = new Connection(
      target,
      {
        maxLineBytes: deps.maxLineBytes,
        graceMs: deps.graceMs,
        shown: stored.target,
        counter: stored,
        ...(deps.oauth ? { services: { oauth: deps.oauth } } : {}),
      },
      {
        // The page first, the store after: a reply reaches its socket before the recorder's work (both in seq order).
        record: (frame, bytes) => {
          deps.publish(stored.id, frame);
          deps.recorder.append(stored.id, frame, bytes);
        },
        event: (ev) => this.onTransportEvent(ev),
        closed: () => deps.onChange(this.info()),
      },
    );
  }

  get id(): string {
    return this.stored.id;
  }

  get live(): boolean {
    return this.connection.alive;
  }

  info(): SessionInfo {
    return { ...this.stored, live: this.live, handshakePending: !this.handshakeClaimed };
  }

  /** An event no transport made (a model exchange of the Chat tab), recorded in this session's log like the rest. */
  recordEvent(event: { event: string } & Record<string, unknown>): number {
    return this.connection.recordEvent(event).seq;
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
    // Stopped before there was anything to stop: nothing is spawned or connected. A start asked for since (a restart)
    // owns the status now.
    if (!(await this.connection.start()) && !this.connection.active) this.update({ status: 'stopped', endedAt: now() });
  }

  /** Writes one frame exactly as given and records it with who made it; returns its sequence number. */
  send(bytes: Buffer, origin: FrameOrigin): number {
    if (!this.connection.alive) throw new RelayError('SESSION_NOT_LIVE', 'the server is not running; restart the session to send');
    return this.connection.send(bytes, origin).seq;
  }

  /** The fault lab: one raw HTTP exchange on this session's endpoint (Streamable HTTP only), recorded like any other. */
  httpProbe(spec: HttpProbeSpec, origin: FrameOrigin = 'lab'): Promise<HttpProbeResult> {
    if (!this.connection.alive) throw new RelayError('SESSION_NOT_LIVE', 'the server is not running; restart the session to send');
    return this.connection.httpProbe(spec, origin);
  }

  /** The page's engine adds trace context to its own requests from now on (a trace id), or stops (null): recorded. */
  noteTraceContext(traceId: string | null): void {
    this.connection.recordEvent({ ...traceContextEvent(this.stored.id, traceId) });
  }

  rename(name: string): void {
    this.update({ name });
  }

  async stop(reason = 'stopped by the user'): Promise<void> {
    if (!this.connection.active) return;
    this.stopping = true;
    await this.connection.close(reason, () => this.deps.onStopped?.());
  }

  async restart(): Promise<void> {
    await this.stop('restart requested');
    this.handshakeClaimed = false;
    await this.start();
  }

  private onTransportEvent(ev: TransportEvent): void {
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
        if (!this.connection.alive) this.update({ status: 'failed', endedAt: now() });
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

  private update(patch: Partial<StoredSession>): void {
    Object.assign(this.stored, patch);
    this.deps.recorder.saveSession(this.stored);
    this.deps.onChange(this.info());
  }
}
