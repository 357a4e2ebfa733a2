// A collection: saved calls as named steps with assertions, one zod shape for the file (`mcpscope run`, the page's
// import and export) and for the run's report (`run --json`); both ship as JSON Schemas made from these.
// Threat model: a collection comes from a file or a page, not from mcpscope; it is data. It names MCP requests to send
// and values to compare, never a command to run (the server comes from the command line), so nothing in it executes;
// names and sizes are bounded, a step may only read steps before it, and every string is escaped where it is shown.
import { z } from 'zod';
import { AnswersFileSchema } from '../answers/answers-file.js';
import { describeIssues } from '../zod-issues.js';
import { SEVERITIES } from '../lint/lint-types.js';

const COLLECTION_VERSION = 1;
const STEP_NAME = /^[A-Za-z0-9_][A-Za-z0-9_-]{0,63}$/;
const POINTER = z
  .string()
  .max(1000)
  .regex(/^(\/.*)?$/, 'a JSON pointer: empty (the whole result) or starting with /')
  .describe('a JSON pointer (RFC 6901) into the result; "" is the whole result');

const AssertionSchema = z.union([
  z.strictObject({ pointer: POINTER, equals: z.unknown().describe('the value the pointer must hold (JSON equality); variables are filled in') }),
  z.strictObject({ pointer: POINTER, matches: z.string().max(1000).describe('a regular expression (JavaScript syntax) the value, a string, must match') }),
  z.strictObject({
    pointer: POINTER.optional(),
    schema: z.record(z.string(), z.unknown()).describe('a JSON Schema (2020-12 unless $schema says) the value must satisfy'),
  }),
  z.strictObject({ isError: z.literal(false).describe('a tools/call result without isError: true (and no JSON-RPC error)') }),
  z.strictObject({ latencyUnderMs: z.number().int().positive().describe('the answer came within this many milliseconds') }),
  z.strictObject({ noLintAtOrAbove: z.enum(SEVERITIES).describe("no lint finding of this severity or worse on the step's frames") }),
  z.strictObject({
    serverRequest: z
      .string()
      .min(1)
      .max(200)
      .describe(
        'the server sent a request of this method during the step (sampling/createMessage, elicitation/create, roots/list), and it was answered from the answers',
      ),
  }),
]);
export type Assertion = z.infer<typeof AssertionSchema>;

const StepSchema = z.strictObject({
  name: z
    .string()
    .regex(STEP_NAME, 'letters, digits, _ and -, at most 64')
    .describe('unique in the collection; later steps read its result as ${steps.<name>.result…}'),
  method: z.string().min(1).max(200),
  params: z.unknown().optional().describe('the params as sent, after ${env.NAME} and ${steps.<name>.result<pointer>} are filled in'),
  assert: z.array(AssertionSchema).max(100).default([]),
});

export const CollectionSchema = z
  .strictObject({
    $schema: z.string().optional(),
    version: z.literal(COLLECTION_VERSION),
    name: z.string().min(1).max(200),
    description: z.string().max(2000).optional(),
    /** How the server's requests are answered, as `call --answers` does; declared as the client's capabilities. */
    answers: AnswersFileSchema.optional(),
    steps: z.array(StepSchema).min(1).max(1000),
  })
  .superRefine((c, ctx) => {
    const seen = new Set<string>();
    c.steps.forEach((s, i) => {
      if (seen.has(s.name)) ctx.addIssue({ code: 'custom', path: ['steps', i, 'name'], message: `"${s.name}" names two steps` });
      seen.add(s.name);
    });
  });
export type Collection = z.infer<typeof CollectionSchema>;

const StepStatusSchema = z.enum(['pass', 'fail', 'error', 'skipped']);
export type StepStatus = z.infer<typeof StepStatusSchema>;

const AssertionResultSchema = z.object({
  /** The assertion as written (variables filled in). */
  assertion: z.record(z.string(), z.unknown()),
  pass: z.boolean(),
  /** What was seen, in a sentence. */
  detail: z.string(),
});
export type AssertionResult = z.infer<typeof AssertionResultSchema>;

const StepResultSchema = z.object({
  name: z.string(),
  method: z.string(),
  /** pass: every assertion held; fail: one did not; error: the request could not be made (a variable, the connection); skipped: after --bail. */
  status: StepStatusSchema,
  /** The params as sent. */
  params: z.unknown().optional(),
  latencyMs: z.number().nonnegative().nullable(),
  /** The response's result or error, as it came (null when none came). */
  response: z.record(z.string(), z.unknown()).nullable(),
  assertions: z.array(AssertionResultSchema),
  /** Why it could not run (status error), or why it was skipped. */
  error: z.string().optional(),
  /** The frames of the step (its request, what the server sent meanwhile, its answer): seqs on the run's connection. */
  frames: z.array(z.number().int()),
  durationMs: z.number().nonnegative(),
});
export type StepResult = z.infer<typeof StepResultSchema>;

export const RunReportSchema = z.object({
  collection: z.string(),
  target: z.string(),
  transport: z.string(),
  protocolVersion: z.string().nullable(),
  startedAt: z.string(),
  /** The recorded session in the inspector's store (`run --record`, or a run from the page): open `#session=<id>&seq=<n>`. */
  session: z.string().optional(),
  steps: z.array(StepResultSchema),
});
export type RunReport = z.infer<typeof RunReportSchema>;

/** The collection from parsed JSON, or why not ("path: message" per problem, and a step that reads a later one). */
export function parseCollection(value: unknown): { ok: true; collection: Collection } | { ok: false; error: string } {
  const r = CollectionSchema.safeParse(value);
  if (!r.success) return { ok: false, error: describeIssues(r.error, 'collection') };
  return { ok: true, collection: r.data };
}

/** A collection as the relay keeps it (GET /api/collections/:id): its id beside the file's contents. */
export const StoredCollectionSchema = z.object({ id: z.string(), collection: CollectionSchema, updatedAt: z.number() });
export type StoredCollection = z.infer<typeof StoredCollectionSchema>;

/** The list of collections (GET /api/collections). */
export const CollectionSummarySchema = z.object({ id: z.string(), name: z.string(), steps: z.number().int(), updatedAt: z.number() });
export type CollectionSummary = z.infer<typeof CollectionSummarySchema>;

/** POST /api/sessions/:id/run-collection: run a kept collection against that live session's own target. */
export const RunCollectionBodySchema = z.strictObject({
  collectionId: z.string().min(1).max(100),
  timeoutMs: z.number().int().min(100).max(600_000).default(30_000),
});
