// The wire shapes of the relay's windowed frame reads (GET /api/sessions/:id/frame-index, frame-page, frames/:seq),
// declared once as zod schemas: the relay parses the filter with them, the browser checks every answer.
import { z } from 'zod';
import { FRAME_KINDS, type FrameKind } from './jsonrpc.js';
import { FindingSchema } from './lint/finding-schema.js';
import { FrameDirSchema, FrameRecordSchema } from './relay-protocol.js';

export interface WindowFilter {
  /** Case-insensitive (ASCII) substring of the raw text. */
  text?: string;
  /** Case-insensitive substring of a frame's own method (responses carry none in the store). */
  method?: string;
  dir?: z.infer<typeof FrameDirSchema>;
  kinds?: FrameKind[];
  /** Only frames the relay's lint of the session found something on (as far as it has linted, see FindingsSummary). */
  findings?: true;
  /** Leave out mcpscope's own bookkeeping frames (origin `bookkeeping`) and the server's answers to them. */
  hideBookkeeping?: true;
  /** Frames whose traceparent names this trace id (lowercase hex, a prefix of one). */
  trace?: string;
}

const unknownKinds = (list: string) => list.split(',').filter((k) => !(FRAME_KINDS as readonly string[]).includes(k));

/** A filter's fields in a query string: `kinds` comma-separated, `findings=1`, `hideBookkeeping=1`; unknown values are refused, not ignored. */
export const WindowFilterQueryShape = {
  text: z.string().optional(),
  method: z.string().optional(),
  dir: FrameDirSchema.or(z.literal('')).optional(),
  kinds: z
    .string()
    .optional()
    .refine((s) => !s || unknownKinds(s).length === 0, { error: (i) => `unknown kind ${unknownKinds(String(i.input)).join(', ')}` }),
  findings: z.enum(['1', ''], { error: 'findings must be 1' }).optional(),
  hideBookkeeping: z.enum(['1', ''], { error: 'hideBookkeeping must be 1' }).optional(),
  trace: z
    .string()
    .regex(/^[0-9a-f]{0,32}$/, { error: 'trace must be up to 32 lowercase hex digits' })
    .optional(),
};
export const WindowFilterQuerySchema = z.object(WindowFilterQueryShape);
type WindowFilterQuery = z.output<typeof WindowFilterQuerySchema>;

/** The filter a parsed query names. */
export function windowFilterOf(q: WindowFilterQuery): WindowFilter {
  return {
    ...(q.text ? { text: q.text } : {}),
    ...(q.method ? { method: q.method } : {}),
    ...(q.dir ? { dir: q.dir } : {}),
    ...(q.kinds ? { kinds: q.kinds.split(',') as FrameKind[] } : {}),
    ...(q.findings === '1' ? { findings: true as const } : {}),
    ...(q.hideBookkeeping === '1' ? { hideBookkeeping: true as const } : {}),
    ...(q.trace ? { trace: q.trace } : {}),
  };
}

/** The query of a filter, as windowFilterOf reads it back. */
export function windowQuery(f: WindowFilter): WindowFilterQuery {
  return {
    ...(f.text ? { text: f.text } : {}),
    ...(f.method ? { method: f.method } : {}),
    ...(f.dir ? { dir: f.dir } : {}),
    ...(f.kinds && f.kinds.length > 0 ? { kinds: f.kinds.join(',') } : {}),
    ...(f.findings ? { findings: '1' as const } : {}),
    ...(f.hideBookkeeping ? { hideBookkeeping: '1' as const } : {}),
    ...(f.trace ? { trace: f.trace } : {}),
  };
}

export const FrameIndexSchema = z.object({
  /** The highest seq recorded when the index was taken; later frames are not counted. */
  lastSeq: z.number().int(),
  total: z.number().int(),
  /** A block is 2^blockBits consecutive seqs. */
  blockBits: z.number().int(),
  /** [block number, matching frames in it], ascending, empty blocks left out. */
  blocks: z.array(z.tuple([z.number().int(), z.number().int()])),
  /**
   * Counted from the session's start up to lastSeq only, and more frames were recorded: the first matches, asked for
   * with `first` so the page can show them while the whole count is still being made.
   */
  partial: z.literal(true).optional(),
});
export type FrameIndex = z.infer<typeof FrameIndexSchema>;

export const WindowFrameSchema = FrameRecordSchema.extend({
  /** Seq of the frame on the other side of this frame's exchange, found by id. */
  pairs: z.array(z.number().int()),
  /** For a response: the method of the request it answers. */
  pairMethod: z.string().nullable(),
  latencyMs: z.number().nullable(),
  /** The text was cut to PREVIEW_CHARS; the full frame is read on demand. */
  truncated: z.literal(true).optional(),
  /** The relay's lint findings on this frame, as far as the session has been linted (absent when none). */
  findings: z.array(FindingSchema).optional(),
});
export type WindowFrame = z.infer<typeof WindowFrameSchema>;

/** GET /api/sessions/:id/findings-summary: the relay's lint of a whole session, grouped by rule. */
export const FindingsSummarySchema = z.object({
  /** Frames 1..lintedTo have been linted; the lint runs in the background until it reaches lastSeq. */
  lintedTo: z.number().int(),
  lastSeq: z.number().int(),
  done: z.boolean(),
  /** Findings stored per frame (badges, "has findings", jumps); past `cap` only the counts go on. */
  stored: z.number().int(),
  dropped: z.number().int(),
  cap: z.number().int(),
  rules: z.array(
    z.object({ ruleId: FindingSchema.shape.ruleId, severity: FindingSchema.shape.severity, count: z.number().int(), seqs: z.array(z.number().int()) }),
  ),
});
export type FindingsSummary = z.infer<typeof FindingsSummarySchema>;

export { PREVIEW_CHARS } from './relay-names.js';
