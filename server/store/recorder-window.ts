// Windowed reads of one session's frames for the browser's log: match counts per block of seqs under a filter,
// pages from a position, and each frame's request/response found by id, so a million frames never travel at once.
// The SQL each filter becomes, and how a page's range is cut to its blocks, is window-where.ts.
import type Database from 'better-sqlite3';
import type { FrameIndex, WindowFilter, WindowFrame } from '../../shared/frame-window-api.js';
import { PREVIEW_CHARS } from '../../shared/relay-names.js';
import type { FrameRecord } from '../../shared/relay-protocol.js';
import { toFrame, type FrameRow } from './recorder.js';
import { sessionKey } from './session-keys.js';
import { BLOCK_BITS } from './block-counts.js';
import { BlockAnswers, type Counted } from './block-answers.js';
import { TextIndex, type TextPlan } from './text-index.js';
import { ALL, crossed, filterWhere, narrowSpans, type Span, type TextPart, type Where } from './window-where.js';

/**
 * A block is 2^BLOCK_BITS seqs. Counting matches per block is one pass that SQLite aggregates itself (no row
 * reaches JS), and a page read then starts at its block and skips fewer than 2^BLOCK_BITS rows.
 */
export { BLOCK_BITS };

/**
 * Whether a session's method names a request or notification. It stops at the method's first one: immediate for a
 * flood's method. INDEXED BY because SQLite otherwise walks the session by seq, which for a relay event's method (no
 * request ever matches) read every frame: 30 s at 3 million, the relay deaf meanwhile; by the method index it reads
 * that method's few events.
 */
export const METHOD_USED_SQL = "SELECT 1 FROM frames INDEXED BY frames_by_method WHERE sk = ? AND method = ? AND kind IN ('request', 'notification') LIMIT 1";

/** How long firstIndex reads before it answers with what it found: the page's first rows wait on it. */
const FIRST_BUDGET_MS = 40;
/** Frames past the background pass that a quick whole count may still read by LIKE (a few tens of ms). */
const QUICK_TAIL = 50_000;

export class FrameWindowReader {
  /** withPair's two lookups, prepared once: a page of 100 rows runs up to 100 of them. */
  private pairStatements: { answer: Database.Statement; request: Database.Statement } | null = null;
  private readonly textIndex: TextIndex;
  /** The last text plan, by session key and needle: a filter's page reads ask the same one again and again. */
  private lastPlan: { sk: number; needle: string; indexedTo: number; plan: TextPlan | null } | null = null;

  private readonly answers: BlockAnswers;

  constructor(private readonly db: Database.Database) {
    this.textIndex = new TextIndex(db);
    this.answers = new BlockAnswers(
      db,
      (sk, needle) => this.methods(sk).filter((m) => m.toLowerCase().includes(needle)),
      (sk, needle) => this.textParts(sk, { text: needle }).plan !== null,
    );
  }

  /**
   * The filter's matches per block as far as the background pass has counted, where its tables answer the filter
   * (block-answers.ts); null otherwise (read the frames).
   */
  private counted(sk: number, f: WindowFilter): Counted | null {
    // One read transaction, one snapshot: the pass may commit a chunk between two statements, and counts past the
    // coveredTo they are read with would be counted again by the read of the frames after it.
    return this.db.transaction(() => this.answers.counted(sk, this.textIndex.indexedTo(sk), f))();
  }

  /** How many frames counting the filter reads one by one: those the block counts do not answer (all without them). */
  uncounted(sessionId: string, filter: WindowFilter, lastSeq: number): number {
    const sk = sessionKey(this.db, sessionId);
    const c = sk === null ? null : this.counted(sk, filter);
    return c ? Math.max(0, lastSeq - c.coveredTo) + c.unknown.length * 2 ** BLOCK_BITS : lastSeq;
  }

  /** The text parts a filter reads in, with the index's plan when it has one for this needle. */
  private textParts(sk: number, f: WindowFilter): { parts: TextPart[]; plan: TextPlan | null } {
    if (!f.text) return { parts: ['scan'], plan: null };
    const indexedTo = this.textIndex.indexedTo(sk);
    const last = this.lastPlan;
    const plan = last && last.sk === sk && last.needle === f.text && last.indexedTo === indexedTo ? last.plan : this.textIndex.plan(sk, f.text);
    this.lastPlan = { sk, needle: f.text, indexedTo, plan };
    return plan ? { parts: ['indexed', 'tail'], plan } : { parts: ['scan'], plan: null };
  }

  /**
   * The distinct methods of a session, one index seek each: SELECT DISTINCT walks every index entry (700 ms over a
   * million frames), since without ANALYZE statistics SQLite does not skip-scan.
   */
  private methods(sk: number): string[] {
    const next = this.db.prepare('SELECT method FROM frames WHERE sk = ? AND method > ? ORDER BY method LIMIT 1').pluck();
    const out: string[] = [];
    for (let m = next.get(sk, '') as string | undefined; m !== undefined; m = next.get(sk, m) as string | undefined) out.push(m);
    return out;
  }

