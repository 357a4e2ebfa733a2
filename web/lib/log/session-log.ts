// The frames of one session in seq order, with pairing, a seq index and an incrementally maintained filtered view.
// A huge session holds only its head and tail (see HEAD_FRAMES / memoryFrames): `windowed` is then true, and the
// log view reads the gap through the relay in windows; frames read that way are remembered in a bounded cache.
import type { FrameRecord } from '../../../shared/relay-protocol.js';
import { draftEntry, sealEntry, type FrameEntry } from './frame-entry.js';
import { compileFilter, filterKey, isEmptyFilter, type FrameFilter } from './frame-filter.js';
import { FramePairing } from './frame-pairing.js';
import { KeepAliveFold } from './keep-alive-fold.js';
import { SessionFindings, type LintSetup } from './session-findings.js';
import { findingsOf } from './frame-findings.js';
import { FrameLinkStore } from './frame-links.js';

/** Frames read through the relay kept at once: a few screens of scrolling each way, a few MB. */
const REMOTE_CACHE = 5_000;

/** How many frames a live session may hold: its first `head` and its last `tail` (see trim()). */
export interface MemoryBound {
  head: number;
  tail: number;
}

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
  /** What later frames taught about each frame: its pairs, a cancel, a stream's keep-alives (entries never change). */
  readonly links = new FrameLinkStore();
  private readonly pairing = new FramePairing((seq) => this.index.get(seq), this.links);
  private cache: FilterCache | null = null;
  /** Keep-alives of open HTTP streams, folded into their stream's row. */
  private readonly fold = new KeepAliveFold(this.links);
  /** Frames read over HTTP for the windowed view, oldest first so the first key is the one to evict. */
  private readonly remote = new Map<number, FrameEntry>();
  /** True once a frame arrived after a gap, or the session was known to exceed the bound: not all held in the page. */
  windowed = false;
  /** The session's last seq as the relay reported it, ahead of the frames delivered so far. */
  private reportedLastSeq = 0;
  /** Lint findings, computed frame by frame as they are appended once the session's target is known. */
  readonly findings = new SessionFindings(() => this.list);
  /** Bumped on every change, so a snapshot of a session is one number. */
  version = 0;

  /** `bound` null holds every frame (tests of the in-memory log); the page passes its head and tail. */
  constructor(private readonly bound: MemoryBound | null = null) {}

  get entries(): readonly FrameEntry[] {
    return this.list;
  }

  get lastSeq(): number {
    return this.list.at(-1)?.frame.seq ?? 0;
  }

  /** How many frames the session has (seqs run 1..total without gaps), whether or not the page holds them. */
  get total(): number {
    return Math.max(this.lastSeq, this.reportedLastSeq);
  }

  /**
   * Notes the session's size from the relay's session message, which arrives before any replayed frame: a session
   * larger than `bound` is windowed from the start, so the log counts and shows all of it at once instead of
   * waiting for the held tail to arrive. Returns true when that changed anything.
   */
  noteReported(lastSeq: number, bound: number): boolean {
    let changed = false;
    if (!this.windowed && this.list.length === 0 && lastSeq > bound) {
      this.windowed = true;
      this.pairing.partial = true;
      changed = true;
    }
    if (this.windowed && lastSeq > this.reportedLastSeq) {
      this.reportedLastSeq = lastSeq;
      changed = true;
    }
    if (changed) this.version++;
    return changed;
  }

  /** Appends frames in seq order, dropping any already held (a resubscribe may overlap); returns how many were new. */
  append(frames: readonly FrameRecord[]): number {
    let added = 0;
    for (const frame of frames) {
      if (frame.seq <= this.lastSeq) continue;
      if (frame.seq > this.lastSeq + 1 && !this.windowed) {
        this.windowed = true;
        // Responses to requests in the gap are not "unmatched": their requests simply are not held.
        this.pairing.partial = true;
      }
      // Paired and folded before it is logged: what it learns on arrival is in the entry from the start.
      const draft = draftEntry(frame);
      this.pairing.add(draft);
      this.fold.note(draft);
      const entry = sealEntry(draft);
      this.remote.delete(frame.seq);
      this.list.push(entry);
      this.index.set(frame.seq, entry);
      if (frame.method !== null && (frame.kind === 'request' || frame.kind === 'notification')) {
        this.methodSet.add(frame.method);
      }
      added++;
    }
    if (added > 0) {
      this.findings.lint();
      this.trim(added);
      this.version++;
    }
    return added;
  }

  /**
   * A live session that grew past the bound (a flood while open) drops its middle, keeping the head and the recent
   * tail, and turns windowed: rows are then numbered by seq exactly as they were held (seqs run 1..total), so the
   * scroll position and the selection (a seq) stay put, and the dropped rows are read back from the relay. The most
   * recent dropped frames go to the remote cache, so the rows just above the tail do not blink. Drops come in steps
   * of a tenth of the tail, each costing one copy of the held list. The last `added` frames are always kept: the
   * caller hands them to the client engine.
   */
  private trim(added: number): void {
    if (!this.bound) return;
    const { head, tail } = this.bound;
    const keep = Math.max(tail, added);
    if (this.list.length <= head + keep + Math.max(100, Math.floor(tail / 10))) return;
    // Findings are forgotten with the frames they are on: whatever a held lint has not seen yet is linted first.
    this.findings.release();
    this.findings.lint();
    const dropped = this.list.splice(head, this.list.length - head - keep);
    for (const e of dropped) this.index.delete(e.frame.seq);
    this.windowed = true;
    this.pairing.partial = true;
    this.reportedLastSeq = Math.max(this.reportedLastSeq, this.lastSeq);
    // The cached filtered view indexes into the list: it is rebuilt from the held frames.
    this.cache = null;
    this.findings.forget(dropped[0]!.frame.seq, dropped.at(-1)!.frame.seq, dropped.length);
    const cached = dropped.slice(-REMOTE_CACHE);
    // The links of dropped frames go with them, but for the ones the remote cache keeps (read until evicted).
    if (cached.length < dropped.length) this.links.forget(dropped[0]!.frame.seq, cached[0]!.frame.seq - 1);
    for (const e of cached) this.remote.set(e.frame.seq, e);
    this.evictRemote();
  }

  /** Keeps the remote cache to REMOTE_CACHE frames, oldest out first, with the links of those that were held. */
  private evictRemote(): void {
    for (const seq of this.remote.keys()) {
      if (this.remote.size <= REMOTE_CACHE) break;
      this.remote.delete(seq);
      this.links.forget(seq, seq);
    }
  }

  /** Lints up to `max` frames the lint has not seen (a replay's backlog); returns true when some remain. */
  lintSlice(max: number): boolean {
    this.findings.lint(max);
    this.version++;
    return this.findings.behind;
  }

  /** Tells the linter how this session's traffic travels; returns true when that changed the findings. */
  configureLint(setup: LintSetup): boolean {
    const changed = this.findings.configure(setup);
    if (changed) this.version++;
    return changed;
  }

  bySeq(seq: number): FrameEntry | undefined {
    return this.index.get(seq) ?? this.remote.get(seq);
  }

  /** A frame the page holds (head or tail of a windowed session), not one remembered from a relay read. */
  held(seq: number): FrameEntry | undefined {
    return this.index.get(seq);
  }

  /** Keeps frames read through the relay (windowed view), up to REMOTE_CACHE of them; bumps the version. */
  remember(entries: readonly FrameEntry[]): void {
    for (const e of entries) {
      if (this.index.has(e.frame.seq)) continue;
      this.remote.delete(e.frame.seq);
      this.remote.set(e.frame.seq, e);
    }
    this.evictRemote();
    this.version++;
  }

  pairOf(entry: FrameEntry): FrameEntry | undefined {
    return this.pairing.pairOf(entry);
  }

  /** Keep-alive records folded into their stream's row so far: frames of the session that have no row of their own. */
  get foldedKeepAlives(): number {
    return this.fold.rows;
  }

  get methods(): string[] {
    return [...this.methodSet].sort();
  }

  /**
   * The entries the filter lets through. The array is reused and grown in place while the filter stays the same,
   * because an entry's filtered attributes never change after it was appended (findings excepted: see lateVersion).
   */
  filtered(filter: FrameFilter): readonly FrameEntry[] {
    // Until a keep-alive was folded away, no filter is every frame (the common case, and a flood's: no copy).
    if (isEmptyFilter(filter) && !this.fold.folded) return this.list;
    // Findings can attach to frames already scanned; such late findings invalidate a "has findings" view.
    const key = filter.findings === true ? `${filterKey(filter)}#${this.findings.lateVersion}` : filterKey(filter);
    if (this.cache?.key !== key) {
      const test = compileFilter(filter, (e) => findingsOf(this.findings.frames, e).length > 0);
      this.cache = { key, test: (e) => e.foldedInto === undefined && test(e), scanned: 0, result: [] };
    }
    const cache = this.cache;
    for (; cache.scanned < this.list.length; cache.scanned++) {
      const entry = this.list[cache.scanned];
      if (entry && cache.test(entry)) cache.result.push(entry);
    }
    return cache.result;
  }
}
