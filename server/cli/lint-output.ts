// Findings as JSON lines, one per finding, and the exit-code rule for --strict: shared by `mcpscope lint` and `call --lint`.
import type { FrameOrigin } from '../../shared/frame-origin.js';
import type { Finding } from '../../shared/lint/index.js';
import type { FrameRecord } from '../../shared/relay-protocol.js';

/** The exit code of a --strict run with at least one finding that fails it (see failsStrict). */
const STRICT_EXIT_CODE = 4;

/**
 * One finding as one line of JSON: rule id, severity, frame seq, message, the other frames involved if any, and who
 * made the frame when the recording says (`bookkeeping`: mcpscope's own traffic, not the user's).
 */
export function findingLine(f: Finding, origin?: FrameOrigin): string {
  return JSON.stringify({
    ruleId: f.ruleId,
    severity: f.severity,
    seq: f.seq,
    message: f.message,
    ...(f.related.length > 0 ? { related: f.related } : {}),
    ...(origin ? { origin } : {}),
  });
}

/** Who made each frame, by seq, for the frames that say. */
export function originsOf(frames: readonly FrameRecord[]): (seq: number) => FrameOrigin | undefined {
  const bySeq = new Map<number, FrameOrigin>();
  for (const f of frames) if (f.origin !== undefined) bySeq.set(f.seq, f.origin);
  return (seq) => bySeq.get(seq);
}

/** In frame order (a finding can be raised after later frames, e.g. an unanswered request), stable within a frame. */
function sortFindings(findings: readonly Finding[]): Finding[] {
  return findings
    .map((f, i) => [f, i] as const)
    .sort((a, b) => a[0].seq - b[0].seq || a[1] - b[1])
    .map(([f]) => f);
}

export function writeFindings(
  findings: readonly Finding[],
  write: (text: string) => void,
  originOf: (seq: number) => FrameOrigin | undefined = () => undefined,
): void {
  for (const f of sortFindings(findings)) write(`${findingLine(f, originOf(f.seq))}\n`);
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

/**
 * A one-line human summary for stderr, so stdout stays pure JSON lines; says how many are on mcpscope's own traffic:
 * frames it sent on its own and HTTP exchanges it started (an exchange frame holds the server's answer too, so a
 * finding there may be about the server).
 */
export function findingsSummary(findings: readonly Finding[], originOf: (seq: number) => FrameOrigin | undefined = () => undefined): string {
  const count = (s: Finding['severity']) => findings.filter((f) => f.severity === s).length;
  const own = findings.filter((f) => originOf(f.seq) === 'bookkeeping').length;
  const ownNote = own > 0 ? `; ${own} on mcpscope's own traffic (bookkeeping)` : '';
  return `${findings.length} finding${findings.length === 1 ? '' : 's'} (${count('error')} error, ${count('warning')} warning, ${count('info')} info${ownNote})`;
}
