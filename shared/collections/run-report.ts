// A collection run in each form a reader wants: the exit code, a terminal summary, and JUnit XML for CI (the shape the
// common JUnit XSD accepts, as `check --junit`). Pure text; the CLI writes it and the page shows the same results.
import { escapeControls } from '../trust/escape-controls.js';
import type { RunReport, StepResult, StepStatus } from './collection-schema.js';
import { seconds, xml } from '../junit-xml.js';

export type RunExit = 0 | 1 | 2;

/** 0 every step passed; 1 an assertion failed; 2 a step could not run (a variable, the connection, a timeout). */
export function runExitCode(steps: readonly StepResult[]): RunExit {
  if (steps.some((s) => s.status === 'error')) return 2;
  return steps.some((s) => s.status === 'fail') ? 1 : 0;
}

/** Where a step's first frame opens in the inspector, when the run was recorded: `#session=<id>&seq=<n>`. */
function stepLink(report: Pick<RunReport, 'session'>, s: StepResult): string | null {
  return report.session === undefined || s.frames.length === 0 ? null : `#session=${encodeURIComponent(report.session)}&seq=${s.frames[0]}`;
}

const MARK: Record<StepStatus, string> = { pass: 'PASS', fail: 'FAIL', error: 'ERROR', skipped: 'SKIP' };
const framesOf = (s: StepResult) => (s.frames.length === 0 ? '' : ` [#${s.frames.slice(0, 6).join(', #')}${s.frames.length > 6 ? ', …' : ''}]`);

export function runCounts(steps: readonly StepResult[]): string {
  const n = (st: StepStatus) => steps.filter((s) => s.status === st).length;
  return `${steps.length} steps: ${n('pass')} passed, ${n('fail')} failed, ${n('error')} could not run, ${n('skipped')} skipped`;
}

/** One line per step; under a step that did not pass, each failed assertion (or the error) and the link to its frames. */
export function runSummary(report: RunReport): string {
  const lines = [
    `mcpscope run ${escapeControls(report.collection)} against ${escapeControls(report.target)} (${report.transport}, ${report.protocolVersion ?? 'no version'})`,
    '',
  ];
  for (const s of report.steps) {
    const ms = s.latencyMs === null ? '' : ` ${Math.round(s.latencyMs)} ms`;
    lines.push(`  ${MARK[s.status]}  ${escapeControls(s.name)}  ${escapeControls(s.method)}${ms}${framesOf(s)}`);
    if (s.error !== undefined && s.status !== 'skipped') lines.push(`        ${escapeControls(s.error)}`);
    for (const a of s.assertions.filter((x) => !x.pass))
      lines.push(`        assert ${escapeControls(JSON.stringify(a.assertion))}: ${escapeControls(a.detail)}`);
    const link = s.status === 'pass' || s.status === 'skipped' ? null : stepLink(report, s);
    if (link !== null) lines.push(`        open: <inspector URL>${link}`);
  }
  lines.push('', runCounts(report.steps));
  if (report.session !== undefined)
    lines.push(`recorded: session ${report.session} (start mcpscope on the same data dir and append #session=<id>&seq=<n> to the inspector's URL)`);
  return lines.join('\n');
}

function evidence(report: RunReport, s: StepResult): string {
  const lines = s.assertions.map((a) => `${a.pass ? 'ok  ' : 'FAIL'} ${JSON.stringify(a.assertion)}: ${a.detail}`);
  if (s.error !== undefined) lines.push(s.error);
  lines.push(s.frames.length === 0 ? 'frames: none' : `frames: #${s.frames.join(', #')}${report.session ? ` of session ${report.session}` : ''}`);
  const link = stepLink(report, s);
  if (link !== null) lines.push(`open: <inspector URL>${link}`);
  return lines.join('\n');
}

/** One testsuite (the collection), one testcase per step: a failed assertion is a `<failure>`, a step that could not run an `<error>`. */
export function runJunit(report: RunReport): string {
  const total = report.steps.reduce((sum, s) => sum + s.durationMs, 0);
  const count = (st: StepStatus) => report.steps.filter((s) => s.status === st).length;
  const cases = report.steps.map((s) => {
    const failed = s.assertions.filter((a) => !a.pass).map((a) => a.detail);
    const body =
      s.status === 'fail'
        ? `<failure type="assertion" message="${xml(failed.join('; '))}">${xml(evidence(report, s))}</failure>`
        : s.status === 'error'
          ? `<error type="could-not-run" message="${xml(s.error ?? 'could not run')}">${xml(evidence(report, s))}</error>`
          : s.status === 'skipped'
            ? `<skipped type="bail" message="${xml(s.error ?? 'skipped')}"/>`
            : `<system-out>${xml(evidence(report, s))}</system-out>`;
    return `    <testcase classname="mcpscope.run.${xml(report.collection)}" name="${xml(s.name)}" time="${seconds(s.durationMs)}">${body}</testcase>`;
  });
  const name = xml(report.collection);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="mcpscope run ${name}" tests="${report.steps.length}" failures="${count('fail')}" errors="${count('error')}" time="${seconds(total)}">`,
    `  <testsuite name="${name}" tests="${report.steps.length}" failures="${count('fail')}" errors="${count('error')}" skipped="${count('skipped')}" time="${seconds(total)}" timestamp="${xml(report.startedAt)}">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
