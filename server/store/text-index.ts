// The trigram index of a session's frame texts (SQLite FTS5), which the relay's background lint pass builds as it reads
// each chunk and a windowed text filter reads: a needle of three characters or more that few frames hold is answered
// from the index instead of a LIKE over every frame (a scan of 3M frames took 526–612 ms), while the frames past the
// index and a needle most frames hold are still scanned, so a filter's matches never depend on how far the index has
// come. The same pass keeps per-block counts up to the same seq (block-counts.ts), which answer a needle shorter than
// a trigram and the direction, kind and method filters.
//
// Same matches as the scan, by construction: the index holds lower(text), SQLite's ASCII-only lower case, in a
// case-sensitive trigram table, and the needle is looked up lower-cased the same way, so it folds exactly the ASCII
// letters that LIKE folds; every candidate is then checked with the scan's own LIKE (detail=none keeps no positions, so
// a frame holding the needle's trigrams apart is a candidate too). detail=none makes the index 0.45× the size of the
// frames' text, against 1.8× with positions (bench/text-filter.mjs), and half as slow to build.
//
// One FTS table per session (text_index_<sk>), so deleting a session drops its table whole: with a shared table the
// deleted texts' trigrams would stay in its segments until a merge, under secure_delete or not.
import type Database from 'better-sqlite3';
import { BlockCounts } from './block-counts.js';
import { asciiLower } from './shared-ends.js';

/** A needle shorter than a trigram has nothing to look up: it is scanned. */
const MIN_INDEXED_CHARS = 3;

/**
 * A needle whose candidates exceed this share of the indexed frames is scanned instead: checking millions of candidates
 * one by one costs more than reading every frame in order (a needle every frame holds: 1.8× the scan's time at 300,000).
 */
const MAX_CANDIDATE_SHARE = 1 / 32;
/** Below this many candidates the index is always used, however small the session. */
const MIN_CANDIDATE_LIMIT = 2_000;

const table = (sk: number): string => `text_index_${Math.trunc(sk)}`;

/** The FTS5 query for a needle: each of its trigrams as a quoted string, all required. */
export function trigramQuery(needle: string): string {
  const chars = [...asciiLower(needle)];
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= chars.length; i++)
    grams.add(
      `"${chars
        .slice(i, i + 3)
        .join('')
        .replace(/"/g, '""')}"`,
    );
  return [...grams].join(' AND ');
}

/** How a windowed text filter reads one session: the seqs the index covers, and the candidate clause for them. */
export interface TextPlan {
  /** Frames with seq ≤ indexedTo are looked up in the index; the rest are scanned. */
  indexedTo: number;
  /** `seq IN (…)` for the index's candidates in a range of seqs, and its parameters after the range's two. */
  candidates: string;
  query: string;
}

export class TextIndex {
  private readonly counts: BlockCounts;

  constructor(private readonly db: Database.Database) {
    this.counts = new BlockCounts(db);
  }

  /** The last seq the index holds for the session (0: none). */
  indexedTo(sk: number): number {
    return (this.db.prepare('SELECT indexed_to FROM text_index WHERE sk = ?').pluck().get(sk) as number | undefined) ?? 0;
  }

  /** Adds the session's frames with indexedTo < seq ≤ upTo, and their block counts; the caller holds a transaction. */
  add(sk: number, upTo: number): void {
    const from = this.indexedTo(sk);
    if (upTo <= from) return;
    // No progress but a table: one built before the block counts (migration 8), or left half-way; it starts over.
    if (from === 0) this.drop(sk);
    this.counts.add(sk, from, upTo);
    this.db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS ${table(sk)} USING fts5(text, content='', detail=none, tokenize='trigram case_sensitive 1')`);
    this.db.prepare(`INSERT INTO ${table(sk)} (rowid, text) SELECT seq, lower(text) FROM frames WHERE sk = ? AND seq > ? AND seq <= ?`).run(sk, from, upTo);
    this.db.prepare('INSERT INTO text_index (sk, indexed_to) VALUES (?, ?) ON CONFLICT (sk) DO UPDATE SET indexed_to = excluded.indexed_to').run(sk, upTo);
  }

  /** Drops the session's index (its frames were deleted). */
  drop(sk: number): void {
    this.db.exec(`DROP TABLE IF EXISTS ${table(sk)}`);
    this.counts.drop(sk);
    this.db.prepare('DELETE FROM text_index WHERE sk = ?').run(sk);
  }

  /**
   * How to read `needle` in the session: null to scan it all (too short, nothing indexed, or so common that the scan
   * is cheaper). Deciding costs one count of at most the candidate limit from the index.
   */
  plan(sk: number, needle: string): TextPlan | null {
    if ([...needle].length < MIN_INDEXED_CHARS) return null;
    const indexedTo = this.indexedTo(sk);
    if (indexedTo === 0) return null;
    const query = trigramQuery(needle);
    const limit = Math.max(MIN_CANDIDATE_LIMIT, Math.floor(indexedTo * MAX_CANDIDATE_SHARE));
    const n = this.db
      .prepare(`SELECT count(*) FROM (SELECT 1 FROM ${table(sk)} WHERE ${table(sk)} MATCH ? LIMIT ?)`)
      .pluck()
      .get(query, limit) as number;
    if (n >= limit) return null;
    return { indexedTo, query, candidates: `seq IN (SELECT rowid FROM ${table(sk)} WHERE ${table(sk)} MATCH ? AND rowid >= ? AND rowid < ?)` };
  }
}
