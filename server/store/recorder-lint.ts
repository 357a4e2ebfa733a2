// Lints a whole recorded session on the relay, for sessions too large for the page to hold (and so to lint). The
// lint runs on a thread of its own (recorder-lint-worker.ts) when the store is a file, so a flood never waits on it;
// an in-memory store (tests) is linted here, between turns of the event loop. Either way it takes its chunks only
// while the windowed reads are quiet, and this class serves what it stored: findings per frame and the summary.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';
import type { Finding } from '../../shared/lint/index.js';
import type { FindingsSummary } from '../../shared/frame-window-api.js';
import { MAX_STORED_FINDINGS, lintProgress, type LintTarget } from './lint-progress.js';
import type { LintRunner } from './lint-runner.js';
import type { LintReply, LintRequest, LintWorkerData } from './recorder-lint-worker.js';
import { keepSmallAfterStart } from '../v8-memory.js';

export { type LintTarget };

/**
 * The lint runs only when the windowed reads have been quiet this long: on two cores it would otherwise take a core
 * from a filter's scan threads and delay every jump while the user is reading the session (the bench saw twice the
 * jump and filter times). The Findings tab's polling does not count as activity.
 */
const QUIET_MS = 300;
/** A session just opened is busy replaying its held tail to the page (not a windowed read): its lint starts later. */
const START_AFTER_MS = 1_000;
/** Frames listed per rule in the summary (the Findings tab's jump list); the count is exact regardless. */
const MAX_RULE_SEQS = 500;

const LINT_WORKER = new URL('./recorder-lint-worker.js', import.meta.url);

interface Waiter {
  resolve: () => void;
  reject: (err: Error) => void;
}

