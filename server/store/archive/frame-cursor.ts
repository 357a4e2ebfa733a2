// Streams a session's frames straight from SQLite with .iterate() on a read-only connection of its own, so an export of a
// million frames holds one row at a time and never blocks the recorder's inserts (WAL lets readers and a writer overlap).
import Database from 'better-sqlite3';
import type { FrameRecord } from '../../../shared/relay-protocol.js';
import { toFrame, type FrameRow, type Recorder } from '../recorder.js';
import { sessionKey } from '../session-keys.js';

export interface FrameRange {
  fromSeq?: number;
  toSeq?: number | null;
  /** Only frames in this direction. */
  dir?: FrameRecord['dir'];
  /** Only frames of these kinds. */
  kinds?: readonly FrameRecord['kind'][];
}

/** Rows per page when the store is in memory (tests), where a second connection cannot see the data. */
const PAGE = 1000;

function where(range: FrameRange): { sql: string; params: unknown[] } {
  const parts = ['sk = ?', 'seq >= ?'];
  const params: unknown[] = [range.fromSeq ?? 0];
  if (range.toSeq !== undefined && range.toSeq !== null) {
    parts.push('seq <= ?');
    params.push(range.toSeq);
  }
  if (range.dir) {
    parts.push('dir = ?');
    params.push(range.dir);
  }
  if (range.kinds && range.kinds.length > 0) {
    parts.push(`kind IN (${range.kinds.map(() => '?').join(', ')})`);
    params.push(...range.kinds);
  }
  return { sql: parts.join(' AND '), params };
}

/**
 * Yields the frames in seq order. The generator may be suspended between frames (while a response drains), so on a
 * file-backed store it reads through its own connection: an open iterator on the recorder's would make inserts throw.
 */
export async function* iterateFrames(recorder: Recorder, sessionId: string, range: FrameRange = {}): AsyncGenerator<FrameRecord> {
  recorder.flush();
  const sk = sessionKey(recorder.db, sessionId);
  if (sk === null) return;
  const { sql, params } = where(range);
  if (recorder.db.memory) {
    let after = (range.fromSeq ?? 0) - 1;
    for (;;) {
      const rows = recorder.db.prepare(`SELECT * FROM frames WHERE ${sql} AND seq > ? ORDER BY seq LIMIT ${PAGE}`).all(sk, ...params, after) as FrameRow[];
      for (const r of rows) yield toFrame(r);
      if (rows.length < PAGE) return;
      after = rows.at(-1)!.seq;
    }
  }
  const reader = new Database(recorder.db.name, { readonly: true, fileMustExist: true });
  try {
    const stmt = reader.prepare(`SELECT * FROM frames WHERE ${sql} ORDER BY seq`);
    for (const row of stmt.iterate(sk, ...params) as IterableIterator<FrameRow>) yield toFrame(row);
  } finally {
    reader.close();
  }
}
