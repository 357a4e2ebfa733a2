// The SQL side of a windowed read: the WHERE clause a log filter becomes, the parts a filter is read in, and a page's
// range cut to the blocks that hold it. Pure functions of their arguments (the reader in recorder-window.ts runs them).
import type { WindowFilter } from '../../shared/frame-window-api.js';
import { HANDSHAKE_METHODS } from '../../shared/frame-origin.js';
import { BLOCK_BITS } from './block-counts.js';
import type { Counted } from './block-answers.js';
import type { TextPlan } from './text-index.js';

export interface Where {
  sql: string;
  params: unknown[];
}

/**
 * Which frames a text filter's part reads: all by LIKE ('scan'); the index's candidates up to where it has come, each
 * checked by the same LIKE ('indexed'); the frames after that, by LIKE ('tail').
 */
export type TextPart = 'scan' | 'indexed' | 'tail';

/** A part's seqs, fromSeq ≤ seq < toSeq: what the index's candidates are bounded by. */
export interface Span {
  fromSeq: number;
  toSeq: number;
}

export const ALL: Span = { fromSeq: 0, toSeq: Number.MAX_SAFE_INTEGER };

/**
 * The WHERE clause of a filter; null when nothing can match (a method filter no recorded method contains).
 * `answers`: for a method filter, select instead the responses to requests of those methods (the store keeps no
 * method on a response; the live log shows them under their request's method, so the windowed one must too).
 */
