// What the background pass's per-block tables (block-counts.ts, shared-ends.ts) answer for a windowed filter: its
// matches per block up to where the pass has come, and the blocks whose frames must still be read because the tables
// only bound their matches. A filter they cannot answer at all (findings, bookkeeping, trace) gets null: read it all.
//
// Same matches as the scan, block by block: a block is counted only where the tables fix its count exactly, and read
// by the scan's own SQL otherwise. LIKE reads a text only up to its first NUL character while the gram counts saw all
// of it, so a block where a frame holds a NUL is read whenever the count would come from a gram.
import type Database from 'better-sqlite3';
import type { WindowFilter } from '../../shared/frame-window-api.js';
import { BlockCounts, gramKey, LONE_SURROGATE } from './block-counts.js';
import { asciiLower } from './shared-ends.js';

/**
 * Matches per block of seqs ≤ coveredTo, except the blocks in `unknown`: their counts bound the filter's matches without
 * fixing them, so those blocks' frames are read.
 */
export interface Counted {
  coveredTo: number;
  blocks: Map<number, number>;
  unknown: number[];
}

type Rows = Array<[number, number]>;

export class BlockAnswers {
  private readonly counts: BlockCounts;
  /** The last answer, by session key, filter and coverage: a filter's page reads ask for it again and again. */
  private last: { key: string; counted: Counted | null } | null = null;

  constructor(
    private readonly db: Database.Database,
    /** The session's method names that hold a method filter's text (the reader's own list). */
    private readonly methodsLike: (sk: number, needle: string) => string[],
    /** Whether the trigram index answers the needle from its few candidates (then it is faster than any block). */
    private readonly indexAnswers: (sk: number, needle: string) => boolean,
  ) {
    this.counts = new BlockCounts(db);
  }

  /**
   * Direction, kind and method alone; a needle of one or two characters, alone or with those; a longer needle alone
   * that the trigram index does not answer (one most frames hold). Null otherwise.
   */
  counted(sk: number, coveredTo: number, f: WindowFilter): Counted | null {
    if (f.findings || f.hideBookkeeping || f.trace || coveredTo === 0) return null;
    const faceted = f.method !== undefined || f.dir !== undefined || (f.kinds !== undefined && f.kinds.length > 0);
    // LIKE's pattern ends at a NUL, so such a needle is no substring test: the scan answers it.
    if (f.text?.includes('\0')) return null;
    const gram = f.text ? gramKey(f.text) : null;
    // A lone surrogate reaches SQLite as U+FFFD: gramKey leaves it to the scan, and so does a long needle.
    const long = f.text !== undefined && f.text !== '' && gram === null && !LONE_SURROGATE.test(f.text);
    if (f.text && gram === null && (!long || faceted || this.indexAnswers(sk, f.text))) return null;
    const key = JSON.stringify([sk, coveredTo, f.text ?? null, f.method ?? null, f.dir ?? null, f.kinds ?? null]);
    if (this.last?.key === key) return this.last.counted;
    let facets: Rows = [];
    // No text: the facets' count is the answer, all frames for no filter at all (a page read with none narrows by it).
    if (faceted || !f.text) {
      const methods = f.method === undefined ? undefined : this.methodsLike(sk, f.method.toLowerCase());
      facets = methods?.length === 0 ? [] : this.counts.facets(sk, { dir: f.dir, kinds: f.kinds && f.kinds.length > 0 ? f.kinds : undefined, methods });
    }
    let counted: Counted;
    if (!f.text) counted = { coveredTo, blocks: new Map(facets), unknown: [] };
    else if (gram === null) counted = this.common(sk, coveredTo, asciiLower(f.text));
    else if (faceted) counted = this.both(sk, coveredTo, this.counts.grams(sk, gram), facets);
    else counted = this.gram(sk, coveredTo, this.counts.grams(sk, gram));
    this.last = { key, counted };
    return counted;
  }

  /** The blocks where a frame holds a NUL: a gram's count there may include what LIKE never reads. */
  private nulBlocks(sk: number): Set<number> {
    return new Set(this.counts.grams(sk, '\0').map(([b]) => b));
  }

  private gram(sk: number, coveredTo: number, grams: Rows): Counted {
    const nul = this.nulBlocks(sk);
    return { coveredTo, blocks: new Map(grams.filter(([b]) => !nul.has(b))), unknown: [...nul] };
  }

  /**
   * A needle and facets together, per block: the counts of each bound the frames holding both, max(0, g + f − n) to
   * min(g, f) among the block's n frames, and where the bounds meet that is the count (none holds the needle, or
   * every frame does, or none or all are of the direction). The other blocks are read. Exact by construction, where a
   * count per (gram, direction) would cost the pass a table three times the size and still not answer kind or method.
   */
  private both(sk: number, coveredTo: number, grams: Rows, facets: Rows): Counted {
    const g = new Map(grams);
    const f = new Map(facets);
    const nul = this.nulBlocks(sk);
    const blocks = new Map<number, number>();
    const unknown: number[] = [];
    for (const [b, n] of this.counts.facets(sk, {})) {
      const gn = g.get(b) ?? 0;
      const fn = f.get(b) ?? 0;
      const hi = Math.min(gn, fn);
      // A method filter counts a frame for its own method and the one it answers: past n, the bounds do not hold.
      if (nul.has(b) || fn > n || Math.max(0, gn + fn - n) !== hi) unknown.push(b);
      else if (hi > 0) blocks.set(b, hi);
    }
    return { coveredTo, blocks, unknown };
  }

  /**
   * A needle of three characters or more, lower-cased as LIKE folds it, that the trigram index leaves to the scan:
   * every frame of a block holds it when the block's shared start or end does (all its n frames match); none does when
   * one of its two-character grams is in no frame of the block. The other blocks are read.
   */
  private common(sk: number, coveredTo: number, needle: string): Counted {
    const ends = this.counts.ends(sk);
    const blocks = new Map<number, number>();
    const unknown: number[] = [];
    let pairs: Array<Map<number, number>> | null = null;
    for (const [b, n] of this.counts.facets(sk, {})) {
      const e = ends.get(b);
      // A block without its ends (or with ends of other frames than its counts) is read.
      if (e && e.n === n && (e.start.includes(needle) || e.end.includes(needle))) {
        blocks.set(b, n);
        continue;
      }
      pairs ??= this.pairs(sk, needle);
      if (!pairs.some((p) => !p.has(b))) unknown.push(b);
    }
    return { coveredTo, blocks, unknown };
  }

  /** The per-block counts of each distinct two-code-point gram of the needle. */
  private pairs(sk: number, needle: string): Array<Map<number, number>> {
    const cps = [...needle];
    const grams = new Set<string>();
    for (let i = 0; i + 2 <= cps.length; i++) grams.add(cps[i]! + cps[i + 1]!);
    return [...grams].map((g) => new Map(this.counts.grams(sk, g)));
  }
}
