// Per-block counts of a session's frames that the background pass keeps beside the trigram index (text-index.ts):
// by direction, kind and method ("facets"), and by every one- and two-character substring of the frames' text
// ("grams"). A windowed filter on direction, kind or method alone, or a text needle shorter than a trigram, is then
// counted from a few rows per block (733 blocks at 3M frames) instead of reading every frame, and a page read skips
// the blocks that hold no match.
//
// Why beside the pass and not an index on the frames table: the writer thread would pay for every entry on the
// recording path, and an index on (sk, dir, kind, seq) still walks one entry per matching frame (3M for a common
// direction), where the counts are already summed per block.
//
// Same answers as the scan, by construction: a gram is a substring of lower(text), ASCII letters folded as LIKE folds
// them, counted once per frame that holds it; a response's method is the method of the request the scan's own SQL
// pairs it with (the latest earlier request with its id from the other side), computed by that SQL.
import type Database from 'better-sqlite3';
import { addEnds, asciiLower, joinEnds, type Ends } from './shared-ends.js';

/** A block is 2^BLOCK_BITS seqs: the unit of a filter's counts (FrameIndex.blocks) and of these tables. */
export const BLOCK_BITS = 12;

/** Code points are below 0x110000: a bigram's key lies past every unigram's. */
const CP = 0x110000;
/** ASCII unigrams at 0..127 and bigrams at 128 + a·128 + b in flat arrays: the common case costs no Map. */
const ASCII_SLOTS = 128 + 128 * 128;

/** Counts, over the frames added, how many hold each distinct one- and two-code-point substring of their text. */
export class GramCounter {
  private stamp = 0;
  private readonly asciiSeen = new Int32Array(ASCII_SLOTS);
  private readonly asciiCount = new Int32Array(ASCII_SLOTS);
  private readonly otherSeen = new Map<number, number>();
  private readonly otherCount = new Map<number, number>();

  add(text: string): void {
    const s = ++this.stamp;
    const seen = this.asciiSeen;
    const count = this.asciiCount;
    let prev = -1;
    for (let i = 0; i < text.length; i++) {
      let c = text.charCodeAt(i);
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
        const d = text.charCodeAt(i + 1);
        if (d >= 0xdc00 && d <= 0xdfff) {
          c = (c - 0xd800) * 0x400 + (d - 0xdc00) + 0x10000;
          i++;
        }
      } else if (c >= 65 && c <= 90) c += 32;
      // The ASCII slots inline (the flood's every character): 3.5× faster than a call per gram with both keys made.
      if (c < 128) {
        if (seen[c] !== s) {
          seen[c] = s;
          count[c]!++;
        }
        if (prev >= 0 && prev < 128) {
          const slot = 128 + (prev << 7) + c;
          if (seen[slot] !== s) {
            seen[slot] = s;
            count[slot]!++;
          }
        } else if (prev >= 0) this.other(CP + prev * CP + c, s);
      } else {
        this.other(c, s);
        if (prev >= 0) this.other(CP + prev * CP + c, s);
      }
      prev = c;
    }
  }

  private other(key: number, s: number): void {
    if (this.otherSeen.get(key) === s) return;
    this.otherSeen.set(key, s);
    this.otherCount.set(key, (this.otherCount.get(key) ?? 0) + 1);
  }

  /** Each gram with its count of frames, then starts over. */
  take(): Array<[string, number]> {
    const out: Array<[string, number]> = [];
    for (let slot = 0; slot < ASCII_SLOTS; slot++) {
      const n = this.asciiCount[slot]!;
      if (n === 0) continue;
      out.push([slot < 128 ? String.fromCharCode(slot) : String.fromCharCode((slot - 128) >> 7, (slot - 128) & 127), n]);
    }
    for (const [key, n] of this.otherCount) out.push([gramOf(key), n]);
    this.asciiCount.fill(0);
    this.otherCount.clear();
    this.otherSeen.clear();
    return out;
  }
}

function gramOf(key: number): string {
  if (key < CP) return String.fromCodePoint(key);
  const k = key - CP;
  return String.fromCodePoint(Math.floor(k / CP), k % CP);
}

/** A UTF-16 surrogate without its other half: SQLite stores it as U+FFFD, so no count of the text's grams holds it. */
export const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The code points of a needle as a gram lookup sees them (ASCII letters folded), or null when it has none to look up. */
export function gramKey(needle: string): string | null {
  // A lone surrogate reaches SQLite as U+FFFD, so the scan would look for something else: leave it to the scan.
  if (LONE_SURROGATE.test(needle)) return null;
  const cps = [...needle];
  if (cps.length < 1 || cps.length > 2) return null;
  return asciiLower(needle);
}

/** What a facet count selects: each field absent means any. `methods` are whole method names (the filter's matches). */
export interface FacetQuery {
  dir?: string;
  kinds?: readonly string[];
  methods?: readonly string[];
}

export class BlockCounts {
  constructor(private readonly db: Database.Database) {}

