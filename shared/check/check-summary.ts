// The check report as a CI job summary (GitHub's $GITHUB_STEP_SUMMARY, GitLab or any Markdown viewer): the verdict as
// the exit code gives it, the counts, the failures and warnings with the sentence each rests on, and the baseline delta.
// Threat model: results carry text the server chose (a tool name, an error message) and GitHub renders a summary's
// Markdown with some HTML; so every such string is shown as text: HTML's special characters as entities, Markdown's
// as backslash escapes (no link, image or emphasis can be made), control characters as escapes, one line per cell.
import { escapeControls } from '../trust/escape-controls.js';
import type { BaselineComparison } from './check-baseline.js';
import { failsRun, type FailOn } from './check-junit.js';
import { countStatuses, frameLink } from './check-report.js';
import type { CheckReport, CheckResult } from './check-types.js';

export interface JobSummaryOptions {
  failOn?: FailOn;
  /** The run compared with a baseline (`check --baseline`): its file name and what was known, new and fixed. */
  baseline?: { file: string; comparison: BaselineComparison };
}

/** Text for a Markdown table cell or line: nothing in it acts as Markdown or HTML. */
export function markdownText(s: string): string {
  return escapeControls(s.replace(/\r?\n/g, ' '))
    .replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!)
    .replace(/[\\`*_[\]{}()#+!|~]/g, (c) => `\\${c}`);
}

/** Code in a cell (a check id): inside backticks, so only a backtick or a pipe needs care. */
const code = (s: string) => `\`${escapeControls(s).replaceAll('`', "'").replaceAll('|', '\\|')}\``;

function framesCell(report: CheckReport, r: CheckResult): string {
  if (r.frames.length === 0) return '';
  const seqs = `${markdownText(r.session)} #${r.frames.slice(0, 6).join(', #')}${r.frames.length > 6 ? ', …' : ''}`;
  const link = frameLink(report, r);
  return link === null ? seqs : `${seqs} (open ${code(link)})`;
}

export function checkJobSummary(report: CheckReport, o: JobSummaryOptions = {}): string {
  const failOn = o.failOn ?? 'fail';
  const known = new Set(o.baseline?.comparison.known.map((r) => r.id) ?? []);
  const failing = report.results.filter((r) => failsRun(r, failOn, known));
  const c = countStatuses(report.results);
  const verdict = failing.length === 0 ? '✅ passed' : `❌ failed (${failing.length} ${failing.length === 1 ? 'check' : 'checks'})`;
  const out = [
    `## mcpscope check ${verdict}: ${markdownText(report.target)}`,
    '',
    `**${report.results.length} checks**: ${c.pass} passed, ${c.fail} failed, ${c.warn} warned, ${c.skip} skipped · ${markdownText(report.transport)}, protocol ${markdownText(report.protocolVersion ?? '(none)')} · ${markdownText(report.startedAt)}${failOn === 'warn' ? ' · `--fail-on warn`' : ''}`,
  ];
  const problems = report.results.filter((r) => r.status === 'fail' || r.status === 'warn');
  if (problems.length > 0) {
    out.push('', '### Failures and warnings', '', '| | check | what was seen | the spec | frames |', '|---|---|---|---|---|');
    for (const r of problems) {
      const mark = known.has(r.id) ? `accepted ${r.status}` : failsRun(r, failOn, known) ? `❌ ${r.status}` : `⚠️ ${r.status}`;
      out.push(
        `| ${mark} | ${code(r.id)} | ${markdownText(r.detail)} | **${r.spec.keyword}**: "${markdownText(r.spec.quote)}" (${markdownText(r.spec.source)}). Fix: ${markdownText(r.fix)} | ${framesCell(report, r)} |`,
      );
    }
  }
  if (o.baseline) {
    const { file, comparison: b } = o.baseline;
    out.push('', `### Baseline ${code(file)}`, '', `${b.known.length} known, ${b.fresh.length} new, ${b.fixed.length} fixed`);
    if (b.fresh.length > 0) out.push('', ...b.fresh.map((r) => `- new: ${code(r.id)} (${r.status}), not accepted in the baseline`));
    if (b.fixed.length > 0) out.push('', ...b.fixed.map((id) => `- fixed: ${code(id)} passes now: remove it from the baseline (or run \`--update-baseline\`)`));
  }
  return `${out.join('\n')}\n`;
}

/** The job summary of a run that could not run (exit 2): the reason, so a CI page says why instead of nothing. */
export function checkNotRunSummary(target: string, reason: string): string {
  return `## mcpscope check ⚠️ could not run: ${markdownText(target)}\n\n${markdownText(reason)}\n`;
}
