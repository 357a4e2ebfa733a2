// The frames the lifecycle gate holds back until the handshake completes, in the order they were asked for, each with
// its own deadline: released when the lifecycle allows them, refused when it never will, failed locally on timeout.
import type { FrameOrigin } from '../frame-origin.js';
import { LocalEngineError } from './engine-errors.js';
import type { GateVerdict } from './lifecycle.js';
import type { Scheduler } from './scheduler.js';

interface Held {
  method: string;
  params: unknown;
  origin: FrameOrigin;
  /** The request id it will go out under, so a cancel can drop it before it is ever sent. */
  tag: number | null;
  resolve(): void;
  reject(err: Error): void;
  stopTimer(): void;
}

export type Judge = (method: string, params: unknown, origin: FrameOrigin) => GateVerdict;

export class GateQueue {
  private readonly held: Held[] = [];

  constructor(
    private readonly schedule: Scheduler,
    private readonly judge: Judge,
  ) {}

  get size(): number {
    return this.held.length;
  }

  /** null: send now (synchronously, as before the gate existed); else a promise that settles when the gate decides. */
  admit(method: string, params: unknown, origin: FrameOrigin, timeoutMs: number, tag: number | null = null): Promise<void> | null {
    const v = this.judge(method, params, origin);
    if (v.kind === 'send') return null;
    if (v.kind === 'refuse') return Promise.reject(new LocalEngineError('CAPABILITY_NOT_SUPPORTED', `${v.why}; nothing was sent`));
    return new Promise<void>((resolve, reject) => {
      const entry: Held = { method, params, origin, tag, resolve, reject, stopTimer: () => undefined };
      if (Number.isFinite(timeoutMs)) {
        entry.stopTimer = this.schedule(() => {
          if (!this.remove(entry)) return;
          reject(new LocalEngineError('NOT_INITIALIZED', `${v.why}; after ${timeoutMs} ms it was given up and never sent`, undefined, { timeoutMs }));
        }, timeoutMs);
      }
      this.held.push(entry);
    });
  }

  /** Judges every held frame again, oldest first, after the lifecycle moved. */
  recheck(): void {
    for (const entry of [...this.held]) {
      const v = this.judge(entry.method, entry.params, entry.origin);
      if (v.kind === 'wait') continue;
      this.remove(entry);
      entry.stopTimer();
      if (v.kind === 'send') entry.resolve();
      else entry.reject(new LocalEngineError('CAPABILITY_NOT_SUPPORTED', `${v.why}; nothing was sent`));
    }
  }

  /** Drops the held request with this id (it was cancelled before it went out); false when none was held. */
  drop(tag: number, err: Error): boolean {
    const entry = this.held.find((h) => h.tag === tag);
    if (!entry) return false;
    this.remove(entry);
    entry.stopTimer();
    entry.reject(err);
    return true;
  }

  /** Fails everything held (the connection closed, or the handshake failed). */
  rejectAll(make: (method: string) => Error): void {
    for (const entry of this.held.splice(0)) {
      entry.stopTimer();
      entry.reject(make(entry.method));
    }
  }

  private remove(entry: Held): boolean {
    const at = this.held.indexOf(entry);
    if (at === -1) return false;
    this.held.splice(at, 1);
    return true;
  }
}
