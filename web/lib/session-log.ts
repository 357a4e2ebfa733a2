// The frames of one session in seq order, with pairing, a seq index and an incrementally maintained filtered view.
import type { FrameRecord } from '../../shared/relay-protocol.js';
import { toEntry, type FrameEntry } from './frame-entry.js';
import { compileFilter, filterKey, isEmptyFilter, type FrameFilter } from './frame-filter.js';
import { FramePairing } from './frame-pairing.js';
import { SessionFindings, type LintSetup } from './session-findings.js';

interface FilterCache {
  key: string;
  test: (entry: FrameEntry) => boolean;
  /** How many entries have been tested so far; later appends only test the new ones. */
  scanned: number;
  result: FrameEntry[];
}

export class SessionLog {
  private readonly list: FrameEntry[] = [];
  private readonly index = new Map<number, FrameEntry>();
  private readonly methodSet = new Set<string>();
  private readonly pairing = new FramePairing((seq) => this.index.get(seq));
  private cache: FilterCache | null = null;
  /** Lint findings, computed frame by frame as they are appended once the session's target is known. */
  readonly findings = new SessionFindings(
    () => this.list,
    (seq) => this.index.get(seq),
  );
  /** Bumped on every change, so a snapshot of a session is one number. */
  version = 0;

  get entries(): readonly FrameEntry[] {
    return this.list;
  }

  get lastSeq(): number {
    return this.list.at(-1)?.frame.seq ?? 0;
  }

  /** Appends frames in seq order, dropping any already held (a resubscribe may overlap); returns how many were new. */
  append(frames: readonly FrameRecord[]): number {
    let added = 0;
    for (const frame of frames) {
      if (frame.seq <= this.lastSeq) continue;
      const entry = toEntry(frame);
      this.list.push(entry);
      this.index.set(frame.seq, entry);
      this.pairing.add(entry);
      if (frame.method !== null && (frame.kind === 'request' || frame.kind === 'notification')) {
        this.methodSet.add(frame.method);
      }
      added++;
    }
    if (added > 0) {
      this.findings.lint();
      this.version++;
    }
    return added;
  }

  /** Tells the linter how this session's traffic travels; returns true when that changed the findings. */
  configureLint(setup: LintSetup): boolean {
    const changed = this.findings.configure(setup);
    if (changed) this.version++;
    return changed;
  }

  bySeq(seq: number): FrameEntry | undefined {
    return this.index.get(seq);
  }

  pairOf(entry: FrameEntry): FrameEntry | undefined {
    return this.pairing.pairOf(entry);
  }

  get methods(): string[] {
    return [...this.methodSet].sort();
  }

  /**
   * The entries the filter lets through. The array is reused and grown in place while the filter stays the same,
   * because an entry's filtered attributes never change after it was appended (findings excepted: see lateVersion).
   */
  filtered(filter: FrameFilter): readonly FrameEntry[] {
    if (isEmptyFilter(filter)) return this.list;
    // Findings can attach to frames already scanned; such late findings invalidate a "has findings" view.
    const key = filter.findings === true ? `${filterKey(filter)}#${this.findings.lateVersion}` : filterKey(filter);
    if (this.cache?.key !== key) this.cache = { key, test: compileFilter(filter), scanned: 0, result: [] };
    const cache = this.cache;
    for (; cache.scanned < this.list.length; cache.scanned++) {
      const entry = this.list[cache.scanned];
      if (entry && cache.test(entry)) cache.result.push(entry);
    }
    return cache.result;
  }
}
