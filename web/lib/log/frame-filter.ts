// What the log shows: free text over the raw frame, method, direction and a set of kinds.
import type { FrameKind } from '../../../shared/jsonrpc.js';
import type { FrameDir } from '../../../shared/relay-protocol.js';
import { HANDSHAKE_METHODS } from '../../../shared/frame-origin.js';
import { traceIdOfText } from '../../../shared/trace/trace-context.js';
import type { FrameEntry } from './frame-entry.js';

export interface FrameFilter {
  /** Case-insensitive substring of the raw text. */
  text: string;
  /** Case-insensitive substring of the method (a response matches through its request's method). */
  method: string;
  dir: FrameDir | '';
  /** Empty means every kind. */
  kinds: readonly FrameKind[];
  /** Only frames with at least one lint finding. */
  findings?: boolean;
  /** Leave out what mcpscope sent on its own (origin `bookkeeping`) and the server's answers to it. */
  hideBookkeeping?: boolean;
  /** Only frames whose `_meta.traceparent` names this trace id (or one starting with it): a whole trace across requests. */
  trace?: string;
}

export const EMPTY_FILTER: FrameFilter = { text: '', method: '', dir: '', kinds: [] };

export function isEmptyFilter(f: FrameFilter): boolean {
  return f.text === '' && f.method === '' && f.dir === '' && f.kinds.length === 0 && f.findings !== true && f.hideBookkeeping !== true && !f.trace;
}

export function filterKey(f: FrameFilter): string {
  return JSON.stringify([
    f.text.toLowerCase(),
    f.method.toLowerCase(),
    f.dir,
    [...f.kinds].sort(),
    f.findings === true,
    f.hideBookkeeping === true,
    (f.trace ?? '').toLowerCase(),
  ]);
}

/** A frame read from the relay carries the relay's findings; the page's own are in its log's store (see SessionLog). */
const relayFound = (entry: FrameEntry): boolean => (entry.relayFindings?.length ?? 0) > 0;

/** Each entry's lower-cased text, made the first time a text filter needs it (entries never change: kept beside them). */
const lowerTexts = new WeakMap<FrameEntry, string>();

/**
 * Builds the predicate once per filter, so the per-frame work is only the comparisons. `hasFindings` answers the
 * "has findings" filter: findings live apart from entries (frame-findings.ts), so the log says where to look.
 */
export function compileFilter(f: FrameFilter, hasFindings: (entry: FrameEntry) => boolean = relayFound): (entry: FrameEntry) => boolean {
  const text = f.text.toLowerCase();
  const method = f.method.toLowerCase();
  const kinds = new Set<FrameKind>(f.kinds);
  const trace = (f.trace ?? '').trim().toLowerCase();
  return (entry) => {
    const { frame } = entry;
    if (kinds.size > 0 && !kinds.has(frame.kind)) return false;
    if (f.findings === true && !hasFindings(entry)) return false;
    if (f.hideBookkeeping === true && isBookkeeping(entry)) return false;
    if (f.dir !== '' && frame.dir !== f.dir) return false;
    if (method !== '' && !(entry.method ?? '').toLowerCase().includes(method)) return false;
    if (trace !== '' && !(traceIdOfText(frame.text) ?? '').startsWith(trace)) return false;
    if (text !== '') {
      let lower = lowerTexts.get(entry);
      if (lower === undefined) lowerTexts.set(entry, (lower = frame.text.toLowerCase()));
      if (!lower.includes(text)) return false;
    }
    return true;
  };
}

/**
 * A frame mcpscope made on its own, or the server's answer to one; the handshake excepted: it is mcpscope's own too, but
 * it is how the session began, and a log without it hides the version and capabilities everything after depends on.
 */
function isBookkeeping(entry: FrameEntry): boolean {
  if (entry.method !== null && HANDSHAKE_METHODS.includes(entry.method)) return false;
  return entry.frame.origin === 'bookkeeping' || entry.answersOrigin === 'bookkeeping';
}
