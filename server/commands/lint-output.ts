// Findings as JSON lines, one per finding, and the exit-code rule for --strict: shared by `mcpscope lint` and `call --lint`.
import type { Finding } from '../../shared/lint/index.js';

/** The exit code of a --strict run with at least one finding that fails it (see failsStrict). */
export const STRICT_EXIT_CODE = 4;

/** One finding as one line of JSON: rule id, severity, frame seq, message, and the other frames involved if any. */
export function findingLine(f: Finding): string {
  return JSON.stringify({ ruleId: f.ruleId, severity: f.severity, seq: f.seq, message: f.message, ...(f.related.length > 0 ? { related: f.related } : {}) });
}

/** In frame order (a finding can be raised after later frames, e.g. an unanswered request), stable within a frame. */
export function sortFindings(findings: readonly Finding[]): Finding[] {
  return findings.map((f, i) => [f, i] as const).sort((a, b) => a[0].seq - b[0].seq || a[1] - b[1]).map(([f]) => f);
}

export function writeFindings(findings: readonly Finding[], write: (text: string) => void): void {
  for (const f of sortFindings(findings)) write(`${findingLine(f)}\n`);
}

/**
 * The one rule --strict follows, in `mcpscope lint` and `mcpscope call --lint` alike: a warning or an error fails
 * the run (a warning is still a deviation from the spec a user asked to be strict about); info never does, since
 * it only describes (a custom method, a slow answer).
 */
export function failsStrict(f: Finding): boolean {
  return f.severity === 'error' || f.severity === 'warning';
}

/** 0, or STRICT_EXIT_CODE when strict and any finding fails it. */
export function lintExitCode(findings: readonly Finding[], strict: boolean): number {
  return strict && findings.some(failsStrict) ? STRICT_EXIT_CODE : 0;
}

/** A one-line human summary for stderr, so stdout stays pure JSON lines. */
export function findingsSummary(findings: readonly Finding[]): string {
  const count = (s: Finding['severity']) => findings.filter((f) => f.severity === s).length;
  return `${findings.length} finding${findings.length === 1 ? '' : 's'} (${count('error')} error, ${count('warning')} warning, ${count('info')} info)`;
}
