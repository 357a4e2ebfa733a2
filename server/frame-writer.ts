// Inserts batches of frames into the store: multi-row INSERTs in one transaction per batch, on whichever connection
// (and thread) owns it. Batches travel as flat arrays of plain values, which a worker thread receives cheaply.
import type Database from 'better-sqlite3';
import type { FrameRecord } from '../shared/relay-protocol.js';
import { ensureSessionKey } from './session-keys.js';

/**
 * Values per frame in a batch: session id, seq, ts, dir, kind, text, size, method, rpc id, base64 of raw bytes or null,
 * and who made it (shared/frame-origin.ts) or null.
 */
export const BATCH_WIDTH = 11;

/** Appends one frame of a session to a flat batch. */
export function pushFrame(batch: unknown[], sessionId: string, f: FrameRecord): void {
  batch.push(sessionId, f.seq, f.ts, f.dir, f.kind, f.text, f.size, f.method, f.rpcId, f.b64 ?? null, f.origin ?? null);
}

/** Rows per INSERT: one call into SQLite binds 64 frames, so the per-call cost of the binding is paid once for them. */
const ROWS_PER_INSERT = 64;
const ROW = `(${Array<string>(BATCH_WIDTH).fill('?').join(', ')})`;

export class FrameWriter {
  /** `inserts[n]` inserts n rows; prepared on first use, so a batch of any size is at most two statements. */
  private readonly inserts: Database.Statement[] = [];
  readonly write: (batch: readonly unknown[]) => void;

  constructor(private readonly db: Database.Database) {
    this.write = db.transaction((batch: readonly unknown[]) => {
      const keys = new Map<string, number>();
      const params: unknown[] = [];
      let n = 0;
      for (let i = 0; i < batch.length; i += BATCH_WIDTH) {
        const sid = batch[i] as string;
        let sk = keys.get(sid);
        if (sk === undefined) keys.set(sid, (sk = ensureSessionKey(db, sid)));
        const b64 = batch[i + 9] as string | null;
        params.push(sk, batch[i + 1], batch[i + 2], batch[i + 3], batch[i + 4], batch[i + 5], batch[i + 6], batch[i + 7], batch[i + 8], b64 === null ? null : Buffer.from(b64, 'base64'), batch[i + 10]);
        if (++n === ROWS_PER_INSERT) {
          this.insert(n).run(params);
          params.length = 0;
          n = 0;
        }
      }
      if (n > 0) this.insert(n).run(params);
    });
  }

  private insert(n: number): Database.Statement {
    return (this.inserts[n] ??= this.db.prepare(
      `INSERT INTO frames (sk, seq, ts, dir, kind, text, size, method, rpc_id, raw, origin) VALUES ${Array<string>(n).fill(ROW).join(', ')}`,
    ));
  }
}
