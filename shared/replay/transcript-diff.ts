// Diffs two transcripts message by message: pairs them by meaning (message-pairing.ts), then compares the normalized
// JSON of each pair, so only what a server said differently shows, never when or in which order it said it.
import { z } from 'zod';
import { parseJson } from '../jsonrpc.js';
import { FrameDirSchema } from '../relay-protocol.js';
import { DiffOptionsSchema, type DiffOptions, type DiffOptionsInput } from './diff-options.js';
import { byKey, jsonChanges, JsonChangeSchema, type KeyedArrays } from './json-changes.js';
import { keyMessages, type DiffFrame, type KeyedMessage } from './message-keys.js';
import { pairMessages } from './message-pairing.js';
import { normalizeMessage } from './normalize-message.js';

const DiffEntrySchema = z.object({
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
type DiffEntry = z.infer<typeof DiffEntrySchema>;

const DiffSummarySchema = z.object({
  same: z.number().int(),
  changed: z.number().int(),
  added: z.number().int(),
  removed: z.number().int(),
  oldMessages: z.number().int(),
  newMessages: z.number().int(),
});
type DiffSummary = z.infer<typeof DiffSummarySchema>;

export const TranscriptDiffSchema = z.object({
  identical: z.boolean(),
  summary: DiffSummarySchema,
  /** Only the differences, in the order of the new run (a removed message where its neighbours went). */
  entries: z.array(DiffEntrySchema),
});
export type TranscriptDiff = z.infer<typeof TranscriptDiffSchema>;

const PREVIEW = 2000;

/** The lists whose order means nothing, by the method whose result holds them, and the member naming each element. */
const LIST_RESULTS: Record<string, [string, string]> = {
  'tools/list': ['result.tools', 'name'],
  'prompts/list': ['result.prompts', 'name'],
  'resources/list': ['result.resources', 'uri'],
  'resources/templates/list': ['result.resourceTemplates', 'uriTemplate'],
  'roots/list': ['result.roots', 'uri'],
  'tasks/list': ['result.tasks', 'taskId'],
};

function keyedArraysOf(m: KeyedMessage): KeyedArrays {
  const list = m.answerTo === null ? undefined : LIST_RESULTS[m.answerTo];
  return new Map(list ? [list] : []);
}

function comparable(m: KeyedMessage, opts: DiffOptions): unknown {
  const { frame } = m;
  if (frame.kind === 'noise' || frame.kind === 'oversize' || frame.kind === 'stderr') {
    return opts.ignoreTimestamps ? normalizeMessage(frame.text, opts) : frame.text;
  }
  const parsed = parseJson(frame.text);
  return parsed.ok ? normalizeMessage(parsed.value, opts) : frame.text;
}

/** One string per value, equal for equal content: object members sorted, keyed lists in key order. */
function signature(value: unknown, keyed: KeyedArrays, path = ''): string {
  if (Array.isArray(value)) {
    const field = keyed.get(path);
    const els = field === undefined ? null : byKey(value, field);
    const items = els ? [...els.keys()].sort().map((k) => els.get(k)) : value;
    return `[${items.map((x, i) => signature(x, keyed, `${path}[${i}]`)).join(',')}]`;
  }
  if (typeof value === 'object' && value !== null) {
    const o = value as Record<string, unknown>;
    const keys = Object.keys(o).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${signature(o[k], keyed, path ? `${path}.${k}` : k)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

export function diffTranscripts(oldFrames: Iterable<DiffFrame>, newFrames: Iterable<DiffFrame>, options: DiffOptionsInput = {}): TranscriptDiff {
  const opts = DiffOptionsSchema.parse(options);
  const a = keyMessages(oldFrames, opts.includeStderr);
  const b = keyMessages(newFrames, opts.includeStderr);
  const va = a.map((m) => comparable(m, opts));
  const vb = b.map((m) => comparable(m, opts));
  const pairing = pairMessages(
    a,
    b,
    va.map((v, i) => signature(v, keyedArraysOf(a[i]!))),
    vb.map((v, i) => signature(v, keyedArraysOf(b[i]!))),
  );
  const summary: DiffSummary = { same: 0, changed: 0, added: 0, removed: 0, oldMessages: a.length, newMessages: b.length };
  /** Each entry with where it goes in the new run's order. */
  const placed: Array<{ at: number; entry: DiffEntry }> = [];
  const partnerOf = new Map(pairing.pairs);
  for (const [i, j] of pairing.pairs) {
    const x = a[i]!;
    const y = b[j]!;
    const changes = jsonChanges(va[i], vb[j], 50, keyedArraysOf(y));
    if (changes.length === 0) {
      summary.same++;
      continue;
    }
    summary.changed++;
    placed.push({ at: j, entry: { status: 'changed', label: y.label, dir: y.frame.dir, oldSeq: x.frame.seq, newSeq: y.frame.seq, changes } });
  }
  for (const i of pairing.removed) {
    const x = a[i]!;
    // Where the old message's nearest earlier neighbour went in the new run, just after it.
    let before = -1;
    for (let k = i - 1; k >= 0 && before === -1; k--) before = partnerOf.get(k) ?? -1;
    summary.removed++;
    placed.push({
      at: before + 0.5,
      entry: { status: 'removed', label: x.label, dir: x.frame.dir, oldSeq: x.frame.seq, newSeq: null, changes: [], text: x.frame.text.slice(0, PREVIEW) },
    });
  }
  for (const j of pairing.added) {
    const y = b[j]!;
    summary.added++;
    placed.push({
      at: j,
      entry: { status: 'added', label: y.label, dir: y.frame.dir, oldSeq: null, newSeq: y.frame.seq, changes: [], text: y.frame.text.slice(0, PREVIEW) },
    });
  }
  placed.sort((p, q) => p.at - q.at || (p.entry.oldSeq ?? 0) - (q.entry.oldSeq ?? 0));
  const entries = placed.map((p) => p.entry);
  return { identical: entries.length === 0, summary, entries };
}