export class RecorderLint {
  private lastActivity = 0;
  /** Shared with the lint thread: the time before which it holds back (Float64, ms since the epoch). */
  private readonly hold = new Float64Array(new SharedArrayBuffer(8));
  /** Whether the lint runs on its own thread (a file store) rather than between turns of this one's event loop. */
  readonly threaded: boolean;
  /** This thread's runner, loaded with the linter at the first lint (the relay's start-up does not pay for it). */
  private local: Promise<LintRunner> | null = null;
  private worker: Worker | null = null;
  private readonly waiting = new Map<string, Waiter[]>();
  private refresher: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Database.Database,
    private readonly targetOf: (sessionId: string) => LintTarget,
    private readonly flush: () => void,
    private readonly cap = MAX_STORED_FINDINGS,
    /** The moment reads for a page or a page's start hold the lint back to (Recorder.background): it waits after it too. */
    private readonly heldTo: () => number = () => 0,
    /** The lint thread's compiled module; a test running from source points it at the build. */
    private readonly workerUrl: URL = LINT_WORKER,
  ) {
    this.threaded = !db.memory && existsSync(fileURLToPath(workerUrl));
  }

  private runner(): Promise<LintRunner> {
    this.local ??= import('./lint-runner.js').then(
      ({ LintRunner }) =>
        new LintRunner(
          this.db,
          this.cap,
          () => this.quietHere(),
          () => (this.lastActivity = Math.max(this.lastActivity, Date.now() + START_AFTER_MS)),
          this.flush,
        ),
    );
    return this.local;
  }

  /** Notes a windowed read (a filter, a page, a frame): the background lint pauses until they have been quiet. */
  touch(): void {
    this.lastActivity = Date.now();
    this.share();
  }

  private holdUntil(): number {
    return Math.max(this.lastActivity, this.heldTo()) + QUIET_MS;
  }

  private share(): void {
    this.hold[0] = this.holdUntil();
  }

  private async quietHere(): Promise<void> {
    // At least one turn of the event loop between chunks, so requests and frames are served between them.
    await new Promise((resolve) => setImmediate(resolve));
    for (let ms = this.holdUntil() - Date.now(); ms > 0; ms = this.holdUntil() - Date.now()) await new Promise((resolve) => setTimeout(resolve, ms));
  }

  /**
   * Starts (or continues) the lint up to the session's current last frame and returns at once; the promise settles
   * when it got there. A session finished in an earlier run is not linted again; an unfinished one starts over.
   */
  ensure(sessionId: string): Promise<void> {
    const target = this.targetOf(sessionId);
    // Everything recorded so far is in the store before the lint reads it (an ended session's last frames included).
    this.flush();
    if (!this.threaded) return this.runner().then((r) => r.ensure(sessionId, target));
    return new Promise<void>((resolve, reject) => {
      const list = this.waiting.get(sessionId) ?? [];
      list.push({ resolve, reject });
      this.waiting.set(sessionId, list);
      this.share();
      this.thread().postMessage({ sessionId, target } satisfies LintRequest);
      // While a lint runs, the page's replay reads (which only the relay's thread sees) keep holding it back.
      this.refresher ??= setInterval(() => this.share(), 50).unref();
    });
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const data: LintWorkerData = {
      path: this.db.name,
      cap: this.cap,
      holdUntil: this.hold.buffer as SharedArrayBuffer,
      startAfterMs: START_AFTER_MS + QUIET_MS,
    };
    const w = new Worker(this.workerUrl, { workerData: data });
    keepSmallAfterStart(w);
    // The lint must never keep the relay alive at shutdown.
    w.unref();
    w.on('message', (m: LintReply) => this.settle(m.sessionId, 'error' in m ? new Error(m.error) : null));
    w.on('error', (err) => this.fail(w, err));
    w.on('exit', () => this.fail(w, new Error('the lint thread exited')));
    this.worker = w;
    return w;
  }

  private settle(sessionId: string, err: Error | null): void {
    const list = this.waiting.get(sessionId) ?? [];
    this.waiting.delete(sessionId);
    for (const w of list) {
      if (err) w.reject(err);
      else w.resolve();
    }
    this.idle();
  }

  /** The thread died: its lints fail, and the next ensure starts a fresh thread that lints those sessions over. */
  private fail(w: Worker, err: Error): void {
    if (this.worker !== w) return;
    this.worker = null;
    for (const id of [...this.waiting.keys()]) this.settle(id, err);
  }

  private idle(): void {
    if (this.waiting.size > 0 || !this.refresher) return;
    clearInterval(this.refresher);
    this.refresher = null;
  }

  /** Stops the lint thread (a test's teardown; the relay's lives as long as the relay). */
  async close(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    await w?.terminate();
  }

  /** The stored findings of the given frames, by seq, in the order they were found. */
  findingsOf(sessionId: string, seqs: readonly number[]): Map<number, Finding[]> {
    const out = new Map<number, Finding[]>();
    if (seqs.length === 0) return out;
    const rows = this.db
      .prepare(`SELECT * FROM findings WHERE session_id = ? AND seq IN (${seqs.map(() => '?').join(', ')}) ORDER BY seq, n`)
      .all(sessionId, ...seqs) as Array<{ seq: number; rule_id: string; severity: string; message: string; related: string }>;
    for (const r of rows) {
      const f = { ruleId: r.rule_id, severity: r.severity, seq: r.seq, related: JSON.parse(r.related) as number[], message: r.message } as Finding;
      const list = out.get(r.seq);
      if (list) list.push(f);
      else out.set(r.seq, [f]);
    }
    return out;
  }

  /** Every rule that fired so far, with its exact count and the first MAX_RULE_SEQS frames it is stored on. */
  summary(sessionId: string, lastSeq: number): FindingsSummary {
    const p = lintProgress(this.db, sessionId);
    const seqs = this.db.prepare(`SELECT DISTINCT seq FROM findings WHERE session_id = ? AND rule_id = ? ORDER BY seq LIMIT ${MAX_RULE_SEQS}`).pluck();
    const rules = (
      this.db.prepare('SELECT rule_id, severity, count FROM finding_counts WHERE session_id = ?').all(sessionId) as Array<{
        rule_id: string;
        severity: string;
        count: number;
      }>
    ).map(
      (r) =>
        ({ ruleId: r.rule_id, severity: r.severity, count: r.count, seqs: seqs.all(sessionId, r.rule_id) as number[] }) as FindingsSummary['rules'][number],
    );
    const lintedTo = p?.linted_to ?? 0;
    return {
      lintedTo,
      lastSeq,
      done: p?.finished === 1 || (p !== undefined && lintedTo >= lastSeq),
      stored: p?.stored ?? 0,
      dropped: p?.dropped ?? 0,
      cap: this.cap,
      rules,
    };
  }
}
