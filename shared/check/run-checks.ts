// Runs the suite: each check in order on the scratch connection, then the linter over the whole transcript, whose
// findings mark the check whose frames they are about (or a transcript/<family> result when no check owns them). The
// host's extra checks (the robustness presets) run after the suite, or beside it when their connections are their own.
import { lintFrames, JsonSchemaValidator, type Finding } from '../lint/index.js';
import type { CheckContext, CheckDefinition, CheckResult, CheckStatus } from './check-types.js';
import { statusOf, unmetRequirement } from './check-types.js';
import { ERROR_CHECKS } from './error-checks.js';
import { ruleSentence } from './rule-sentence.js';
import { FEATURE_CHECKS } from './feature-checks.js';
import { HTTP_CHECKS } from './http-checks.js';
import { LIFECYCLE_CHECKS } from './lifecycle-checks.js';
import { MODERN_CHECKS } from './modern-checks.js';
import { PROGRESS_CHECKS } from './progress-checks.js';
import { TOOL_CHECKS } from './tool-checks.js';

export const CHECKS: readonly CheckDefinition[] = [
  ...LIFECYCLE_CHECKS,
  ...ERROR_CHECKS,
  ...TOOL_CHECKS,
  ...PROGRESS_CHECKS,
  ...FEATURE_CHECKS,
  ...HTTP_CHECKS,
  ...MODERN_CHECKS,
];

const RANK: Record<CheckStatus, number> = { skip: 0, pass: 1, warn: 2, fail: 3 };
const worse = (a: CheckStatus, b: CheckStatus): CheckStatus => (RANK[a] >= RANK[b] ? a : b);

/** The status a lint finding gives: an error fails, a warning warns, info changes nothing. */
function findingStatus(f: Finding): CheckStatus {
  return f.severity === 'error' ? 'fail' : f.severity === 'warning' ? 'warn' : 'pass';
}

/** Runs one check and notes how long it took (JUnit's `time`, the progress line's seconds). */
async function runOne(ctx: CheckContext, check: CheckDefinition): Promise<CheckResult> {
  const started = Date.now();
  const r = await gradeOne(ctx, check);
  return { ...r, durationMs: Date.now() - started };
}

async function gradeOne(ctx: CheckContext, check: CheckDefinition): Promise<CheckResult> {
  const base = { id: check.id, group: check.group, title: check.title, spec: check.spec, fix: check.fix, session: ctx.main.name };
  const unmet = unmetRequirement(ctx, check.requires);
  if (unmet !== null) return { ...base, status: 'skip', detail: unmet, frames: [] };
  try {
    const outcome = await check.run(ctx);
    const detail = 'skip' in outcome ? outcome.skip : outcome.detail;
    if ('skip' in outcome) return { ...base, status: 'skip', detail, frames: [] };
    // A problem that breaks another sentence than the check's own (no answer at all, say) costs what that one says.
    const spec = outcome.spec ?? check.spec;
    return { ...base, spec, status: statusOf(outcome, spec.keyword), detail, frames: outcome.frames ?? [], session: outcome.session ?? ctx.main.name };
  } catch (err) {
    return { ...base, status: 'fail', detail: `the check could not finish: ${err instanceof Error ? err.message : String(err)}`, frames: [] };
  }
}

/**
 * Folds the linter's findings into the results: onto the check that owns the frame, else one result per rule family.
 * `ownFrames`: seqs mcpscope sent; a finding about one of them judges the check's own request, not the server.
 */
