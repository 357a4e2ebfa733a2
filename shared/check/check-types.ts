// The vocabulary of `mcpscope check`: a check as data (what it rests on, how to fix a failure) plus the function that
// runs it, its graded result, and the report every output (terminal, JSON, JUnit, Markdown, the Conformance tab) reads.
import { z } from 'zod';
import type { Connection, ClientEngine } from '../engine/index.js';
import type { HttpProbeResult } from '../fault-lab/fault-types.js';
import type { Keyword, TransportKind } from '../lint/lint-types.js';
import type { FrameRecord } from '../relay-protocol.js';

const CHECK_STATUSES = ['pass', 'fail', 'warn', 'skip'] as const;
export type CheckStatus = (typeof CHECK_STATUSES)[number];

export const CHECK_GROUPS = [
  'lifecycle',
  'capabilities',
  'tools',
  'resources',
  'prompts',
  'completion',
  'logging',
  'robustness',
  'http',
  'modern',
  'transcript',
] as const;
type CheckGroup = (typeof CHECK_GROUPS)[number];

/** The sentence a check rests on: its keyword decides what a problem costs (MUST → fail, SHOULD → warn). */
const SpecSentenceSchema = z.object({
  keyword: z.enum(['MUST', 'MUST NOT', 'REQUIRED', 'SHOULD', 'SHOULD NOT', 'silent']),
  quote: z.string(),
  /** Where the sentence is: a spec page (with its version) or another standard. */
  source: z.string(),
});
export type SpecSentence = z.infer<typeof SpecSentenceSchema>;

/** An RFC 2119 keyword as the report's schema spells it: SHALL is MUST, RECOMMENDED is SHOULD, MAY and none are silent. */
export function checkKeyword(k: Keyword | null): SpecSentence['keyword'] {
  if (k === 'MUST' || k === 'MUST NOT' || k === 'REQUIRED' || k === 'SHOULD' || k === 'SHOULD NOT') return k;
  return k === 'SHALL' ? 'MUST' : k === 'SHALL NOT' ? 'MUST NOT' : k === 'RECOMMENDED' ? 'SHOULD' : 'silent';
}

const CheckResultSchema = z.object({
  id: z.string(),
  group: z.enum(CHECK_GROUPS),
  title: z.string(),
  status: z.enum(CHECK_STATUSES),
  /** What was seen, in a sentence or two. */
  detail: z.string(),
  spec: SpecSentenceSchema,
  /** The frames that show it: seqs of the scratch session named by `session` (a second connection has its own). */
  frames: z.array(z.number().int()),
  session: z.string(),
  fix: z.string(),
  /** How long the check took, in milliseconds (JUnit's `time`); absent in reports from before it was measured. */
  durationMs: z.number().nonnegative().optional(),
});
export type CheckResult = z.infer<typeof CheckResultSchema>;

export const CheckReportSchema = z.object({
  target: z.string(),
  transport: z.string(),
  protocolVersion: z.string().nullable(),
  startedAt: z.string(),
  /** Each scratch connection the check made: its name (as in results) and its frame count. */
  sessions: z.array(
    z.object({
      name: z.string(),
      frames: z.number().int(),
      /** The recorded session in the relay's store (the Conformance tab's runs, `check --record`): open it at `#session=<id>&seq=<n>`. */
      id: z.string().optional(),
    }),
  ),
  results: z.array(CheckResultSchema),
});
export type CheckReport = z.infer<typeof CheckReportSchema>;

/** POST /api/sessions/:id/check: the Conformance tab's run on scratch connections to a live session's own target. */
export const CheckRunBodySchema = z.object({
  /** null: read-only tools only; 'all': every tool; else these names too (as --allow-tools). */
  allowTools: z
    .union([z.literal('all'), z.array(z.string().min(1)).max(200)])
    .nullable()
    .default(null),
  only: z.array(z.string().min(1)).max(100).default([]),
  robustness: z.boolean().default(true),
  era: z.enum(['legacy', 'modern', 'auto']).optional(),
  protocolVersion: z.string().min(1).max(40).optional(),
  timeoutMs: z.number().int().min(100).max(120_000).default(10_000),
});
export type CheckRunBody = z.infer<typeof CheckRunBodySchema>;

