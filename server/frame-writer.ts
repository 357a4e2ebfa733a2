// Inserts batches of frames into the store: multi-row INSERTs in one transaction per batch, on whichever connection
// (and thread) owns it. Batches travel packed (frame-batch.ts), which a worker thread receives cheaply.
import type Database from 'better-sqlite3';
import { eachFrame, type PackedFrames } from './frame-batch.js';
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
  readonly write: (batch: PackedFrames) => void;

  constructor(private readonly db: Database.Database) {
    this.write = db.transaction((batch: PackedFrames) => {
      const keys = new Map<string, number>();
      const params: unknown[] = [];
      let n = 0;
      eachFrame(batch, (sid, v) => {
        let sk = keys.get(sid);
        if (sk === undefined) keys.set(sid, (sk = ensureSessionKey(db, sid)));
        params.push(sk, v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9]);
        if (++n === ROWS_PER_INSERT) {
          this.insert(n).run(params);
          params.length = 0;
          n = 0;
        }
      });
      if (n > 0) this.insert(n).run(params);
    });
  }

  private insert(n: number): Database.Statement {
    return (this.inserts[n] ??= this.db.prepare(
      `INSERT INTO frames (sk, seq, ts, dir, kind, text, size, method, rpc_id, raw, origin) VALUES ${Array<string>(n).fill(ROW).join(', ')}`,
    ));
  }
}
