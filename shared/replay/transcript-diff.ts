// Diffs two transcripts message by message: lines them up by what each message is, then compares the normalized JSON.
import { z } from 'zod';
import { parseJson } from '../jsonrpc.js';
import { FrameDirSchema } from '../relay-protocol.js';
import { DiffOptionsSchema, type DiffOptions, type DiffOptionsInput } from './diff-options.js';
import { jsonChanges, JsonChangeSchema } from './json-changes.js';
import { keyMessages, type DiffFrame, type KeyedMessage } from './message-keys.js';
import { normalizeMessage } from './normalize-message.js';
import { alignSequences } from './sequence-align.js';

export const DiffEntrySchema = z.object({
  status: z.enum(['changed', 'added', 'removed']),
  label: z.string(),
  dir: FrameDirSchema,
  oldSeq: z.number().int().nullable(),
  newSeq: z.number().int().nullable(),
  /** For `changed`: the members that differ after normalization. */
  changes: z.array(JsonChangeSchema),
  /** For `added` and `removed`: the message text, capped. */
  text: z.string().optional(),
});
export type DiffEntry = z.infer<typeof DiffEntrySchema>;

export const DiffSummarySchema = z.object({
  same: z.number().int(),
  changed: z.number().int(),
  added: z.number().int(),
  removed: z.number().int(),
  oldMessages: z.number().int(),
  newMessages: z.number().int(),
});
export type DiffSummary = z.infer<typeof DiffSummarySchema>;

export const TranscriptDiffSchema = z.object({
  identical: z.boolean(),
  summary: DiffSummarySchema,
  /** Only the differences, in transcript order. */
  entries: z.array(DiffEntrySchema),
});
export type TranscriptDiff = z.infer<typeof TranscriptDiffSchema>;

const PREVIEW = 2000;

function comparable(m: KeyedMessage, opts: DiffOptions): unknown {
  const { frame } = m;
  if (frame.kind === 'noise' || frame.kind === 'oversize' || frame.kind === 'stderr') {
    return opts.ignoreTimestamps ? normalizeMessage(frame.text, opts) : frame.text;
  }
  const parsed = parseJson(frame.text);
  return parsed.ok ? normalizeMessage(parsed.value, opts) : frame.text;
}

export function diffTranscripts(oldFrames: Iterable<DiffFrame>, newFrames: Iterable<DiffFrame>, options: DiffOptionsInput = {}): TranscriptDiff {
  const opts = DiffOptionsSchema.parse(options);
  const a = keyMessages(oldFrames, opts.includeStderr);
  const b = keyMessages(newFrames, opts.includeStderr);
  const summary: DiffSummary = { same: 0, changed: 0, added: 0, removed: 0, oldMessages: a.length, newMessages: b.length };
  const entries: DiffEntry[] = [];
  for (const op of alignSequences(a.map((m) => m.key), b.map((m) => m.key))) {
    if (op.op === 'equal') {
      const x = a[op.a]!;
      const y = b[op.b]!;
      const changes = jsonChanges(comparable(x, opts), comparable(y, opts));
      if (changes.length === 0 && x.key === y.key) {
        summary.same++;
        continue;
      }
      summary.changed++;
      entries.push({ status: 'changed', label: y.label, dir: y.frame.dir, oldSeq: x.frame.seq, newSeq: y.frame.seq, changes });
    } else if (op.op === 'delete') {
      const x = a[op.a]!;
      summary.removed++;
      entries.push({ status: 'removed', label: x.label, dir: x.frame.dir, oldSeq: x.frame.seq, newSeq: null, changes: [], text: x.frame.text.slice(0, PREVIEW) });
    } else {
      const y = b[op.b]!;
      summary.added++;
      entries.push({ status: 'added', label: y.label, dir: y.frame.dir, oldSeq: null, newSeq: y.frame.seq, changes: [], text: y.frame.text.slice(0, PREVIEW) });
    }
  }
  return { identical: entries.length === 0, summary, entries };
}
