// One frame as the browser holds it: the relay's record, parsed once on arrival (the linter reads that parse, never the
// text again), plus what pairing learned about it as it arrived. An entry never changes once it is in the log (frozen
// in development and tests): what later frames teach about it lives in stores keyed by seq, its lint findings in
// frame-findings.ts, its pairs, cancel and keep-alives in frame-links.ts.
import type { FrameOrigin } from '../../../shared/frame-origin.js';
import { parseJson, type JsonParse, type ParseFailure } from '../../../shared/jsonrpc.js';
import type { Finding } from '../../../shared/lint/index.js';
import type { FrameRecord } from '../../../shared/relay-protocol.js';
import type { FrameLinks } from './frame-links.js';

/** A frame read from the relay in a list carries at most this much of its text (`truncated`); the rest is read on demand. */
export { PREVIEW_CHARS } from '../../../shared/frame-window-api.js';

export interface FrameEntry {
  readonly frame: FrameRecord;
  /** The parsed JSON, or undefined when the text is not JSON or is never parsed (stderr, oversize heads). */
  readonly value: unknown;
  readonly parseError: ParseFailure | null;
  /** The frame's own method, or for responses the method of the request(s) they answer. */
  readonly method: string | null;
  /** For responses: time since the request; the slowest element for a batch. */
  readonly latencyMs: number | null;
  /** A request reusing an id its side already used, or a second response to one request. */
  readonly duplicate: boolean;
  /** A response whose id matches no request seen in this process's lifetime. */
  readonly unmatched: boolean;
  /** For a response: who made the request it answers (frame.origin says who made the frame itself). */
  readonly answersOrigin?: FrameOrigin;
  /**
   * For a frame read from the relay (a huge session's gap): the relay's lint of the whole session found these on it,
   * with the context the page never held. The page's own findings are in the session's FrameFindings store.
   */
  readonly relayFindings?: readonly Finding[];
  /** For a frame read from the relay: the relay's pairing of the whole session (read through linksOf). */
  readonly relayLinks?: FrameLinks;
  /** The text is only the frame's head (PREVIEW_CHARS, as the relay sends rows it reads for the page); see LogSource.fullText. */
  readonly truncated?: boolean;
  /** An HTTP stream's keep-alive record folded into that stream's row (its seq): no row of its own. */
  readonly foldedInto?: number;
}

/** An entry while it is made: pairing and the keep-alive fold fill in what they learn on arrival, then sealEntry. */
export type EntryDraft = { -readonly [K in keyof FrameEntry]: FrameEntry[K] };

/**
 * The draft as the log keeps it. Frozen in development and tests, so a write into a logged entry fails loudly there
 * instead of going unseen by a memoised row; the production build skips the freeze (a flood makes millions).
 */
export function sealEntry(draft: EntryDraft): FrameEntry {
  return FREEZE ? Object.freeze(draft) : draft;
}

const FREEZE = import.meta.env?.DEV === true;

// stderr is free-form and an oversize head is cut mid-message: parsing either would only produce a useless error.
const UNPARSED_KINDS = new Set<FrameRecord['kind']>(['stderr', 'oversize']);

/** A draft (see sealEntry); `parse` false for a cut text: its JSON is incomplete, parsing would only report that. */
export function draftEntry(frame: FrameRecord, parse = true): EntryDraft {
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
    latencyMs: null,
    duplicate: false,
    unmatched: false,
  };
}

/** An entry of a frame nothing more is learned about on arrival (tests, trace windows): parsed, sealed. */
export function toEntry(frame: FrameRecord, parse = true): FrameEntry {
  return sealEntry(draftEntry(frame, parse));
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
