// The check report in each form a reader wants: counts and the exit code, a terminal summary, Markdown for a bug
// report (JUnit XML for CI is check-junit.ts). Pure text; the CLI writes it and the Conformance tab exports it.
import { failsRun, type FailOn } from './check-junit.js';
import type { CheckReport, CheckResult, CheckStatus } from './check-types.js';

export function countStatuses(results: readonly CheckResult[]): Record<CheckStatus, number> {
  const counts: Record<CheckStatus, number> = { pass: 0, fail: 0, warn: 0, skip: 0 };
  for (const r of results) counts[r.status]++;
  return counts;
}

/**
 * 0 when nothing failed (skips never fail a run, warnings only with --fail-on warn, problems the baseline accepts —
 * `known` — never), 1 when something did.
 */
export function checkExitCode(results: readonly CheckResult[], failOn: FailOn = 'fail', known: ReadonlySet<string> = new Set()): 0 | 1 {
  return results.some((r) => failsRun(r, failOn, known)) ? 1 : 0;
}

const MARK: Record<CheckStatus, string> = { pass: 'PASS', fail: 'FAIL', warn: 'WARN', skip: 'SKIP' };

function framesLabel(r: CheckResult): string {
  return r.frames.length === 0 ? '' : ` [${r.session} #${r.frames.slice(0, 6).join(', #')}${r.frames.length > 6 ? ', …' : ''}]`;
}

/**
 * Where a result's first frame opens in the inspector (`#session=<id>&seq=<n>`, after the relay's URL) when its
 * connection was recorded (`check --record`, the Conformance tab); null otherwise.
 */
export function frameLink(report: CheckReport, r: CheckResult): string | null {
  const id = report.sessions.find((s) => s.name === r.session)?.id;
  return id === undefined || r.frames.length === 0 ? null : `#session=${encodeURIComponent(id)}&seq=${r.frames[0]}`;
}

export function summaryLine(results: readonly CheckResult[]): string {
  const c = countStatuses(results);
  return `${results.length} checks: ${c.pass} passed, ${c.fail} failed, ${c.warn} warned, ${c.skip} skipped`;
}

/** One line per check, grouped; a failure or warning adds its sentence and its fix. */
export function terminalSummary(report: CheckReport): string {
  const lines = [`mcpscope check ${report.target} (${report.transport}, ${report.protocolVersion ?? 'no version'})`];
  let group = '';
  for (const r of report.results) {
    if (r.group !== group) lines.push('', `${(group = r.group)}`);
    lines.push(`  ${MARK[r.status]}  ${r.id}  ${r.detail}${framesLabel(r)}`);
    if (r.status === 'fail' || r.status === 'warn')
      lines.push(`        spec (${r.spec.keyword}): "${r.spec.quote}" — ${r.spec.source}`, `        fix: ${r.fix}`);
    const link = r.status === 'fail' || r.status === 'warn' ? frameLink(report, r) : null;
    if (link !== null) lines.push(`        open: <inspector URL>${link}`);
  }
  lines.push('', summaryLine(report.results));
  const recorded = report.sessions.filter((s) => s.id !== undefined);
  if (recorded.length > 0)
    lines.push(
      `recorded: ${recorded.map((s) => `${s.name} → session ${s.id}`).join(', ')} (start mcpscope on the same data dir and append #session=<id>&seq=<n> to the inspector's URL)`,
    );
  return lines.join('\n');
}

const cell = (s: string) => s.replaceAll('|', '\\|').replaceAll('\n', ' ');

export function checkMarkdown(report: CheckReport): string {
  const problems = report.results.filter((r) => r.status === 'fail' || r.status === 'warn');
  const out = [
    `# mcpscope check: ${report.target}`,
    '',
    `${report.transport}, protocol ${report.protocolVersion ?? '(none)'}, ${report.startedAt}. ${summaryLine(report.results)}.`,
    '',
    '| status | check | what was seen | frames |',
    '|---|---|---|---|',
    ...report.results.map(
      (r) => `| ${MARK[r.status]} | \`${r.id}\` | ${cell(r.detail)} | ${r.frames.length ? `${r.session} #${r.frames.slice(0, 6).join(', #')}` : ''} |`,
    ),
  ];
  for (const r of problems) {
    out.push(
      '',
      `## ${MARK[r.status]} \`${r.id}\`: ${r.title}`,
      '',
      r.detail,
      '',
      `> ${r.spec.quote}`,
      `> — ${r.spec.source} (${r.spec.keyword})`,
      '',
      `**Fix:** ${r.fix}`,
    );
    const link = frameLink(report, r);
    if (link !== null) out.push('', `Frames: open \`${link}\` in the inspector.`);
  }
  return `${out.join('\n')}\n`;
}
