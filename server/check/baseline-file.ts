// `check --baseline <file>`: reads the accepted problems before the run (a bad file is a usage error, so nothing starts),
// and after it says what is new and what was fixed, or rewrites the file (--update-baseline).
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { baselineOf, CheckBaselineSchema, type BaselineComparison, type CheckBaseline, type CheckResult } from '../../shared/check/index.js';
import { escapeControls } from '../../shared/trust/escape-controls.js';
import { UsageError } from '../cli/flags.js';
import { readJsonFile } from '../cli/read-json-file.js';

/** The baseline, or null when --update-baseline is to create it. A file that does not fit the schema says where. */
export async function readBaseline(file: string, updating: boolean): Promise<CheckBaseline | null> {
  if (updating && !existsSync(file)) return null;
  if (!existsSync(file)) throw new UsageError(`no baseline at ${escapeControls(file)}: create it with --update-baseline`);
  const parsed = CheckBaselineSchema.safeParse(
    await readJsonFile(file, 'a baseline is {"version": 1, "accepted": {"<check id>": {"status": "fail"|"warn", "reason": "…"}}}'),
  );
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new UsageError(
      `${escapeControls(file)} is not a check baseline: ${escapeControls(issue.path.join('.') || '(top)')}: ${escapeControls(issue.message)}`,
    );
  }
  return parsed.data;
}

/** Writes the baseline this run's problems make (ids sorted, so a diff shows only what changed). */
export async function writeBaseline(file: string, results: readonly CheckResult[], previous: CheckBaseline | null): Promise<CheckBaseline> {
  const next = baselineOf(results, previous);
  const sorted = { ...next, accepted: Object.fromEntries(Object.entries(next.accepted).sort(([a], [b]) => a.localeCompare(b))) };
  await writeFile(file, `${JSON.stringify(sorted, null, 2)}\n`);
  return next;
}

/** The stderr lines a comparison makes: each new problem, each fixed one with what to do, then the counts. */
export function baselineLines(file: string, c: BaselineComparison): string[] {
  const f = escapeControls(file);
  return [
    ...c.fresh.map((r) => `check: new: ${escapeControls(r.id)} (${r.status}), not accepted in ${f}`),
    ...c.fixed.map((id) => `check: fixed: ${escapeControls(id)} passes now: remove it from ${f} or run --update-baseline`),
    `check: baseline ${f}: ${c.known.length} known, ${c.fresh.length} new, ${c.fixed.length} fixed`,
  ];
}
