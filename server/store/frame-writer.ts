// Inserts batches of frames into the store: multi-row INSERTs in one transaction per batch, on whichever connection
// (and thread) owns it. Batches travel packed (frame-batch.ts), which a worker thread receives cheaply.
import type Database from 'better-sqlite3';
import { pushFrame, sessionOf, type PackedFrames } from './frame-batch.js';
import { ensureSessionKey } from './session-keys.js';

/** Rows per INSERT: one call into SQLite binds 64 frames, so the per-call cost of the binding is paid once for them. */
const ROWS_PER_INSERT = 64;
/**
 * A frame's text arrives as a string or as its UTF-8 bytes; CAST stores the bytes as TEXT exactly as they are (the
 * store's encoding is UTF-8), where binding the string would make SQLite's binding encode it to UTF-8 once more.
 */
const ROW = '(?, ?, ?, ?, ?, CAST(? AS TEXT), ?, ?, ?, ?, ?)';

export class FrameWriter {
  /** `inserts[n]` inserts n rows; prepared on first use, so a batch of any size is at most two statements. */
  private readonly inserts: Database.Statement[] = [];
  /** One batch's parameters, reused from batch to batch. */
  private readonly params: unknown[] = [];
  readonly write: (batch: PackedFrames) => void;

  constructor(private readonly db: Database.Database) {
    this.write = db.transaction((batch: PackedFrames) => this.insertAll(batch));
  }

  private insertAll(batch: PackedFrames): void {
    const params = this.params;
    params.length = 0;
    let lastSid = '';
    let sk = 0;
    let rows = 0;
    let off = 0;
    for (let n = 0; n < batch.count; n++) {
      const sid = sessionOf(batch, n);
      // A batch nearly always holds one session; its key is looked up (or made) once per run of its frames.
      if (sid !== lastSid) {
        lastSid = sid;
        sk = ensureSessionKey(this.db, sid);
      }
      params.push(sk);
      off = pushFrame(batch, n, off, params);
      if (++rows === ROWS_PER_INSERT) {
        this.insert(rows).run(params);
        params.length = 0;
        rows = 0;
      }
    }
    if (rows > 0) this.insert(rows).run(params);
    params.length = 0;
  }

  private insert(n: number): Database.Statement {
    return (this.inserts[n] ??= this.db.prepare(
      `INSERT INTO frames (sk, seq, ts, dir, kind, text, size, method, rpc_id, raw, origin) VALUES ${Array<string>(n).fill(ROW).join(', ')}`,
    ));
  }
}
