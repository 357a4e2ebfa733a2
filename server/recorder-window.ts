// Windowed reads of one session's frames for the browser's log: match counts per block of seqs under a filter,
// pages from a position, and each frame's request/response found by id, so a million frames never travel at once.
import type Database from 'better-sqlite3';
import type { FrameKind } from '../shared/jsonrpc.js';
import type { FrameDir, FrameRecord } from '../shared/relay-protocol.js';
import { toFrame, type FrameRow } from './recorder.js';

export interface WindowFilter {
  /** Case-insensitive (ASCII) substring of the raw text. */
  text?: string;
  /** Case-insensitive substring of a frame's own method (responses carry none in the store). */
  method?: string;
  dir?: FrameDir;
  kinds?: FrameKind[];
}

/**
 * A block is 2^BLOCK_BITS seqs. Counting matches per block is one pass that SQLite aggregates itself (no row
 * reaches JS), and a page read then starts at its block and skips fewer than 2^BLOCK_BITS rows.
 */
export const BLOCK_BITS = 12;

export interface FrameIndex {
  /** The highest seq recorded when the index was taken; later frames are not counted. */
  lastSeq: number;
  total: number;
  blockBits: number;
  /** [block number, matching frames in it], ascending, empty blocks left out. */
  blocks: Array<[number, number]>;
}

export interface WindowFrame extends FrameRecord {
  /** Seq of the frame on the other side of this frame's exchange, found by id. */
  pairs: number[];
  /** For a response: the method of the request it answers. */
  pairMethod: string | null;
  latencyMs: number | null;
  /** The text was cut to PREVIEW_CHARS; the full frame is read on demand. */
  truncated?: true;
}

/** A page carries at most this much of a frame's text: a 10 MB result must not ride in every scroll. */
export const PREVIEW_CHARS = 16_384;

interface Where {
  sql: string;
  params: unknown[];
}

export class FrameWindowReader {
  constructor(private readonly db: Database.Database) {}

  /** Null when nothing can match (a method filter no recorded method contains). */
  private where(sessionId: string, f: WindowFilter): Where | null {
    const parts = ['session_id = ?'];
    const params: unknown[] = [sessionId];
    if (f.method) {
      // The method index answers DISTINCT quickly; the substring test runs on the few distinct names, then IN uses the index.
      const needle = f.method.toLowerCase();
      const methods = (this.db.prepare('SELECT DISTINCT method FROM frames WHERE session_id = ? AND method IS NOT NULL').pluck().all(sessionId) as string[]).filter((m) =>
        m.toLowerCase().includes(needle),
      );
      if (methods.length === 0) return null;
      parts.push(`method IN (${methods.map(() => '?').join(', ')})`);
      params.push(...methods);
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
    const w = this.where(sessionId, filter);
    const out: FrameIndex = { lastSeq, total: 0, blockBits: BLOCK_BITS, blocks: [] };
    if (!w) return out;
    const rows = this.db
      .prepare(`SELECT seq >> ${BLOCK_BITS} AS b, count(*) AS n FROM frames WHERE ${w.sql} AND seq <= ? GROUP BY b ORDER BY b`)
      .raw()
      .all(...w.params, lastSeq) as Array<[number, number]>;
    out.blocks = rows;
    for (const [, n] of rows) out.total += n;
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
