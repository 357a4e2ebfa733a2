// The check report as JUnit XML for CI, in the shape the common JUnit XSD (Jenkins xunit's junit-10) accepts: only
// attributes it declares, `time` on every case and suite, a warning visible as one rather than passing unseen.
import type { CheckReport, CheckResult } from './check-types.js';
import { seconds, xml } from '../junit-xml.js';

/** What fails a run: a failed check (the default), or a warning as well (`check --fail-on warn`). */
export type FailOn = 'fail' | 'warn';

const totalMs = (rs: readonly CheckResult[]) => rs.reduce((sum, r) => sum + (r.durationMs ?? 0), 0);

/** The evidence under a failure or warning: the sentence it rests on, the fix, and the frames by seq on their connection. */
function evidence(r: CheckResult): string {
  const frames = r.frames.length === 0 ? 'frames: none' : `frames: ${r.session} #${r.frames.join(', #')}`;
  return `${r.detail}\nspec (${r.spec.keyword}): "${r.spec.quote}" (${r.spec.source})\nfix: ${r.fix}\n${frames}`;
}

/**
 * One case's body. A warning that does not fail the run is `<skipped type="warning">`: CI tools count and show skips,
 * while a passing case with a message in `system-out` is shown green and its warning never seen. A real skip says
 * `type="not-applicable"`, so the two stay apart; under `--fail-on warn` a warning is a `<failure type="warning">`.
 */
function caseBody(r: CheckResult, failOn: FailOn, known: ReadonlySet<string>): string {
  const out = `<system-out>${xml(evidence(r))}</system-out>`;
  if ((r.status === 'fail' || r.status === 'warn') && known.has(r.id))
    return `<skipped type="accepted" message="${xml(`accepted in the baseline (${r.status}): ${r.detail}`)}"/>${out}`;
  if (r.status === 'fail') return `<failure type="fail" message="${xml(r.detail)}">${xml(evidence(r))}</failure>`;
  if (r.status === 'warn' && failOn === 'warn') return `<failure type="warning" message="${xml(`warning: ${r.detail}`)}">${xml(evidence(r))}</failure>`;
  if (r.status === 'warn') return `<skipped type="warning" message="${xml(`warning: ${r.detail}`)}"/>${out}`;
  if (r.status === 'skip') return `<skipped type="not-applicable" message="${xml(r.detail)}"/>`;
  return `<system-out>${xml(r.detail)}</system-out>`;
}

/**
 * Whether a result counts as a failure in the XML (and in the exit code) under this --fail-on; `known`: ids whose
 * problem the baseline accepts (`check --baseline`), which never fail a run.
 */
export function failsRun(r: CheckResult, failOn: FailOn, known: ReadonlySet<string> = new Set()): boolean {
  return (r.status === 'fail' || (failOn === 'warn' && r.status === 'warn')) && !known.has(r.id);
}

/**
 * JUnit XML: one testsuite per group. A suite's `<properties>` say how many of its skips are warnings and list their ids
 * (`mcpscope.warnings`), so a reader of the file alone can tell a warning from a check that did not apply.
 */
export function checkJunit(report: CheckReport, o: { failOn?: FailOn; known?: ReadonlySet<string> } = {}): string {
  const failOn = o.failOn ?? 'fail';
  const known = o.known ?? new Set<string>();
  const groups = [...new Set(report.results.map((r) => r.group))];
  const suites = groups.map((g) => {
    const rs = report.results.filter((r) => r.group === g);
    const warned = rs.filter((r) => r.status === 'warn');
    const failures = rs.filter((r) => failsRun(r, failOn, known)).length;
    const skipped = rs.filter((r) => r.status === 'skip' || ((r.status === 'warn' || r.status === 'fail') && !failsRun(r, failOn, known))).length;
    const props = [
      `      <property name="mcpscope.warned" value="${warned.length}"/>`,
      `      <property name="mcpscope.not-applicable" value="${rs.filter((r) => r.status === 'skip').length}"/>`,
      ...(warned.length > 0 ? [`      <property name="mcpscope.warnings" value="${xml(warned.map((r) => r.id).join(','))}"/>`] : []),
    ];
    const cases = rs.map(
      (r) =>
        `    <testcase classname="mcpscope.check.${xml(g)}" name="${xml(r.id)}" time="${seconds(r.durationMs ?? 0)}">${caseBody(r, failOn, known)}</testcase>`,
    );
    return [
      `  <testsuite name="${xml(g)}" tests="${rs.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${seconds(totalMs(rs))}" timestamp="${xml(report.startedAt)}">`,
      `    <properties>\n${props.join('\n')}\n    </properties>`,
      ...cases,
      '  </testsuite>',
    ].join('\n');
  });
  const failures = report.results.filter((r) => failsRun(r, failOn, known)).length;
  const head = `<testsuites name="mcpscope check ${xml(report.target)}" tests="${report.results.length}" failures="${failures}" errors="0" time="${seconds(totalMs(report.results))}">`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${head}\n${suites.join('\n')}\n</testsuites>\n`;
}