function attachFindings(results: CheckResult[], findings: readonly Finding[], session: string, ownFrames: ReadonlySet<number> = new Set()): CheckResult[] {
  const out = results.map((r) => ({ ...r, frames: [...r.frames] }));
  const loose = new Map<string, Finding[]>();
  for (const f of findings) {
    if (f.severity === 'info' || ownFrames.has(f.seq)) continue;
    const owner = out.find((r) => r.session === session && r.status !== 'skip' && (r.frames.includes(f.seq) || f.related.some((s) => r.frames.includes(s))));
    if (owner) {
      // The finding sets the status: the result then rests on the finding's sentence, not the check's own.
      if (RANK[findingStatus(f)] > RANK[owner.status]) owner.spec = ruleSentence(f.ruleId) ?? owner.spec;
      owner.status = worse(owner.status, findingStatus(f));
      owner.detail += `; lint ${f.ruleId} (${f.severity}) at #${f.seq}: ${f.message}`;
      continue;
    }
    const family = f.ruleId.split('/')[0]!;
    loose.set(family, [...(loose.get(family) ?? []), f]);
  }
  for (const [family, list] of loose) {
    const status = list.map(findingStatus).reduce(worse, 'pass' as CheckStatus);
    out.push({
      id: `transcript/${family}`,
      group: 'transcript',
      title: `the rest of the transcript is clean of ${family} findings`,
      status,
      detail:
        list
          .slice(0, 5)
          .map((f) => `${f.ruleId} (${f.severity}) at #${f.seq}: ${f.message}`)
          .join('; ') + (list.length > 5 ? `; and ${list.length - 5} more` : ''),
      spec: {
        keyword: status === 'fail' ? 'MUST' : 'SHOULD',
        quote: 'The severity of each lint rule (see mcpscope lint --rules and docs/lint-and-errors.md).',
        source: 'mcpscope lint rules',
      },
      frames: [...new Set(list.map((f) => f.seq))].slice(0, 20),
      session,
      fix: 'See each finding: mcpscope lint explains the rule and how to fix it.',
    });
  }
  return out;
}

export interface RunChecksOptions {
  /** Check ids (or groups) to run; empty: all. */
  only?: readonly string[];
  /**
   * More checks the host adds (the fault lab's presets), run after the suite's own (or beside it: `extraBeside`); it
   * passes each to `onResult` as it finishes.
   */
  extra?: (ctx: CheckContext, onResult: (r: CheckResult) => void) => Promise<CheckResult[]>;
  /**
   * Start the extras with the suite instead of after it. Only when each of their connections is a server of its own (a
   * stdio process), so nothing a preset does to its server reaches the suite's: over HTTP they share one server, and a
   * preset that kills it would fail checks it has nothing to do with. Most of the presets' time is waiting out a window
   * nothing answers (2 s each), which then overlaps the suite's own waits. Their results still come after the suite's
   * in the returned list; `onResult` gets them as they finish, interleaved with the suite's.
   */
  extraBeside?: boolean;
  /**
   * Each result as it is graded (the suite's, then the transcript's, the extras' after them or among them), for
   * progress while the run goes on.
   */
  onResult?: (r: CheckResult) => void;
}

export async function runChecks(ctx: CheckContext, o: RunChecksOptions = {}): Promise<CheckResult[]> {
  const report = (r: CheckResult) => o.onResult?.(r);
  const beside = o.extra && o.extraBeside ? o.extra(ctx, report) : null;
  // Awaited below, after the suite: until then its failure must not count as unhandled.
  beside?.catch(() => undefined);
  let graded: CheckResult[];
  try {
    graded = await runSuite(ctx, o, report);
  } catch (err) {
    // The extras end first (each lane closes its connections), so nothing of this run goes on after it has failed.
    await beside?.catch(() => undefined);
    throw err;
  }
  const extra = beside ? await beside : o.extra ? await o.extra(ctx, report) : [];
  return [...graded, ...extra];
}

/** The suite's checks one after another on the main connection, then the linter over its transcript. */
async function runSuite(ctx: CheckContext, o: RunChecksOptions, report: (r: CheckResult) => void): Promise<CheckResult[]> {
  const wanted = (c: CheckDefinition) => !o.only || o.only.length === 0 || o.only.some((w) => w === c.id || w === c.group);
  const results: CheckResult[] = [];
  for (const check of CHECKS.filter(wanted)) {
    const r = await runOne(ctx, check);
    results.push(r);
    report(r);
  }
  const findings = lintFrames(ctx.main.frames, {
    transport: ctx.transport,
    protocolVersion: ctx.connection.protocolVersion,
    jsonSchemaValidator: new JsonSchemaValidator(),
  });
  const own = new Set(ctx.main.frames.filter((f) => f.dir === 'out').map((f) => f.seq));
  const graded = attachFindings(results, findings, ctx.main.name, own);
  for (const r of graded) if (r.group === 'transcript') report(r);
  return graded;
}
