// Rewrites a parsed message so that what legitimately differs between two runs compares equal; the rest is untouched.
import { isPlainObject } from '../jsonrpc.js';
import type { DiffOptions } from './diff-options.js';

/** Placeholders keep a member's presence visible while ignoring its value. */
const IGNORED = { id: '<id>', timestamp: '<timestamp>', sessionId: '<session-id>', cursor: '<cursor>', path: '<ignored>' } as const;

const ISO_DATE_TIME = /\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?/g;
const TIMESTAMP_KEY = /^(timestamp|time|date|datetime|ts|now)$|(At|Time|Timestamp|Date)$|_(at|time|timestamp)$/;
const SESSION_KEY = /^(sessionId|session_id|mcp-session-id)$/i;
const CURSOR_KEY = /^(cursor|nextCursor)$/;
const ID_REF_KEY = /^(requestId)$/;

function pathMatches(pattern: string[], path: string[]): boolean {
  return pattern.length === path.length && pattern.every((p, i) => p === '*' || p === path[i]);
}

export function normalizeMessage(value: unknown, opts: DiffOptions): unknown {
  const patterns = opts.ignorePaths.map((p) => p.split('.'));
  const walk = (v: unknown, path: string[]): unknown => {
    if (patterns.some((p) => pathMatches(p, path))) return IGNORED.path;
    if (typeof v === 'string') return opts.ignoreTimestamps ? v.replace(ISO_DATE_TIME, IGNORED.timestamp) : v;
    if (Array.isArray(v)) return v.map((x, i) => walk(x, [...path, String(i)]));
    if (!isPlainObject(v)) return v;
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      const top = path.length === 0 || (path.length === 1 && /^\d+$/.test(path[0]!));
      if (opts.ignoreIds && ((top && k === 'id') || ID_REF_KEY.test(k))) out[k] = x === null ? null : IGNORED.id;
      else if (opts.ignoreSessionIds && SESSION_KEY.test(k)) out[k] = IGNORED.sessionId;
      else if (opts.ignoreCursors && CURSOR_KEY.test(k)) out[k] = IGNORED.cursor;
      else if (opts.ignoreTimestamps && TIMESTAMP_KEY.test(k) && (typeof x === 'string' || typeof x === 'number')) out[k] = IGNORED.timestamp;
      else out[k] = walk(x, [...path, k]);
    }
    return out;
  };
  return walk(value, []);
}
