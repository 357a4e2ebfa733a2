// A check baseline: the failures and warnings a project has accepted (check id → status and why), so a CI job stays
// green on known problems, fails on a new one, and says which accepted ones went away so the baseline can shrink.
// Threat model: the file comes from a repository, not from mcpscope; it is data. It is parsed by a schema (unknown
// keys refused, ids and reasons bounded), it can only mark results as known, never run or change anything, and every
// string from it is escaped by whoever prints it.
import { z } from 'zod';
import type { CheckResult, CheckStatus } from './check-types.js';

const BASELINE_VERSION = 1;

export const CheckBaselineSchema = z
  .object({
    version: z.literal(BASELINE_VERSION),
    accepted: z.record(z.string().min(1).max(200), z.object({ status: z.enum(['fail', 'warn']), reason: z.string().max(500).default('') }).strict()),
  })
  .strict();
export type CheckBaseline = z.infer<typeof CheckBaselineSchema>;

/** What a run looks like against a baseline. */
export interface BaselineComparison {
  /** Problems the baseline accepts (at this status or a worse one): they do not fail the run. */
  known: CheckResult[];
  /** Problems it does not: a new failure or warning, or an accepted warning that is now a failure. */
  fresh: CheckResult[];
  /** Accepted ids whose check ran and passed: the baseline can lose them. */
  fixed: string[];
}

const RANK: Record<CheckStatus, number> = { skip: 0, pass: 1, warn: 2, fail: 3 };

/**
 * Compares results with a baseline. An accepted check that did not run (left out by --only, or skipped) is neither
 * known nor fixed: nothing was learnt about it.
 */
export function compareBaseline(results: readonly CheckResult[], baseline: CheckBaseline): BaselineComparison {
  const out: BaselineComparison = { known: [], fresh: [], fixed: [] };
  for (const r of results) {
    const accepted = Object.hasOwn(baseline.accepted, r.id) ? baseline.accepted[r.id]! : null;
    if (r.status === 'fail' || r.status === 'warn') (accepted !== null && RANK[r.status] <= RANK[accepted.status] ? out.known : out.fresh).push(r);
    else if (r.status === 'pass' && accepted !== null) out.fixed.push(r.id);
  }
  return out;
}

/**
 * The baseline that accepts every problem of this run, keeping the reasons already written for those still there. An
 * accepted check this run learnt nothing about (left out by --only, or skipped) keeps its entry: a partial run must not
 * drop what it did not look at.
 */
export function baselineOf(results: readonly CheckResult[], previous: CheckBaseline | null): CheckBaseline {
  const accepted: CheckBaseline['accepted'] = {};
  const ran = new Set(results.filter((r) => r.status !== 'skip').map((r) => r.id));
  for (const [id, entry] of Object.entries(previous?.accepted ?? {})) if (!ran.has(id)) accepted[id] = entry;
  for (const r of results) {
    if (r.status !== 'fail' && r.status !== 'warn') continue;
    const before = previous && Object.hasOwn(previous.accepted, r.id) ? previous.accepted[r.id]!.reason : '';
    accepted[r.id] = { status: r.status, reason: before || r.detail.slice(0, 500) };
  }
  return { version: BASELINE_VERSION, accepted };
}