export function filterWhere(
  methodsOf: (sk: number) => string[],
  sk: number,
  sessionId: string,
  f: WindowFilter,
  answers: 'both' | 'own' | 'answers' = 'both',
  text: TextPart = 'scan',
  plan: TextPlan | null = null,
  span: Span = ALL,
): Where | null {
  const parts = ['sk = ?'];
  const params: unknown[] = [sk];
  if (f.method) {
    // The method index answers DISTINCT quickly; the substring test runs on the few distinct names, then IN uses the index.
    const needle = f.method.toLowerCase();
    const methods = methodsOf(sk).filter((m) => m.toLowerCase().includes(needle));
    if (methods.length === 0) return null;
    const list = methods.map(() => '?').join(', ');
    const own = `method IN (${list})`;
    // A response answers the latest earlier request with its id from the other side. The ids of requests of those
    // methods narrow the candidates through the id index (ids are reused across exchanges), then each candidate's
    // own request is looked up exactly. INDEXED BY because, without ANALYZE statistics, SQLite scans the session.
    const answered = `seq IN (SELECT a.seq FROM frames a INDEXED BY frames_by_rpc_id
        WHERE a.sk = ? AND a.rpc_id IS NOT NULL AND a.kind IN ('response', 'error')
        AND a.rpc_id IN (SELECT q.rpc_id FROM frames q INDEXED BY frames_requests WHERE q.sk = ? AND q.method IN (${list}) AND q.kind = 'request')
        AND (SELECT r.method FROM frames r INDEXED BY frames_by_rpc_id WHERE r.sk = a.sk AND r.rpc_id = a.rpc_id
             AND r.dir != a.dir AND r.seq < a.seq AND r.kind = 'request' ORDER BY r.seq DESC LIMIT 1) IN (${list}))`;
    if (answers === 'own') parts.push(own);
    else if (answers === 'answers') parts.push(answered);
    else parts.push(`(${own} OR ${answered})`);
    if (answers !== 'answers') params.push(...methods);
    if (answers !== 'own') params.push(sk, sk, ...methods, ...methods);
  }
  if (f.dir) {
    parts.push('dir = ?');
    params.push(f.dir);
  }
  if (f.kinds && f.kinds.length > 0) {
    parts.push(`kind IN (${f.kinds.map(() => '?').join(', ')})`);
    params.push(...f.kinds);
  }
  if (f.findings) {
    // Through the findings table's primary key: a handful of rows per finding, never a scan of the frames.
    parts.push('seq IN (SELECT seq FROM findings WHERE session_id = ?)');
    params.push(sessionId);
  }
  if (f.hideBookkeeping) {
    // An answer is left out with its request: the latest earlier request with its id, from the other side. The
    // handshake stays, though mcpscope sent it on its own (HANDSHAKE_METHODS says why).
    const handshake = HANDSHAKE_METHODS.map(() => '?').join(', ');
    parts.push(`(origin IS NULL OR origin != 'bookkeeping' OR method IN (${handshake}))`);
    params.push(...HANDSHAKE_METHODS);
    parts.push(`NOT (kind IN ('response', 'error') AND rpc_id IS NOT NULL AND COALESCE((SELECT CASE WHEN r.method IN (${handshake}) THEN '' ELSE r.origin END FROM frames r
        WHERE r.sk = frames.sk AND r.rpc_id = frames.rpc_id AND r.dir != frames.dir AND r.seq < frames.seq
        AND r.kind = 'request' ORDER BY r.seq DESC LIMIT 1), '') = 'bookkeeping')`);
    params.push(...HANDSHAKE_METHODS);
  }
  if (f.trace) {
    // The schema let only hex through, so the pattern needs no escaping: "00-<trace id>…" inside a traceparent.
    parts.push(`text LIKE '%traceparent%' AND text LIKE ?`);
    params.push(`%-${f.trace}%`);
  }
  if (f.text && plan && text === 'indexed') {
    // Bounded by the part's span, so a page read or one scan thread's share asks the index for its own seqs only.
    parts.push('seq <= ?', plan.candidates);
    params.push(plan.indexedTo, plan.query, span.fromSeq, span.toSeq);
  } else if (f.text && plan && text === 'tail') {
    parts.push('seq > ?');
    params.push(plan.indexedTo);
  }
  if (f.text) {
    parts.push(`text LIKE ? ESCAPE '\\'`);
    params.push(`%${f.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  }
  return { sql: parts.join(' AND '), params };
}

/**
 * A page's range cut to the blocks that hold it, when block counts answer the filter: whole blocks without a match
 * (or with fewer than the matches still to skip) are stepped over, the range ends with the block that completes the
 * page, and a run of empty blocks up to where the counts end is left out (a rare match's page reads its block and the
 * frames past the counts, not the session). Only blocks the counts wholly cover are judged; the block `fromSeq` falls
 * inside counts as holding matches, since some of them may lie before it.
 */
export function narrowSpans(c: Counted | null, fromSeq: number, toSeq: number, skip: number, limit: number): { spans: Span[]; skip: number } {
  if (!c) return { spans: fromSeq < toSeq ? [{ fromSeq, toSeq }] : [], skip };
  const start = (b: number) => b * 2 ** BLOCK_BITS;
  const unknown = new Set(c.unknown);
  const known = (b: number) => start(b + 1) - 1 <= c.coveredTo && !unknown.has(b);
  let from = fromSeq;
  for (let b = Math.floor(from / start(1)); from < toSeq && known(b); b++) {
    const n = c.blocks.get(b) ?? 0;
    if (n > 0 && (from !== start(b) || n > skip)) break;
    skip -= n;
    from = start(b + 1);
  }
  let need = skip + limit;
  let hitEnd = from;
  let b = Math.floor(from / start(1));
  for (; start(b) < toSeq && known(b); b++) {
    const n = c.blocks.get(b) ?? 0;
    if (n === 0) continue;
    hitEnd = start(b + 1);
    if (start(b) >= from) need -= n;
    if (need <= 0) return { spans: [{ fromSeq: from, toSeq: Math.min(toSeq, hitEnd) }], skip };
  }
  const spans = [
    { fromSeq: from, toSeq: Math.min(toSeq, hitEnd) },
    { fromSeq: Math.max(from, start(b)), toSeq },
  ];
  return { spans: spans.filter((s) => s.fromSeq < s.toSeq), skip };
}

/** The parts a filter is read in: a method filter's own frames and answers, each by the text parts. */
export function crossed(filter: WindowFilter, text: TextPart[]): Array<['both' | 'own' | 'answers', TextPart]> {
  const methods = filter.method ? (['own', 'answers'] as const) : (['both'] as const);
  return methods.flatMap((m) => text.map((t): ['both' | 'own' | 'answers', TextPart] => [m, t]));
}
