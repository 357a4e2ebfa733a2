// The engine's lifecycle as its callers see it: where the handshake stands (lifecycle.ts), the frames held back until
// it completes (gate-queue.ts), and a change signal for the UI; one object so the engine only routes frames through it.
import type { FrameOrigin } from '../frame-origin.js';
import { LocalEngineError } from './engine-errors.js';
import { GateQueue } from './gate-queue.js';
import { Lifecycle, type LifecyclePhase } from './lifecycle.js';
import type { NegotiatedCapabilities } from './capability-warning.js';
import type { Scheduler } from './scheduler.js';
import { Listeners } from '../listeners.js';

export class EngineLifecycle {
  private readonly state = new Lifecycle();
  private readonly queue: GateQueue;
  private readonly listeners = new Listeners();
  /** The engine's own connect() is under way: auto may still fall back to initialize after a discovery. */
  private connectingNow = false;

  constructor(schedule: Scheduler) {
    this.queue = new GateQueue(schedule, (method, params, origin) => this.state.verdict(method, params, origin, this.connectingNow));
    this.state.onChange(() => this.moved());
  }

  get phase(): LifecyclePhase {
    return this.state.phase;
  }

  /** Whether requests of mcpscope's own (panels, bookkeeping) go out now rather than wait for the handshake. */
  get open(): boolean {
    return !this.connectingNow && (this.state.phase === 'ready' || this.state.phase === 'unknown');
  }

  get connecting(): boolean {
    return this.connectingNow;
  }

  /** Frames held back until the handshake completes. */
  get held(): number {
    return this.queue.size;
  }

  /** What the handshake seen on the wire negotiated, for capability warnings; null before one. */
  get negotiated(): NegotiatedCapabilities | null {
    const s = this.state;
    return s.protocolVersion !== null && s.serverCapabilities !== null
      ? { protocolVersion: s.protocolVersion, serverCapabilities: s.serverCapabilities, clientCapabilities: s.clientCapabilities ?? {} }
      : null;
  }

  /** Calls `listener` whenever the lifecycle moves (or the engine's own handshake starts or ends). */
  onChange(listener: () => void): () => void {
    return this.listeners.add(listener);
  }

  /**
   * Someone will perform the session's handshake (it waits to be claimed): mcpscope's own requests wait for it, even
   * before the claim is decided. `false`: nobody will (a stateless session used without discovery).
   */
  expect(coming: boolean): void {
    if (coming) this.state.expect();
    else this.state.expectNone();
  }

  /** The server process was started again, or the server forgot the session: a new handshake is due. */
  restart(): void {
    this.state.restart();
  }

  noteOut(value: unknown): void {
    this.state.noteOut(value);
  }

  noteIn(value: unknown): void {
    this.state.noteIn(value);
  }

  admit(method: string, params: unknown, origin: FrameOrigin, timeoutMs: number, tag: number | null = null): Promise<void> | null {
    return this.queue.admit(method, params, origin, timeoutMs, tag);
  }

  /** Drops a held request (cancelled before it went out); false when none was held under that id. */
  drop(tag: number, err: Error): boolean {
    return this.queue.drop(tag, err);
  }

  /** The connection closed: what was negotiated is gone, and what was held fails locally. */
  close(reason: string): void {
    this.state.restart();
    this.queue.rejectAll((method) => new LocalEngineError('CONNECTION_CLOSED', `${method} was never sent: ${reason}`));
  }

  /** Runs the engine's own handshake: everything else is held until it ends, and fails at once if it fails. */
  async handshake<T>(run: () => Promise<T>): Promise<T> {
    this.connectingNow = true;
    this.state.expect();
    try {
      return await run();
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err);
      this.queue.rejectAll((method) => new LocalEngineError('NOT_INITIALIZED', `${method} was not sent: the handshake failed (${why})`, err));
      throw err;
    } finally {
      this.connectingNow = false;
      this.moved();
    }
  }

  private moved(): void {
    this.queue.recheck();
    this.listeners.emit();
  }
}