  /** Adds the session's frames with from < seq ≤ upTo to both tables; the caller holds a transaction. */
  add(sk: number, from: number, upTo: number): void {
    if (upTo <= from) return;
    // The facets in SQL, no row reaching JS; a response's method by the scan's own pairing (recorder-window.ts).
    this.db
      .prepare(
        `INSERT INTO facet_blocks (sk, block, dir, kind, own, ans, n)
         SELECT sk, seq >> ${BLOCK_BITS}, dir, kind, COALESCE(method, ''),
           CASE WHEN rpc_id IS NOT NULL AND kind IN ('response', 'error') THEN COALESCE((SELECT r.method FROM frames r INDEXED BY frames_by_rpc_id
             WHERE r.sk = a.sk AND r.rpc_id = a.rpc_id AND r.dir != a.dir AND r.seq < a.seq AND r.kind = 'request' ORDER BY r.seq DESC LIMIT 1), '') ELSE '' END,
           count(*)
         FROM frames a WHERE sk = ? AND seq > ? AND seq <= ? GROUP BY 2, 3, 4, 5, 6
         ON CONFLICT (sk, block, dir, kind, own, ans) DO UPDATE SET n = n + excluded.n`,
      )
      .run(sk, from, upTo);
    const upsert = this.db.prepare(
      'INSERT INTO gram_blocks (sk, gram, block, n) VALUES (?, ?, ?, ?) ON CONFLICT (sk, gram, block) DO UPDATE SET n = n + excluded.n',
    );
    const read = this.db.prepare('SELECT text FROM frames WHERE sk = ? AND seq > ? AND seq <= ?').pluck();
    const counter = new GramCounter();
    // A block at a time: its counts go in as one row per gram, and at most a block's texts are in memory.
    for (let block = from >> BLOCK_BITS; block <= upTo >> BLOCK_BITS; block++) {
      const lo = Math.max(from, block * 2 ** BLOCK_BITS - 1);
      const hi = Math.min(upTo, (block + 1) * 2 ** BLOCK_BITS - 1);
      let ends: Ends | null = null;
      for (const text of read.all(sk, lo, hi) as string[]) {
        counter.add(text);
        ends = addEnds(ends, text);
      }
      for (const [gram, n] of counter.take()) upsert.run(sk, gram, block, n);
      if (ends) this.addEnds(sk, block, ends);
    }
  }

  /** Joins a chunk's shared ends with what the block had (the pass adds a block in chunks of its own size). */
  private addEnds(sk: number, block: number, chunk: Ends): void {
    const had = this.db.prepare('SELECT n, head AS start, tail AS end FROM end_blocks WHERE sk = ? AND block = ?').get(sk, block) as Ends | undefined;
    const e = joinEnds(had ?? null, chunk)!;
    this.db.prepare('INSERT OR REPLACE INTO end_blocks (sk, block, n, head, tail) VALUES (?, ?, ?, ?, ?)').run(sk, block, e.n, e.start, e.end);
  }

  /** Each block's shared ends (shared-ends.ts), by block. */
  ends(sk: number): Map<number, Ends> {
    const rows = this.db.prepare('SELECT block, n, head, tail FROM end_blocks WHERE sk = ?').raw().all(sk) as Array<[number, number, string, string]>;
    return new Map(rows.map(([b, n, start, end]) => [b, { n, start, end }]));
  }

  drop(sk: number): void {
    this.db.prepare('DELETE FROM facet_blocks WHERE sk = ?').run(sk);
    this.db.prepare('DELETE FROM gram_blocks WHERE sk = ?').run(sk);
    this.db.prepare('DELETE FROM end_blocks WHERE sk = ?').run(sk);
  }

  /** Frames per block holding the gram (gramKey's form), ascending by block. */
  grams(sk: number, gram: string): Array<[number, number]> {
    return this.db.prepare('SELECT block, n FROM gram_blocks WHERE sk = ? AND gram = ? ORDER BY block').raw().all(sk, gram) as Array<[number, number]>;
  }

  /**
   * Frames per block that a direction / kind / method filter selects, ascending by block. As the scan counts a method
   * filter, a frame is counted once for its own method and once for the method it answers (the store keeps no method
   * on a response, so the two never meet on one frame).
   */
  facets(sk: number, q: FacetQuery): Array<[number, number]> {
    const parts = ['sk = ?'];
    const params: unknown[] = [sk];
    if (q.dir !== undefined) {
      parts.push('dir = ?');
      params.push(q.dir);
    }
    if (q.kinds !== undefined) {
      parts.push(`kind IN (${q.kinds.map(() => '?').join(', ')})`);
      params.push(...q.kinds);
    }
    let n = 'n';
    if (q.methods !== undefined) {
      const list = q.methods.map(() => '?').join(', ');
      n = `n * ((own IN (${list})) + (ans IN (${list})))`;
      params.unshift(...q.methods, ...q.methods);
    }
    return this.db
      .prepare(`SELECT block, sum(${n}) AS c FROM facet_blocks WHERE ${parts.join(' AND ')} GROUP BY block HAVING c > 0 ORDER BY block`)
      .raw()
      .all(...params) as Array<[number, number]>;
  }
}
