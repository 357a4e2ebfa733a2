// Folds an open HTTP stream's keep-alives (SSE comments and other events that carry no message) into the stream's own
// row: an idle Streamable HTTP session otherwise logs a row every 15 s, and after ten minutes its log and sequence view
// are mostly "GET · stream". The folded records stay in the session (the HTTP tab and the detail read them); only the
// rows leave, and the stream's row counts them with the time of the last (in the links store: the row's entry is
// logged already and never changes).
import { isPlainObject } from '../../../shared/jsonrpc.js';
import type { EntryDraft } from './frame-entry.js';
import type { FrameLinkStore } from './frame-links.js';

/** A progress record that brought only events without data and no message frame: nothing but a sign of life. */
export function isKeepAliveRecord(value: unknown): boolean {
  if (!isPlainObject(value) || value.state !== 'progress') return false;
  if (!Array.isArray(value.events) || value.events.length === 0) return false;
  if (Array.isArray(value.receivedSeqs) && value.receivedSeqs.length > 0) return false;
  return value.events.every(
    (e) => isPlainObject(e) && e.seq === undefined && (e.data === undefined || e.data === '') && !(typeof e.dataSize === 'number' && e.dataSize > 0),
  );
}

/** Watches a session's http frames as they are appended, in seq order. */
export class KeepAliveFold {
  /** The row (its seq) of each exchange still open, by exchange id. */
  private readonly open = new Map<string, number>();
  /** How many records were folded away (rows the log does not have); until one is, the log's rows are its frames. */
  rows = 0;

  constructor(private readonly links: FrameLinkStore) {}

  get folded(): boolean {
    return this.rows > 0;
  }

  /** Notes an entry about to be logged; returns true when it was folded into its stream's row (and is no row of its own). */
  note(entry: EntryDraft): boolean {
    if (entry.frame.kind !== 'http' || !isPlainObject(entry.value) || typeof entry.value.id !== 'string') return false;
    const { id, state } = entry.value;
    if (state === 'open') {
      this.open.set(id, entry.frame.seq);
      return false;
    }
    if (state !== 'progress') {
      // The final record: the exchange is over, and it is a row of its own.
      this.open.delete(id);
      return false;
    }
    const row = this.open.get(id);
    if (row === undefined || !isKeepAliveRecord(entry.value)) return false;
    this.links.keepAlive(row, (entry.value.events as unknown[]).length, entry.frame.ts);
    entry.foldedInto = row;
    this.rows++;
    return true;
  }
}
