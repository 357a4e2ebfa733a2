// The `progress` records of one open stream: only what arrived since the previous record, throttled, so a live
// inspector sees events and links as they come without the log re-carrying a growing event list.
import type { HttpExchange, HttpExchangeProgress } from '../../shared/http-exchange.js';

/** An open stream is recorded again at most this often, or sooner once this many events wait: live, not chatty. */
const PROGRESS_INTERVAL_MS = 250;
export const PROGRESS_BATCH_EVENTS = 50;

export class ExchangeProgress {
  private sentEvents: number;
  private sentSeqs: number;
  private sentDropped: number;
  private lastEmit: number;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  /** Made right after the `open` record of `rec` went out: what `rec` holds now was sent. */
  constructor(
    private readonly rec: HttpExchange,
    private readonly emit: (p: HttpExchangeProgress) => void,
    private readonly elapsed: () => number,
  ) {
    this.sentEvents = rec.response?.events?.length ?? 0;
    this.sentSeqs = rec.receivedSeqs.length;
    this.sentDropped = rec.response?.eventsDropped ?? 0;
    this.lastEmit = performance.now();
  }

  /** Something arrived: record it soon, batched with whatever else arrives meanwhile. */
  touch(): void {
    if (this.stopped) return;
    const waiting = (this.rec.response?.events?.length ?? 0) - this.sentEvents;
    if (waiting >= PROGRESS_BATCH_EVENTS) return this.flush();
    if (this.timer) return;
    const delay = Math.max(0, this.lastEmit + PROGRESS_INTERVAL_MS - performance.now());
    this.timer = setTimeout(() => this.flush(), delay);
    this.timer.unref();
  }

  /** The exchange ended: its final record carries everything, so a delta still waiting is not needed. */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const r = this.rec.response;
    if (this.stopped || !r) return;
    const events = (r.events ?? []).slice(this.sentEvents);
    const seqs = this.rec.receivedSeqs.slice(this.sentSeqs);
    const dropped = r.eventsDropped ?? 0;
    if (events.length === 0 && seqs.length === 0 && dropped === this.sentDropped) return;
    this.emit({
      id: this.rec.id,
      state: 'progress',
      method: this.rec.request.method,
      eventsFrom: this.sentEvents,
      events,
      receivedSeqs: seqs,
      bodySize: r.bodySize,
      ...(dropped ? { eventsDropped: dropped } : {}),
      elapsedMs: this.elapsed(),
    });
    this.sentEvents += events.length;
    this.sentSeqs += seqs.length;
    this.sentDropped = dropped;
    this.lastEmit = performance.now();
  }
}
