// Lints one session's frames in the browser as they arrive: one Linter per session log, O(1) work per frame. The
// linter reads each entry's parse from arrival (no second JSON.parse); findings go to the FrameFindings store by seq.
import { JsonSchemaValidator, Linter, type Finding, type RuleId, type Severity, type TransportKind } from '../../../shared/lint/index.js';
import { isPlainObject } from '../../../shared/jsonrpc.js';
import { parsedText, type FrameEntry } from './frame-entry.js';
import { FrameFindings } from './frame-findings.js';

/** What the linter needs from the session target: how the traffic travels and which version was offered. */
export interface LintSetup {
  transport: TransportKind;
  protocolVersion?: string;
}

export interface RuleGroup {
  ruleId: RuleId;
  severity: Severity;
  count: number;
  /** The frames the rule fired on, in the order found, each once. */
  seqs: number[];
}

/** The protocol context an error response arrived in, for the error explainer. */
export interface ErrorContextAt {
  protocolVersion: string | null;
  transport: TransportKind;
}

const SEVERITY_RANK: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

/** Worst first, then the most frequent, then by rule id. */
export function ruleGroupOrder(a: RuleGroup, b: RuleGroup): number {
  return SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] || b.count - a.count || a.ruleId.localeCompare(b.ruleId);
}

// One validator for every session: it keeps nothing per schema, the tool registry caches what it builds.
const validator = new JsonSchemaValidator();

export class SessionFindings {
  private linter: Linter | null = null;
  private setup: LintSetup | null = null;
  /** How many of the log's entries the linter has seen. */
  private linted = 0;
  /** While a replay delivers the session's history, lint waits for all of it (see hold()). */
  private held = false;
  /** Some appended entries were left unlinted (held, or linted a slice at a time): their findings come late. */
  private lagging = false;
  private readonly list: Finding[] = [];
  /** Kept as findings come and go, so the count is O(1) however many there are (the log bar reads it on every frame). */
  private readonly counts: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  private readonly groups = new Map<RuleId, RuleGroup>();
  /** Per rule, the seqs already listed, so adding a finding stays O(1) however often a rule fires. */
  private readonly groupSeqs = new Map<RuleId, Set<number>>();
  private readonly errorContexts = new Map<number, ErrorContextAt>();
  private readonly httpStatuses = new Map<number, number>();
  /** Each frame's findings, which its row subscribes to. */
  readonly frames = new FrameFindings();
  /**
   * Bumped when a finding lands on a frame that arrived in an earlier append (a request found unanswered when the
   * server exits, or a backlog linted once the target was known), so a cached "has findings" view is rebuilt.
   */
  lateVersion = 0;

  constructor(private readonly entries: () => readonly FrameEntry[]) {}

  get all(): readonly Finding[] {
    return this.list;
  }

  /** The version the traffic negotiated so far, else the one offered; null before the target is known. */
  get protocolVersion(): string | null {
    return this.linter?.protocolVersion ?? this.setup?.protocolVersion ?? null;
  }

  get configured(): boolean {
    return this.setup !== null;
  }

  /** Sets the transport and offered version; lints every frame held so far. Returns true when anything changed. */
  configure(setup: LintSetup): boolean {
    if (this.setup && this.setup.transport === setup.transport && this.setup.protocolVersion === setup.protocolVersion) return false;
    if (this.linted > 0) this.clear();
    this.setup = setup;
    this.linter = new Linter({ ...setup, jsonSchemaValidator: validator });
    // Frames that waited for the target were already seen by any cached filter: make it look again.
    if (this.entries().length > 0) this.lateVersion++;
    this.lint();
    return true;
  }

  /**
   * Holds the lint while the session's history is replayed, so the log paints and counts the frames as they arrive
   * without linting them first; release() lets it go on, the caller then linting the backlog a slice at a time.
   */
  hold(): void {
    this.held = true;
  }

  release(): void {
    this.held = false;
  }

  /** Entries appended but not yet linted, the session's target being known. */
  get behind(): boolean {
    return this.linter !== null && this.linted < this.entries().length;
  }

