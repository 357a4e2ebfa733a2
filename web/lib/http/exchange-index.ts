// Folds a session's `http` frames into one row per HTTP exchange (its `open` record, the `progress` deltas of a stream,
// then its final one) and maps each JSON-RPC frame back to the exchange that carried it. Built incrementally: the log
// only ever appends.
import { applyExchangeProgress, HttpExchangeRecordSchema, type HttpExchange, type HttpExchangeProgress } from '../../../shared/http-exchange.js';
import type { FrameEntry } from '../log/frame-entry.js';

export interface ExchangeRow {
  /**
   * Unique in the session: the relay's exchange id. Sessions recorded before the relay scoped ids per connection
   * numbered each restarted transport's exchanges from x1 again; those repeats get a `~n` suffix here.
   */
  id: string;
  /** The exchange as its records so far tell it: the final record once it ended, else `open` plus its progress. */
  x: HttpExchange;
  /** The seqs of the `http` frames that recorded it, oldest first. */
  recordSeqs: number[];
  /** Position in arrival order, for stable numbering in the list. */
  index: number;
}

export class ExchangeIndex {
  private readonly byId = new Map<string, ExchangeRow>();
  /** The relay's exchange id → the newest row that used it (older recordings reuse ids after a restart). */
  private readonly byWireId = new Map<string, ExchangeRow>();
  private readonly list: ExchangeRow[] = [];
  /** JSON-RPC frame seq → id of the exchange that carried it (sent in its request or received in its response). */
  private readonly carrier = new Map<number, string>();
  /** `http` frames that were not a valid exchange record (an older relay, a damaged import): shown, never hidden. */
  readonly unreadable: number[] = [];
  private scanned = 0;
  version = 0;

  /** Reads the entries appended since the last call; returns true when anything changed. */
  update(entries: readonly FrameEntry[]): boolean {
    // A shorter list means a different log (the store was reset): start again.
    if (entries.length < this.scanned) this.reset();
    let changed = false;
    for (; this.scanned < entries.length; this.scanned++) {
      const entry = entries[this.scanned];
      if (entry?.frame.kind !== 'http') continue;
      changed = true;
      const parsed = HttpExchangeRecordSchema.safeParse(entry.value);
      if (!parsed.success) {
        this.unreadable.push(entry.frame.seq);
        continue;
      }
      if (parsed.data.state === 'progress') this.progress(parsed.data, entry.frame.seq);
      else this.add(parsed.data, entry.frame.seq);
    }
    if (changed) this.version++;
    return changed;
  }

  get rows(): readonly ExchangeRow[] {
    return this.list;
  }

  get(id: string): ExchangeRow | undefined {
    return this.byId.get(id);
  }

  /** The exchange that carried this JSON-RPC frame, or of which this `http` frame is a record. */
  carrierOf(seq: number): ExchangeRow | undefined {
    const id = this.carrier.get(seq);
    return id === undefined ? undefined : this.byId.get(id);
  }

  /** The row of an id as the relay wrote it (a `resumes` link), within the newest transport that used it. */
  byWire(wireId: string): ExchangeRow | undefined {
    return this.byWireId.get(wireId);
  }

  private add(x: HttpExchange, seq: number): void {
    let row = this.byWireId.get(x.id);
    // Only an `open` record is followed by another record of the same exchange: after a final one, the id is reused.
    if (row && row.x.state === 'open') {
      row.x = x;
      row.recordSeqs.push(seq);
    } else {
      const id = this.byId.has(x.id) ? `${x.id}~${this.list.length + 1}` : x.id;
      row = { id, x, recordSeqs: [seq], index: this.list.length + 1 };
      this.byId.set(id, row);
      this.byWireId.set(x.id, row);
      this.list.push(row);
    }
    this.carrier.set(seq, row.id);
    if (x.sentSeq !== undefined) this.carrier.set(x.sentSeq, row.id);
    for (const s of x.receivedSeqs) this.carrier.set(s, row.id);
  }

  /** An open stream's delta: merged into its row, so events and links show while the stream runs. */
  private progress(p: HttpExchangeProgress, seq: number): void {
    const row = this.byWireId.get(p.id);
    // A delta without its open record (a log that starts mid-stream) has nothing to attach to; the final record will.
    if (!row || row.x.state !== 'open') return;
    row.x = applyExchangeProgress(row.x, p);
    row.recordSeqs.push(seq);
    this.carrier.set(seq, row.id);
    for (const s of p.receivedSeqs) this.carrier.set(s, row.id);
  }

  private reset(): void {
    this.byId.clear();
    this.byWireId.clear();
    this.list.length = 0;
    this.carrier.clear();
    this.unreadable.length = 0;
    this.scanned = 0;
  }
}
