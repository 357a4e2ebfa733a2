// The last results of the panels that run things on scratch connections (the fault lab, the Conformance tab), kept in
// the relay's store per session under test so a reload brings them back, as zod schemas: the relay checks what the page
// saves, the page checks what it reads. Texts are capped: a preset may send a megabyte, its record need not keep it.
import { z } from 'zod';
import { CheckReportSchema } from './check/check-types.js';

/** The longest `sent` or `firstReply` kept in a saved fault run; the frames themselves are in the scratch session's log. */
export const SAVED_TEXT_CHARS = 4096;

const FaultRunSchema = z.object({
  presetId: z.string().max(200),
  title: z.string().max(500),
  spec: z.string().max(2000),
  sent: z.string().max(SAVED_TEXT_CHARS),
  verdict: z.object({
    outcome: z.enum(['as-spec', 'spec-silent', 'deviates', 'no-reply', 'died']),
    explanation: z.string().max(SAVED_TEXT_CHARS),
    // The sharper lint rule the grading found, and whether the verdict was made locally: both set the severity shown.
    rule: z.string().max(200).optional(),
    local: z.boolean().optional(),
  }),
  firstReply: z.string().max(SAVED_TEXT_CHARS).nullable(),
  waitedMs: z.number().min(0),
  sentSeq: z.number().int().nullable(),
  sessionId: z.string().max(200).nullable(),
});

/** The fault lab as it was left: its results, its connection choices, and the scratch sessions of the last run. */
export const FaultLabStateSchema = z.object({
  runs: z.array(FaultRunSchema).max(500),
  waitMs: z.number().int().min(100).max(600_000),
  lanes: z.number().int().min(1).max(16),
  scratches: z.array(z.object({ id: z.string().max(200), name: z.string().max(500) })).max(16),
});
export type FaultLabState = z.infer<typeof FaultLabStateSchema>;

export const SavedFaultLabSchema = z.object({ state: FaultLabStateSchema.nullable(), savedAt: z.number().nullable() });
export const SavedCheckSchema = z.object({ report: CheckReportSchema.nullable(), savedAt: z.number().nullable() });
export type SavedFaultLab = z.infer<typeof SavedFaultLabSchema>;
export type SavedCheck = z.infer<typeof SavedCheckSchema>;

/** A text cut to what a saved record keeps, saying how much was left out. */
export function capText(text: string, max = SAVED_TEXT_CHARS): string {
  if (text.length <= max) return text;
  const note = `… (${text.length} characters; the whole text is in the scratch session's log)`;
  return `${text.slice(0, max - note.length)}${note}`;
}
