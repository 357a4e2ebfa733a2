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

/** Groups that run beside the suite's, not in its sequence. */
const BESIDE: ReadonlySet<string> = new Set(['robustness']);

/** A group whose line is not written yet: its results so far, when it started, when its last result came. */
interface OpenGroup {
  results: CheckResult[];
  since: number;
  lastAt: number;
}

/**
 * The suite's groups run one after another (its order, then the transcript), so a result of another of them closes the
 * one before. The robustness presets run beside the suite on a stdio server (after it over HTTP), so their results
 * interleave with the suite's: their group is kept apart and its line written at the end, its time from its first
 * preset's start to its last result. Statuses are as graded when each check finished: the linter, which reads the
 * whole transcript afterwards, can still make one worse, and the summary on stdout (and --json, --junit) is final.
 */
export class CheckProgress {
  /** The suite's group in progress. */
  private current: string | null = null;
  private readonly open = new Map<string, OpenGroup>();
  /** When the suite's current group began: the end of the one before. */
  private since = Date.now();
  private live = false;

  constructor(private readonly out: ProgressStream) {}

  readonly onResult = (r: CheckResult): void => {
    const now = Date.now();
    const apart = BESIDE.has(r.group);
    if (!apart && this.current !== null && r.group !== this.current) this.closeGroup(this.current, now);
    const started = apart ? now - (r.durationMs ?? 0) : this.since;
    const group = this.open.get(r.group) ?? { results: [], since: started, lastAt: now };
    group.since = Math.min(group.since, started);
    group.lastAt = now;
    group.results.push(r);
    this.open.set(r.group, group);
    if (!apart) this.current = r.group;
    if (r.status === 'fail' || r.status === 'warn') this.line(`check:   ${r.status === 'fail' ? 'FAIL' : 'WARN'} ${r.id}: ${oneLine(r.detail)}`);
    if (this.out.isTTY) {
      this.out.write(`\r\x1b[2Kcheck: ${r.group} ${group.results.length} done, last ${oneLine(r.id)}`);
      this.live = true;
    }
  };

  /** Closes the groups still open, the suite's first; call once the run is over (or has failed: what did finish is still reported). */
  finish(): void {
    // Each ends with its last result: the suite's last group is not still running while the presets finish.
    if (this.current !== null) this.closeGroup(this.current, this.open.get(this.current)!.lastAt);
    for (const [name, group] of [...this.open]) this.closeGroup(name, group.lastAt);
    this.clearLive();
  }

  private closeGroup(name: string, end: number): void {
    const group = this.open.get(name)!;
    this.open.delete(name);
    this.line(groupLine(name, group.results, end - group.since));
    if (name === this.current) {
      this.current = null;
      this.since = end;
    }
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
