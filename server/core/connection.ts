// One connection to one MCP server, for every program that talks to one (the relay's sessions, `call`, `check`, and so
// `fuzz` and `run`): spawns or connects through create-transport, frames what comes back (frame-factory), records every
// frame through one FrameLog (numbers, time, stderr tail) and remembers who made each outgoing one. Its owner decides
// what a status means (the relay's session row, `call`'s failure); this decides how a frame is made.
import type { HttpProbeResult } from '../../shared/fault-lab/fault-types.js';
import type { FrameOrigin } from '../../shared/frame-origin.js';
import type { FrameRecord, Target } from '../../shared/relay-protocol.js';
import type { CloseHow, Transport, TransportEvent } from '../transports/transport.js';
import { createTransport, type TransportServices } from './create-transport.js';
import { httpFrame, messageFrame, oversizeFrame, stderrFrame } from './frame-factory.js';
import { FrameLog, type FrameSink } from './frame-log.js';
import { FrameOrigins } from './frame-origins.js';
import type { HttpProbeSpec } from './raw-http-probe.js';
import { storedTarget } from './stored-target.js';

export interface ConnectionOptions {
  /** The framing cap: a stdio line, an HTTP body or an SSE event's data. */
  maxLineBytes: number;
  /** Each rung of a stdio server's shutdown ladder. */
  graceMs: number;
  services?: TransportServices;
  /** What a `spawned` event shows of the command (secrets masked); default: the target masked the stored way. */
  shown?: Target;
  /** Holds the last seq (a stored session's row keeps numbering across restarts); default: a counter from 0. */
  counter?: { lastSeq: number };
}

/** What the owner hears, each after the frame is recorded. */
export interface ConnectionHooks {
  /** Every frame, as recorded. */
  record: FrameSink;
  /** A message from the server (the CLI's engine reads it). */
  message?(frame: FrameRecord): void;
  event?(ev: TransportEvent, frame: FrameRecord): void;
  /** The transport of the latest start is gone for good. */
  closed?(): void;
}

export class Connection {
  readonly log: FrameLog;
  /** The transport now carrying frames; null before a start, and once it closed. */
  private transport: Transport | null = null;
  /** The latest transport made, closed or not: close() still ends it (a remote one may hold a session to delete). */
  private made: Transport | null = null;
  /** A start waiting for its transport to be made (a remote one loads its code first); a close meanwhile cancels it. */
  private pendingStart: { cancelled: boolean } | null = null;
  /** Transports started so far: a restart's exchanges get ids of their own (`c2.x1`), never repeats of `x1`. */
  private connections = 0;
  private readonly origins = new FrameOrigins();
  private readonly shown: Target;

  constructor(
    private readonly target: Target,
    private readonly opts: ConnectionOptions,
    private readonly hooks: ConnectionHooks,
  ) {
    this.shown = opts.shown ?? storedTarget(target);
    this.log = new FrameLog(opts.counter ?? { lastSeq: 0 }, hooks.record);
  }

  /** Carrying frames now. */
  get alive(): boolean {
    return this.transport?.alive ?? false;
  }

  /** Started or starting, and not yet closed or gone: something a stop would end. */
  get active(): boolean {
    return this.pendingStart !== null || this.transport !== null;
  }

  /** The server's last stderr lines (of its latest process), joined by newlines. */
  stderrTail(): string {
    return this.log.stderr.text();
  }

  /**
   * Makes a transport and starts it; false when a close() came first (nothing was spawned or connected). Throws when the
   * transport cannot be made (an OAuth target with nothing to run its flow).
   */
  /** Records an event no transport made (a model exchange of the Chat tab) in this connection's log, in order. */
  recordEvent(ev: { event: string } & Record<string, unknown>): FrameRecord {
    return this.log.event(ev);
  }

  async start(): Promise<boolean> {
    const attempt = { cancelled: false };
    this.pendingStart = attempt;
    let transport: Transport;
    try {
      transport = await createTransport(
        this.target,
        { maxLineBytes: this.opts.maxLineBytes, graceMs: this.opts.graceMs },
        ++this.connections,
        this.opts.services ?? {},
      );
    } finally {
      if (this.pendingStart === attempt) this.pendingStart = null;
    }
    if (attempt.cancelled) return false;
    this.transport = transport;
    this.made = transport;
    // The tail speaks of this process only: a restart's exit shows the new one's last lines.
    this.log.stderr.clear();
    await transport.start({
      onMessage: (bytes) => {
        const frame = this.log.record(messageFrame('in', bytes), bytes);
        this.hooks.message?.(frame);
        return frame.seq;
      },
      onOversize: (head, size) => this.log.record(oversizeFrame('in', head, size)).seq,
      onStderr: (bytes) => void this.log.record(stderrFrame(bytes), bytes),
      onEvent: (ev) => this.hooks.event?.(ev, this.log.event(this.masked(ev))),
      onExchange: (exchange) => void this.log.record(httpFrame(exchange, this.origins.ofExchange(exchange))),
      onClosed: () => {
        if (this.transport === transport) this.transport = null;
        this.hooks.closed?.();
      },
    });
    return true;
  }

  /** Records one outgoing frame with who made it and writes it exactly as given; throws when nothing carries frames. */
  send(bytes: Buffer, origin: FrameOrigin): FrameRecord {
    const transport = this.transport;
    if (!transport?.alive) throw new Error('the connection is closed');
    // Forward first, record after: the server has the bytes before the relay classifies, stores and publishes them.
    return this.log.forwardThenRecord(
      (seq) => {
        this.origins.note(seq, origin);
        transport.send(bytes, seq);
      },
      () => messageFrame('out', bytes, origin),
      bytes,
    );
  }

  /**
   * The fault lab: one raw HTTP exchange on this connection's endpoint (Streamable HTTP only), recorded like any other.
   * The prober (with the remote transports it reads) loads with the first probe.
   */
  async httpProbe(spec: HttpProbeSpec, origin: FrameOrigin): Promise<HttpProbeResult> {
    const transport = this.transport;
    if (!transport?.alive) throw new Error('the connection is closed');
    const { rawHttpProbe, streamableOf } = await import('./raw-http-probe.js');
    return rawHttpProbe(streamableOf(transport), spec, {
      recordOut: (bytes) => {
        const { seq } = this.log.record(messageFrame('out', bytes, origin), bytes);
        this.origins.note(seq, origin);
        return seq;
      },
      lastSeq: () => this.log.lastSeq,
    });
  }

  /** Streamable HTTP: the server's own stream settled (see Transport.serverStreamSettled); undefined elsewhere. */
  serverStreamSettled(): Promise<void> | undefined {
    return this.transport?.serverStreamSettled?.();
  }

  /**
   * Records the stop and its reason, cancels a start still making its transport, and shuts the transport down.
   * `stopped` runs right after the record, before the wait (the relay ends the session's waiting authorizations there).
   */
  async close(reason: string, stopped?: () => void, how?: CloseHow): Promise<void> {
    this.log.event({ event: 'stopping', reason });
    stopped?.();
    if (this.pendingStart) {
      // Nothing made yet: the start sees this and makes nothing (a transport made before it is closed already).
      this.pendingStart.cancelled = true;
      this.pendingStart = null;
      return;
    }
    await this.made?.close(reason, how);
  }

  /** A `spawned` event names the command as the stored target does, secrets masked. */
  private masked(ev: TransportEvent): TransportEvent {
    const t = this.shown;
    if (ev.event !== 'spawned' || t.transport !== 'stdio' || t.args.length !== ev.args.length) return ev;
    return { ...ev, command: t.command, args: t.args };
  }
}
