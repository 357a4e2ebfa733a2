// Windowed reads of one session's frames for the browser's log: match counts per block of seqs under a filter,
// pages from a position, and each frame's request/response found by id, so a million frames never travel at once.
import type Database from 'better-sqlite3';
import { PREVIEW_CHARS, type FrameIndex, type WindowFilter, type WindowFrame } from '../shared/frame-window-api.js';
import type { FrameRecord } from '../shared/relay-protocol.js';
import { toFrame, type FrameRow } from './recorder.js';

/**
 * A block is 2^BLOCK_BITS seqs. Counting matches per block is one pass that SQLite aggregates itself (no row
 * reaches JS), and a page read then starts at its block and skips fewer than 2^BLOCK_BITS rows.
 */
export const BLOCK_BITS = 12;

interface Where {
  sql: string;
  params: unknown[];
}

export class FrameWindowReader {
  constructor(private readonly db: Database.Database) {}

  /**
   * The WHERE clause of a filter; null when nothing can match (a method filter no recorded method contains).
   * `answers`: for a method filter, select instead the responses to requests of those methods (the store keeps no
   * method on a response; the live log shows them under their request's method, so the windowed one must too).
   */
  private where(sessionId: string, f: WindowFilter, answers: 'both' | 'own' | 'answers' = 'both'): Where | null {
    const parts = ['session_id = ?'];
    const params: unknown[] = [sessionId];
    if (f.method) {
      // The method index answers DISTINCT quickly; the substring test runs on the few distinct names, then IN uses the index.
      const needle = f.method.toLowerCase();
      const methods = (this.db.prepare('SELECT DISTINCT method FROM frames WHERE session_id = ? AND method IS NOT NULL').pluck().all(sessionId) as string[]).filter((m) =>
        m.toLowerCase().includes(needle),
      );
      if (methods.length === 0) return null;
      const list = methods.map(() => '?').join(', ');
      const own = `method IN (${list})`;
      // A response answers the latest earlier request with its id from the other side; the IN list only narrows the
      // candidates cheaply (ids are reused across exchanges) before that exact, per-response lookup.
      const answered = `(kind IN ('response', 'error') AND rpc_id IN (SELECT rpc_id FROM frames WHERE session_id = ? AND kind = 'request' AND method IN (${list}))
        AND (SELECT q.method FROM frames q WHERE q.session_id = frames.session_id AND q.rpc_id = frames.rpc_id AND q.dir != frames.dir
             AND q.seq < frames.seq AND q.kind = 'request' ORDER BY q.seq DESC LIMIT 1) IN (${list}))`;
      if (answers === 'own') parts.push(own);
      else if (answers === 'answers') parts.push(answered);
      else parts.push(`(${own} OR ${answered})`);
      if (answers !== 'answers') params.push(...methods);
      if (answers !== 'own') params.push(sessionId, ...methods, ...methods);
    }
    if (f.dir) {
      parts.push('dir = ?');
      params.push(f.dir);
    }
    if (f.kinds && f.kinds.length > 0) {
      parts.push(`kind IN (${f.kinds.map(() => '?').join(', ')})`);
      params.push(...f.kinds);
    }
    if (f.text) {
      parts.push(`text LIKE ? ESCAPE '\\'`);
      params.push(`%${f.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    }
    return { sql: parts.join(' AND '), params };
  }

  index(sessionId: string, filter: WindowFilter): FrameIndex {
    const lastSeq = (this.db.prepare('SELECT max(seq) FROM frames WHERE session_id = ?').pluck().get(sessionId) as number | null) ?? 0;
    const out: FrameIndex = { lastSeq, total: 0, blockBits: BLOCK_BITS, blocks: [] };
    // A method filter counts in two passes, each on its own index (one OR would scan the whole session), then merges.
    const counts = new Map<number, number>();
    for (const part of filter.method ? (['own', 'answers'] as const) : (['both'] as const)) {
      const w = this.where(sessionId, filter, part);
      if (!w) return out;
      const rows = this.db
        .prepare(`SELECT seq >> ${BLOCK_BITS} AS b, count(*) AS n FROM frames WHERE ${w.sql} AND seq <= ? GROUP BY b`)
        .raw()
        .all(...w.params, lastSeq) as Array<[number, number]>;
      for (const [b, n] of rows) counts.set(b, (counts.get(b) ?? 0) + n);
    }
    out.blocks = [...counts].sort((a, b) => a[0] - b[0]);
    for (const [, n] of out.blocks) out.total += n;
    return out;
  }

  /** Up to `limit` matching frames from seq `fromSeq` on, after skipping `skip` matches. */
  page(sessionId: string, fromSeq: number, skip: number, limit: number, filter: WindowFilter): WindowFrame[] {
    const w = this.where(sessionId, filter);
    if (!w) return [];
    const rows = this.db
      .prepare(`SELECT * FROM frames WHERE ${w.sql} AND seq >= ? ORDER BY seq LIMIT ? OFFSET ?`)
      .all(...w.params, fromSeq, limit, skip) as FrameRow[];
    return rows.map((r) => this.withPair(sessionId, r));
  }

  /** One frame in full (its text uncut), or null. */
  frame(sessionId: string, seq: number): FrameRecord | null {
    const row = this.db.prepare('SELECT * FROM frames WHERE session_id = ? AND seq = ?').get(sessionId, seq) as FrameRow | undefined;
    return row ? toFrame(row) : null;
  }

  /**
   * Pairs by id alone: a request's first later answer from the other side, a response's latest earlier request.
   * Unlike the page's in-memory pairing this does not restart at a respawn; it is what a window can afford.
   */
  private withPair(sessionId: string, r: FrameRow): WindowFrame {
    const f = toFrame(r);
    const out: WindowFrame = { ...f, pairs: [], pairMethod: null, latencyMs: null };
    if (f.text.length > PREVIEW_CHARS) {
      out.text = f.text.slice(0, PREVIEW_CHARS);
      delete out.b64;
      out.truncated = true;
    }
    if (f.rpcId === null || f.dir === 'relay') return out;
    const other = f.dir === 'in' ? 'out' : 'in';
    if (f.kind === 'request') {
      const res = this.db
        .prepare(`SELECT seq FROM frames WHERE session_id = ? AND rpc_id = ? AND dir = ? AND seq > ? AND kind IN ('response', 'error') ORDER BY seq LIMIT 1`)
        .pluck()
        .get(sessionId, f.rpcId, other, f.seq) as number | undefined;
      if (res !== undefined) out.pairs.push(res);
    } else if (f.kind === 'response' || f.kind === 'error') {
      const req = this.db
        .prepare(`SELECT seq, ts, method FROM frames WHERE session_id = ? AND rpc_id = ? AND dir = ? AND seq < ? AND kind = 'request' ORDER BY seq DESC LIMIT 1`)
        .get(sessionId, f.rpcId, other, f.seq) as { seq: number; ts: number; method: string | null } | undefined;
      if (req) {
        out.pairs.push(req.seq);
        out.pairMethod = req.method;
        out.latencyMs = f.ts - req.ts;
      }
    }
    return out;
  }
}