/** What a check's run says: ok, a problem (graded by the sentence's keyword), or not applicable. */
export type CheckOutcome =
  | {
      ok: boolean;
      detail: string;
      frames?: number[];
      /** The scratch connection the frames are on, when not the main one. */
      session?: string;
      /** The sentence the problem breaks, when not the check's own (no answer at all is a MUST of JSON-RPC): its keyword sets the status. */
      spec?: SpecSentence;
    }
  | { skip: string };

/** A scratch connection the check owns: a connected engine and the frames it recorded. */
export interface ScratchConnection {
  name: string;
  engine: ClientEngine;
  frames: readonly FrameRecord[];
  /** Calls `listener` with each frame as it is recorded (to wait for one, rather than poll); returns the unsubscriber. */
  onFrame(listener: (frame: FrameRecord) => void): () => void;
  /** Streamable HTTP only: one raw exchange on the endpoint (the fault lab's), recorded like any other. */
  httpProbe?: (spec: {
    method: 'POST' | 'GET' | 'DELETE' | 'PUT';
    headers: Record<string, string | null>;
    body: string;
    waitMs: number;
    /** SSE: drop the connection after the first event with an id (a broken network), reading nothing more. */
    cutAfterEventId?: boolean;
    /** SSE: stop reading once the response with this id (JSON text) has arrived. */
    untilResponse?: string;
  }) => Promise<HttpProbeResult>;
  close(): Promise<void>;
}

/** Everything a check may use; the CLI and the browser each provide one. */
export interface CheckContext {
  main: ScratchConnection;
  connection: Connection;
  transport: TransportKind;
  timeoutMs: number;
  /** Tools the check may call: read-only ones, or those --allow-tools names. */
  mayCall(tool: Record<string, unknown>): boolean;
  /** A fresh scratch connection, not yet initialized (for version negotiation and the fault lab's presets). */
  fresh(name: string): Promise<ScratchConnection>;
  /** Facts earlier checks found (the tool list, the first resource…), so later ones need not ask again. */
  facts: Map<string, unknown>;
}

/** What a check needs before it can run; the runner skips it, saying which is missing, when one is not met. */
export interface CheckRequirements {
  /** A capability the server declared (its object in the handshake's capabilities). */
  capability?: string;
  /** The era the connection is in, with why the check belongs to it. */
  era?: { is: 'legacy' | 'modern'; why: string };
  /** Streamable HTTP, with raw exchanges on the endpoint. */
  http?: true;
}

export interface CheckDefinition {
  id: string;
  group: CheckGroup;
  title: string;
  spec: SpecSentence;
  fix: string;
  requires?: CheckRequirements;
  run(ctx: CheckContext): Promise<CheckOutcome>;
}

/**
 * Whether each fresh connection is a server process of its own (stdio), so that what one does (a preset that kills
 * its server) cannot reach another's and they may run side by side. Over HTTP they all reach one server, behind OAuth
 * on one token.
 */
export function ownServerEach(ctx: Pick<CheckContext, 'transport'>): boolean {
  return ctx.transport === 'stdio';
}

/** Why a check cannot run on this connection (its skip detail), or null when every requirement is met. */
export function unmetRequirement(ctx: CheckContext, req: CheckRequirements | undefined): string | null {
  if (!req) return null;
  if (req.era && ctx.connection.era !== req.era.is) return req.era.why;
  if (req.http && (ctx.transport !== 'http' || !ctx.main.httpProbe)) return 'a Streamable HTTP check (use --url with an http(s) endpoint)';
  if (req.http && ctx.connection.era === 'modern')
    return 'a check of Streamable HTTP up to 2025-11-25: its raw exchanges do not speak the 2026-07-28 HTTP transport yet';
  const caps = ctx.connection.serverCapabilities;
  if (req.capability !== undefined && !(typeof caps[req.capability] === 'object' && caps[req.capability] !== null))
    return `the server declared no ${req.capability} capability`;
  return null;
}

/** A problem costs what its sentence's keyword says; where the spec is silent it is a warning at most. */
export function statusOf(outcome: CheckOutcome, keyword: SpecSentence['keyword']): CheckStatus {
  if ('skip' in outcome) return 'skip';
  if (outcome.ok) return 'pass';
  return keyword === 'MUST' || keyword === 'MUST NOT' || keyword === 'REQUIRED' ? 'fail' : 'warn';
}
