// `check`'s progress on stderr while it runs: a line per group as it finishes (with its counts and time), a line per
// failure or warning the moment it is graded, and on a terminal a live line naming the check that just finished.
import { countStatuses, type CheckResult } from '../../shared/check/index.js';
import { escapeControls } from '../../shared/trust/escape-controls.js';

export interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean;
}

/** What a group's line says: passed of total first (what CI logs are scanned for), then what else happened. */
export function groupLine(group: string, results: readonly CheckResult[], ms: number): string {
  const c = countStatuses(results);
  const rest = [c.fail > 0 ? `${c.fail} failed` : '', c.warn > 0 ? `${c.warn} warned` : '', c.skip > 0 ? `${c.skip} skipped` : ''].filter(Boolean);
  return `check: ${group} ${c.pass}/${results.length} passed${rest.length ? `, ${rest.join(', ')}` : ''} (${(ms / 1000).toFixed(1)} s)`;
}

/**
 * Groups run one after another (the suite's order, then the transcript, then the robustness presets), so a result of
 * another group closes the one before. Statuses are as graded when each check finished: the linter, which reads the
 * whole transcript afterwards, can still make one worse, and the summary on stdout (and --json, --junit) is final.
 */
export class CheckProgress {
  private group: string | null = null;
  private results: CheckResult[] = [];
  private since = Date.now();
  private live = false;

  constructor(private readonly out: ProgressStream) {}

  readonly onResult = (r: CheckResult): void => {
    if (this.group !== null && r.group !== this.group) this.closeGroup();
    this.group = r.group;
    this.results.push(r);
    if (r.status === 'fail' || r.status === 'warn') this.line(`check:   ${r.status === 'fail' ? 'FAIL' : 'WARN'} ${r.id}: ${oneLine(r.detail)}`);
    if (this.out.isTTY) {
      this.out.write(`\r\x1b[2Kcheck: ${r.group} ${this.results.length} done, last ${oneLine(r.id)}`);
      this.live = true;
    }
  };

  /** Closes the last group; call once the run is over (or has failed: what did finish is still reported). */
  finish(): void {
    if (this.group !== null) this.closeGroup();
    this.clearLive();
  }

  private closeGroup(): void {
    const now = Date.now();
    this.line(groupLine(this.group!, this.results, now - this.since));
    this.since = now;
    this.results = [];
    this.group = null;
  }

  private line(text: string): void {
    this.clearLive();
    this.out.write(`${text}\n`);
  }

  private clearLive(): void {
    if (!this.live) return;
    this.out.write('\r\x1b[2K');
    this.live = false;
  }
}

/** A detail or id as one short line: a server's text can hold newlines and escape sequences, which would redraw a terminal. */
function oneLine(s: string): string {
  const flat = escapeControls(s);
  return flat.length > 160 ? `${flat.slice(0, 157)}…` : flat;
}
