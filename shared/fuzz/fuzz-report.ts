// The shape of a fuzz campaign's report (`mcpscope fuzz --json`, the Fuzz tab's relay route): the failures found, each
// shrunk, with the oracle that caught it and where its repro lives, and what the campaign tried. Declared once here.
import { z } from 'zod';

export const FUZZ_MODES = ['args', 'protocol', 'both'] as const;
export type FuzzMode = (typeof FUZZ_MODES)[number];

/**
 * What caught a failure. crash: the server exited or was killed; hang: no answer within the timeout while it lived;
 * protocol: a lint finding at error on its frames (a reply to a notification, a wrong id…); tool-channel: a tool
 * failure sent as a JSON-RPC error; output-schema: structuredContent that fails the tool's outputSchema;
 * stack-trace: a stack trace written to stderr while it kept running.
 */
const FUZZ_ORACLES = ['crash', 'hang', 'protocol', 'tool-channel', 'output-schema', 'stack-trace'] as const;
export type FuzzOracle = (typeof FUZZ_ORACLES)[number];

const FuzzFailureSchema = z.object({
  /** oracle · tool (or the mutation) · signature: what groups findings into one failure. */
  key: z.string(),
  oracle: z.enum(FUZZ_ORACLES),
  mode: z.enum(['args', 'protocol']),
  /** The tool called (args), or the mutation applied (protocol). */
  subject: z.string(),
  /** What stays the same across inputs that fail this way: exit code or signal, the rule, the stack's first line. */
  signature: z.string(),
  /** One line: the oracle's finding in words. */
  summary: z.string(),
  /** The shrunk input: a tool's arguments (args) or the mutation's parameters (protocol). */
  input: z.unknown(),
  /** The frame that broke it, exactly as sent. */
  frame: z.string(),
  /** The input the campaign first failed on, before shrinking. */
  original: z.unknown(),
  /** Runs of the campaign before this failure was first seen (1-based), and the shrink attempts after it. */
  foundAtRun: z.number().int(),
  shrinkRuns: z.number().int(),
  /** Wall time from the first failing input to the shrunk one, in ms. */
  shrinkMs: z.number(),
  /** The server's last stderr lines when it failed. */
  stderr: z.array(z.string()),
  exitCode: z.number().int().nullable(),
  signal: z.string().nullable(),
  /** For protocol failures: the lint findings; for protocol mutations: the fault lab's verdict on the reply. */
  findings: z.array(z.object({ ruleId: z.string(), message: z.string() })),
  verdict: z.object({ outcome: z.string(), explanation: z.string() }).nullable(),
  /** Whether a fresh connection, sent the shrunk input alone after the handshake, failed the same way again. */
  reproduced: z.boolean(),
  /** The repro bundle written for it (a path), and its session in the store; null when not kept. */
  bundle: z.string().nullable(),
  sessionId: z.string().nullable(),
});
export type FuzzFailure = z.infer<typeof FuzzFailureSchema>;

const FuzzReportSchema = z.object({
  version: z.literal(1),
  seed: z.number().int(),
  mode: z.enum(FUZZ_MODES),
  server: z.string(),
  /** Tools fuzzed, and those left out with why (not read-only, destructive, no usable schema). */
  tools: z.array(z.string()),
  skipped: z.array(z.object({ name: z.string(), why: z.string() })),
  /** Inputs tried while searching, and the extra runs spent shrinking. */
  runs: z.number().int(),
  shrinkRuns: z.number().int(),
  /** Times the server was started again after it died or hung. */
  restarts: z.number().int(),
  /** Inputs that outlived the timeout while the server kept answering (progress, or a ping): slow, not a failure. */
  slow: z.number().int(),
  timeMs: z.number(),
  /** What ended the campaign: its run budget, its time limit, or a stop asked for. */
  stoppedBy: z.enum(['runs', 'time', 'stopped']),
  failures: z.array(FuzzFailureSchema),
  /** Protocol mode: the fault lab's verdicts on the replies to each mutation (and preset), counted. */
  verdicts: z.record(z.string(), z.record(z.string(), z.number().int())),
});
export type FuzzReport = z.infer<typeof FuzzReportSchema>;

/** The input as JSON (which escapes C0 controls and lone surrogates); a terminal escapes the rest (escapeControls). */
const shown = (value: unknown): string => JSON.stringify(value) ?? String(value);

/** One line per failure: oracle, subject, what happened, the shrunk input. */
export function failureLine(f: FuzzFailure): string {
  return `${f.oracle.padEnd(13)} ${f.subject}: ${f.summary} · input ${shown(f.input)}${f.bundle ? ` · ${f.bundle}` : ''}`;
}

export function reportSummary(r: FuzzReport): string {
  const found = r.failures.length === 0 ? 'no failure' : `${r.failures.length} failure${r.failures.length === 1 ? '' : 's'}`;
  return `${found} in ${r.runs} runs (+${r.shrinkRuns} shrinking), ${r.restarts} restart${r.restarts === 1 ? '' : 's'}, ${(r.timeMs / 1000).toFixed(1)} s, seed ${r.seed}`;
}

/** The Fuzz tab's request: a campaign on scratch connections to a live session's own target (never the session). */
export const FuzzRunBodySchema = z.object({
  /** null: every tool the safety rule allows. */
  tools: z.array(z.string().min(1)).max(200).nullable().default(null),
  /** null: read-only tools only; 'all': every tool; else these names too (as --allow-tools). */
  allowTools: z
    .union([z.literal('all'), z.array(z.string().min(1)).max(200)])
    .nullable()
    .default(null),
  mode: z.enum(FUZZ_MODES).default('args'),
  runs: z.number().int().min(1).max(100_000).default(200),
  /** A global time limit for the search; at most ten minutes from the page. */
  timeMs: z.number().int().min(100).max(600_000).nullable().default(null),
  seed: z
    .number()
    .int()
    .min(-(2 ** 31))
    .max(2 ** 31 - 1)
    .optional(),
  timeoutMs: z.number().int().min(50).max(120_000).default(5000),
  ratePerSecond: z.number().int().min(1).max(100_000).nullable().default(null),
});
export type FuzzRunBody = z.input<typeof FuzzRunBodySchema>;

export const FuzzRunStatusSchema = z.object({
  runId: z.string(),
  sessionId: z.string(),
  state: z.enum(['running', 'keeping', 'done', 'failed']),
  seed: z.number().int(),
  progress: z.object({ runs: z.number().int(), shrinkRuns: z.number().int(), failures: z.number().int(), subject: z.string() }),
  report: FuzzReportSchema.nullable(),
  error: z.string().nullable(),
});
export type FuzzRunStatus = z.infer<typeof FuzzRunStatusSchema>;