  /** The methods of the session's requests and notifications (what the method filter suggests), not relay events'. */
  messageMethods(sessionId: string): string[] {
    const sk = sessionKey(this.db, sessionId);
    if (sk === null) return [];
    const used = this.db.prepare(METHOD_USED_SQL).pluck();
    return this.methods(sk).filter((m) => used.get(sk, m) !== undefined);
  }

  lastSeq(sessionId: string): number {
    const sk = sessionKey(this.db, sessionId);
    return sk === null ? 0 : ((this.db.prepare('SELECT max(seq) FROM frames WHERE sk = ?').pluck().get(sk) as number | null) ?? 0);
  }

  /** `range` (fromSeq ≤ seq < toSeq) lets a scan be split across threads; `lastSeq` is then the caller's. */
  index(sessionId: string, filter: WindowFilter, range?: { fromSeq: number; toSeq: number; lastSeq: number }): FrameIndex {
    const lastSeq = range?.lastSeq ?? this.lastSeq(sessionId);
    const out: FrameIndex = { lastSeq, total: 0, blockBits: BLOCK_BITS, blocks: [] };
    const sk = sessionKey(this.db, sessionId);
    if (sk === null) return out;
    // A method filter counts in two passes, each on its own index (one OR would scan the whole session), then merges.
    const counts = new Map<number, number>();
    // What the block counts cover is summed from them, block by block (ranges are block-aligned); the rest is read:
    // the blocks whose counts only bound the matches, then the frames past the counts.
    const counted = this.counted(sk, filter);
    const span = range ?? ALL;
    const inSpan = (b: number) => b << BLOCK_BITS >= span.fromSeq && b << BLOCK_BITS < span.toSeq;
    for (const [b, n] of counted?.blocks ?? []) if (inSpan(b)) counts.set(b, n);
    const end = Math.min(span.toSeq, lastSeq + 1);
    const reads: Span[] = counted
      ? [
          ...counted.unknown.filter(inSpan).map((b) => ({ fromSeq: b << BLOCK_BITS, toSeq: Math.min((b + 1) << BLOCK_BITS, counted.coveredTo + 1) })),
          { fromSeq: Math.max(span.fromSeq, counted.coveredTo + 1), toSeq: end },
        ]
      : [{ fromSeq: span.fromSeq, toSeq: end }];
    // Adjacent spans read as one: a session whose every block is unknown is read in one query, as before the counts.
    for (let i = reads.length - 1; i > 0; i--)
      if (reads[i - 1]!.toSeq === reads[i]!.fromSeq) {
        reads[i - 1]!.toSeq = reads[i]!.toSeq;
        reads.splice(i, 1);
      }
    const text = this.textParts(sk, filter);
    for (const [part, tp] of crossed(filter, text.parts)) {
      const w = filterWhere((k) => this.methods(k), sk, sessionId, filter, part, tp, text.plan, span);
      if (!w) return out;
      for (const r of reads) if (r.fromSeq < r.toSeq) for (const [b, n] of this.countGrouped(w, r)) counts.set(b, (counts.get(b) ?? 0) + n);
    }
    out.blocks = [...counts].sort((a, b) => a[0] - b[0]);
    for (const [, n] of out.blocks) out.total += n;
    return out;
  }

  /** Matches per block in a span, in one query that SQLite aggregates itself (no row reaches JS). */
  private countGrouped(w: Where, r: Span): Array<[number, number]> {
    return this.db
      .prepare(`SELECT seq >> ${BLOCK_BITS} AS b, count(*) AS n FROM frames WHERE ${w.sql} AND seq >= ? AND seq < ? GROUP BY b`)
      .raw()
      .all(...w.params, r.fromSeq, r.toSeq) as Array<[number, number]>;
  }

  /**
   * The filter's first matches: counted from the session's start in spans of blocks that double each time, until
   * `want` are found, the session ends or `budgetMs` has passed (a rare needle nothing answers fast). What the page
   * shows while a whole count that reads every frame (a common needle of three characters or more) is still made.
   */
  firstIndex(sessionId: string, filter: WindowFilter, want: number, budgetMs = FIRST_BUDGET_MS): FrameIndex {
    const lastSeq = this.lastSeq(sessionId);
    // What the block counts or the trigram index answer is counted whole in a few ms: the whole answer at once, where
    // the doubling spans would each pay a query (a rare match's spans run to the end: 53–82 ms at 3M frames).
    const sk = sessionKey(this.db, sessionId);
    if (sk !== null && lastSeq - this.textIndex.indexedTo(sk) < QUICK_TAIL) {
      const c = this.counted(sk, filter);
      // Blocks the counts only bound are read whole, so they count against the same few tens of ms.
      if (c !== null && c.unknown.length * 2 ** BLOCK_BITS + lastSeq - c.coveredTo < QUICK_TAIL) return this.index(sessionId, filter);
      if (c === null && filter.text && this.textParts(sk, filter).plan !== null) return this.index(sessionId, filter);
    }
    const out: FrameIndex = { lastSeq, total: 0, blockBits: BLOCK_BITS, blocks: [] };
    const block = 2 ** BLOCK_BITS;
    const end = (Math.floor(lastSeq / block) + 1) * block;
    const t0 = performance.now();
    for (let from = 0, span = 1; from < end; span *= 2) {
      const to = Math.min(end, from + span * block);
      const part = this.index(sessionId, filter, { fromSeq: from, toSeq: to, lastSeq });
      out.blocks.push(...part.blocks);
      out.total += part.total;
      from = to;
      if (from < end && (out.total >= want || performance.now() - t0 > budgetMs)) return { ...out, lastSeq: to - 1, partial: true };
    }
    return out;
  }

