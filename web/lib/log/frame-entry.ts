// One frame as the browser holds it: the relay's record, parsed once on arrival (the linter reads that parse, never the
// text again), plus what pairing learned about it. Lint findings are not on it: they arrive later and live in their own
// store (frame-findings.ts), so nothing is written into an entry for them.
import type { FrameOrigin } from '../../../shared/frame-origin.js';
import { parseJson, type JsonParse, type ParseFailure } from '../../../shared/jsonrpc.js';
import type { Finding } from '../../../shared/lint/index.js';
import type { FrameRecord } from '../../../shared/relay-protocol.js';
import type { KeepAlives } from './keep-alive-fold.js';

/** A frame read from the relay in a list carries at most this much of its text (`truncated`); the rest is read on demand. */
export { PREVIEW_CHARS } from '../../../shared/frame-window-api.js';

export interface FrameEntry {
  readonly frame: FrameRecord;
  /** The parsed JSON, or undefined when the text is not JSON or is never parsed (stderr, oversize heads). */
  readonly value: unknown;
  readonly parseError: ParseFailure | null;
  /** The frame's own method, or for responses the method of the request(s) they answer. */
  method: string | null;
  /** Seqs of the frames on the other side of this frame's exchanges (one, or several for batches). */
  pairs: number[];
  /** For responses: time since the request; the slowest element for a batch. */
  latencyMs: number | null;
  /** A request reusing an id its side already used, or a second response to one request. */
  duplicate: boolean;
  /** A response whose id matches no request seen in this process's lifetime. */
  unmatched: boolean;
  /** For a response: who made the request it answers (frame.origin says who made the frame itself). */
  answersOrigin?: FrameOrigin;
  /** For a request: the seq of the notifications/cancelled its sender sent before any response came. */
  cancelledBy?: number;
  /**
   * For a frame read from the relay (a huge session's gap): the relay's lint of the whole session found these on it,
   * with the context the page never held. The page's own findings are in the session's FrameFindings store.
   */
  readonly relayFindings?: readonly Finding[];
  /** The text is only the frame's head (PREVIEW_CHARS, as the relay sends rows it reads for the page); see LogSource.fullText. */
  truncated?: boolean;
  /** An HTTP stream's keep-alive record folded into that stream's row (its seq): no row of its own. */
  foldedInto?: number;
  /** On an open stream's row: the keep-alives folded into it (keep-alive-fold.ts). */
  keepAlives?: KeepAlives;
  /** Lower-cased text, computed the first time a text filter needs it. */
  lowerText?: string;
}

// stderr is free-form and an oversize head is cut mid-message: parsing either would only produce a useless error.
const UNPARSED_KINDS = new Set<FrameRecord['kind']>(['stderr', 'oversize']);

/** `parse` false for a cut text: its JSON is incomplete, parsing would only report that. */
export function toEntry(frame: FrameRecord, parse = true): FrameEntry {
  let value: unknown;
  let parseError: ParseFailure | null = null;
  if (parse && !UNPARSED_KINDS.has(frame.kind)) {
    const parsed = parseJson(frame.text);
    if (parsed.ok) value = parsed.value;
    else parseError = parsed.error;
  }
  return {
    frame,
    value,
    parseError,
    method: frame.method,
    pairs: [],
    latencyMs: null,
    duplicate: false,
    unmatched: false,
  };
}

/** The entry's text as it was parsed on arrival, for the linter; undefined for a text never parsed (stderr, a cut head). */
export function parsedText(entry: FrameEntry): JsonParse | undefined {
  if (entry.parseError !== null) return { ok: false, error: entry.parseError };
  return entry.value === undefined ? undefined : { ok: true, value: entry.value };
}

/** The event name of a relay event frame (`spawned`, `exited`…), or null. */
export function eventName(entry: FrameEntry): string | null {
  if (entry.frame.kind !== 'event') return null;
  const v = entry.value;
  return typeof v === 'object' && v !== null && typeof (v as { event?: unknown }).event === 'string' ? (v as { event: string }).event : null;
}
