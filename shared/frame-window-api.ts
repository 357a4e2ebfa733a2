// The wire shapes of the relay's windowed frame reads (GET /api/sessions/:id/frame-index, frame-page, frames/:seq).
import type { FrameKind } from './jsonrpc.js';
import type { FrameDir, FrameRecord } from './relay-protocol.js';
import type { Finding, RuleId, Severity } from './lint/index.js';

export interface WindowFilter {
  /** Case-insensitive (ASCII) substring of the raw text. */
  text?: string;
  /** Case-insensitive substring of a frame's own method (responses carry none in the store). */
  method?: string;
  dir?: FrameDir;
  kinds?: FrameKind[];
  /** Only frames the relay's lint of the session found something on (as far as it has linted, see FindingsSummary). */
  findings?: true;
  /** Leave out mcpscope's own bookkeeping frames (origin `bookkeeping`) and the server's answers to them. */
  hideBookkeeping?: true;
}

export interface FrameIndex {
  /** The highest seq recorded when the index was taken; later frames are not counted. */
  lastSeq: number;
  total: number;
  /** A block is 2^blockBits consecutive seqs. */
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
  /** The relay's lint findings on this frame, as far as the session has been linted (absent when none). */
  findings?: Finding[];
}

/** GET /api/sessions/:id/findings-summary: the relay's lint of a whole session, grouped by rule. */
export interface FindingsSummary {
  /** Frames 1..lintedTo have been linted; the lint runs in the background until it reaches lastSeq. */
  lintedTo: number;
  lastSeq: number;
  done: boolean;
  /** Findings stored per frame (badges, "has findings", jumps); past `cap` only the counts go on. */
  stored: number;
  dropped: number;
  cap: number;
  rules: Array<{ ruleId: RuleId; severity: Severity; count: number; seqs: number[] }>;
}

/** A page or a frame preview carries at most this much of a frame's text: a 10 MB result must not ride in every scroll. */
export const PREVIEW_CHARS = 16_384;
