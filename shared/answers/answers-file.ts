// The scripted answers file (`mcpscope call --answers`, the inspector's auto-responses): one zod shape, its type and its parser.
import { z } from 'zod';
import { describeIssues } from '../zod-issues.js';
import { ANSWER_CAPABILITIES, SAMPLING_PLACEHOLDERS, type AnswerCapability } from './answer-kinds.js';

export { type AnswerCapability };

const samplingText = z.string().superRefine((text, ctx) => {
  for (const [, name] of text.matchAll(/\{\{\s*([^}]*?)\s*\}\}/g)) {
    if (!(SAMPLING_PLACEHOLDERS as readonly string[]).includes(name!))
      ctx.addIssue({ code: 'custom', message: `unknown placeholder {{${name}}} (known: ${SAMPLING_PLACEHOLDERS.join(', ')})` });
  }
});

const SamplingAnswerSchema = z.union([
  z.strictObject({
    text: samplingText.describe('the assistant reply; {{lastMessage}}, {{messageCount}}, {{systemPrompt}} and {{maxTokens}} are filled in'),
    model: z.string().min(1).default('mcpscope-scripted'),
    stopReason: z.string().min(1).default('endTurn'),
  }),
  z.strictObject({ action: z.literal('reject'), message: z.string().optional() }),
]);

const ElicitationAnswerSchema = z.strictObject({
  /** reject answers with a JSON-RPC error (-1, the user refused), the others with an ElicitResult of that action. */
  action: z.enum(['accept', 'decline', 'cancel', 'reject']),
  /** accept: the values; the requested schema's defaults fill the fields left out (SEP-1034). */
  content: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())])).optional(),
});

const RootSchema = z.strictObject({ uri: z.string().min(1), name: z.string().optional() });

export const AnswersFileSchema = z.strictObject({
  $schema: z.string().optional(),
  /** Declared in initialize (or the modern _meta); default: the kinds answered below. */
  capabilities: z.array(z.enum(ANSWER_CAPABILITIES)).optional(),
  sampling: SamplingAnswerSchema.optional(),
  elicitation: ElicitationAnswerSchema.optional(),
  roots: z.array(RootSchema).optional(),
});

export type AnswersFile = z.infer<typeof AnswersFileSchema>;
export type SamplingAnswer = z.infer<typeof SamplingAnswerSchema>;
export type ElicitationAnswer = z.infer<typeof ElicitationAnswerSchema>;

/** The answers file from parsed JSON, or why not ("path: message" per problem). */
export function parseAnswersFile(value: unknown): { ok: true; answers: AnswersFile } | { ok: false; error: string } {
  const r = AnswersFileSchema.safeParse(value);
  return r.success ? { ok: true, answers: r.data } : { ok: false, error: describeIssues(r.error, 'answers file') };
}

/** The kinds a file answers, which it declares unless it names its capabilities itself. */
export function declaredCapabilities(answers: AnswersFile, override?: readonly AnswerCapability[]): AnswerCapability[] {
  if (override) return [...override];
  if (answers.capabilities) return [...answers.capabilities];
  const kinds: AnswerCapability[] = (['sampling', 'elicitation', 'roots'] as const).filter((k) => answers[k] !== undefined);
  // The engine runs any answer it gives to a task-augmented request as a task (2025-11-25), so it says so.
  return kinds.includes('sampling') || kinds.includes('elicitation') ? [...kinds, 'tasks'] : kinds;
}