  /**
   * Lints the entries appended since the last call, at most `max` of them; a no-op until the session's target is
   * known, or while held.
   */
  lint(max = Infinity): void {
    const linter = this.linter;
    if (!linter) return;
    if (this.held) {
      this.lagging = true;
      return;
    }
    const entries = this.entries();
    // Frames from an earlier append were already seen by a "has findings" view: a finding on them is late.
    const firstNew = this.lagging ? Infinity : entries[this.linted]?.frame.seq;
    const end = Math.min(entries.length, this.linted + max);
    for (; this.linted < end; this.linted++) {
      const entry = entries[this.linted]!;
      this.noteContext(entry, linter);
      for (const f of linter.push(entry.frame, parsedText(entry))) this.add(f, firstNew ?? f.seq);
    }
    this.lagging = this.linted < entries.length;
  }

  rule(ruleId: RuleId): RuleGroup | undefined {
    return this.groups.get(ruleId);
  }

  /** Rules that fired, worst first, then the most frequent. */
  ruleGroups(): RuleGroup[] {
    return [...this.groups.values()].sort(ruleGroupOrder);
  }

  countBySeverity(): Record<Severity, number> {
    return { ...this.counts };
  }

  /** Requests waiting at least `afterMs` at `now` (transient: not in `all`, gone once answered). */
  pendingAt(now: number, afterMs: number): Finding[] {
    return this.linter?.pendingAt(now, afterMs) ?? [];
  }

  errorContextOf(seq: number): ErrorContextAt | undefined {
    return this.errorContexts.get(seq);
  }

  /** The HTTP status of the exchange that carried this frame, when it came over HTTP. */
  httpStatusOf(seq: number): number | undefined {
    return this.httpStatuses.get(seq);
  }

  /**
   * Forgets the findings of frames fromSeq..toSeq, which the log no longer holds (it dropped `count` entries, all
   * linted already if the linter runs): what the Findings tab of such a session shows comes from the relay.
   */
  forget(fromSeq: number, toSeq: number, count: number): void {
    const gone = (seq: number) => seq >= fromSeq && seq <= toSeq;
    const kept = this.list.filter((f) => !gone(f.seq));
    this.list.length = 0;
    this.list.push(...kept);
    this.recount();
    for (const [ruleId, g] of this.groups) {
      g.seqs = g.seqs.filter((seq) => !gone(seq));
      const seen = this.groupSeqs.get(ruleId);
      if (seen) for (const seq of seen) if (gone(seq)) seen.delete(seq);
    }
    for (const m of [this.errorContexts, this.httpStatuses]) for (const seq of m.keys()) if (gone(seq)) m.delete(seq);
    this.frames.forget(fromSeq, toSeq);
    this.linted = Math.max(0, this.linted - count);
    this.lateVersion++;
  }

  private recount(): void {
    this.counts.error = this.counts.warning = this.counts.info = 0;
    for (const f of this.list) this.counts[f.severity]++;
  }

  private add(f: Finding, firstNewSeq: number): void {
    this.list.push(f);
    this.counts[f.severity]++;
    this.frames.add(f);
    if (f.seq < firstNewSeq) this.lateVersion++;
    let g = this.groups.get(f.ruleId);
    let seen = this.groupSeqs.get(f.ruleId);
    if (!g || !seen) {
      this.groups.set(f.ruleId, (g = { ruleId: f.ruleId, severity: f.severity, count: 0, seqs: [] }));
      this.groupSeqs.set(f.ruleId, (seen = new Set()));
    }
    g.count++;
    if (!seen.has(f.seq)) {
      seen.add(f.seq);
      g.seqs.push(f.seq);
    }
  }

  private noteContext(entry: FrameEntry, linter: Linter): void {
    const { frame, value } = entry;
    if (frame.kind === 'http' && isPlainObject(value) && isPlainObject(value.response) && Array.isArray(value.receivedSeqs)) {
      const status = value.response.status;
      if (typeof status === 'number') for (const s of value.receivedSeqs) if (typeof s === 'number') this.httpStatuses.set(s, status);
    }
    if (frame.kind === 'error' || frame.kind === 'batch') {
      // The version in force when the error arrived, so a later restart or renegotiation does not change its explanation.
      this.errorContexts.set(frame.seq, { protocolVersion: linter.protocolVersion ?? this.setup?.protocolVersion ?? null, transport: linter.transport });
    }
  }

  private clear(): void {
    this.frames.clear();
    this.list.length = 0;
    this.recount();
    this.groups.clear();
    this.groupSeqs.clear();
    this.errorContexts.clear();
    this.linted = 0;
    this.lateVersion++;
  }
}