  /**
   * Up to `limit` matching frames with fromSeq ≤ seq < toSeq, after skipping `skip` matches. The caller bounds the
   * range from the index (the blocks that hold the page), so a rare match never makes this scan the rest of the session.
   */
  page(sessionId: string, fromSeq: number, toSeq: number, skip: number, limit: number, filter: WindowFilter): WindowFrame[] {
    const sk = sessionKey(this.db, sessionId);
    if (sk === null) return [];
    const narrowed = narrowSpans(this.counted(sk, filter), fromSeq, toSeq, skip, limit);
    skip = narrowed.skip;
    // As in index(): a method filter reads its two parts apart, each through its own index, and merges them; and each
    // span the block counts leave (disjoint, in order) is read apart too.
    const seqs: number[] = [];
    const text = this.textParts(sk, filter);
    for (const span of narrowed.spans)
      for (const [part, tp] of crossed(filter, text.parts)) {
        const w = filterWhere((k) => this.methods(k), sk, sessionId, filter, part, tp, text.plan, span);
        if (!w) return [];
        const found = this.db
          .prepare(`SELECT seq FROM frames WHERE ${w.sql} AND seq >= ? AND seq < ? ORDER BY seq LIMIT ?`)
          .pluck()
          .all(...w.params, span.fromSeq, span.toSeq, skip + limit) as number[];
        seqs.push(...found);
      }
    const chosen = seqs.sort((a, b) => a - b).slice(skip, skip + limit);
    if (chosen.length === 0) return [];
    const rows = this.db
      .prepare(`SELECT * FROM frames WHERE sk = ? AND seq IN (${chosen.map(() => '?').join(', ')}) ORDER BY seq`)
      .all(sk, ...chosen) as FrameRow[];
    return rows.map((r) => this.withPair(sk, r));
  }

  /** One frame in full (its text uncut), or null. */
  frame(sessionId: string, seq: number): FrameRecord | null {
    const sk = sessionKey(this.db, sessionId);
    const row = sk === null ? undefined : (this.db.prepare('SELECT * FROM frames WHERE sk = ? AND seq = ?').get(sk, seq) as FrameRow | undefined);
    return row ? toFrame(row) : null;
  }

  /**
   * Pairs by id alone: a request's first later answer from the other side, a response's latest earlier request.
   * Unlike the page's in-memory pairing this does not restart at a respawn; it is what a window can afford.
   */
  private withPair(sk: number, r: FrameRow): WindowFrame {
    const f = toFrame(r);
    const out: WindowFrame = { ...f, pairs: [], pairMethod: null, latencyMs: null };
    if (f.text.length > PREVIEW_CHARS) {
      out.text = f.text.slice(0, PREVIEW_CHARS);
      delete out.b64;
      out.truncated = true;
    }
    if (f.rpcId === null || f.dir === 'relay') return out;
    const other = f.dir === 'in' ? 'out' : 'in';
    const q = (this.pairStatements ??= {
      answer: this.db
        .prepare(
          `SELECT seq FROM frames INDEXED BY frames_by_rpc_id WHERE sk = ? AND rpc_id = ? AND dir = ? AND seq > ? AND kind IN ('response', 'error') ORDER BY seq LIMIT 1`,
        )
        .pluck(),
      request: this.db.prepare(
        `SELECT seq, ts, method FROM frames INDEXED BY frames_by_rpc_id WHERE sk = ? AND rpc_id = ? AND dir = ? AND seq < ? AND kind = 'request' ORDER BY seq DESC LIMIT 1`,
      ),
    });
    if (f.kind === 'request') {
      const res = q.answer.get(sk, f.rpcId, other, f.seq) as number | undefined;
      if (res !== undefined) out.pairs.push(res);
    } else if (f.kind === 'response' || f.kind === 'error') {
      const req = q.request.get(sk, f.rpcId, other, f.seq) as { seq: number; ts: number; method: string | null } | undefined;
      if (req) {
        out.pairs.push(req.seq);
        out.pairMethod = req.method;
        out.latencyMs = f.ts - req.ts;
      }
    }
    return out;
  }
}
