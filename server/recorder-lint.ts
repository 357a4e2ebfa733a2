// Lints a whole recorded session on the relay, for sessions too large for the page to hold (and so to lint): the
// shared Linter reads the frames from SQLite a chunk at a time in the background and the findings go to the
// findings table (migration 4), where page rows, the "has findings" filter and the Findings tab read them.
import type Database from 'better-sqlite3';
import { JsonSchemaValidator, Linter, type Finding, type LinterOptions } from '../shared/lint/index.js';
import type { FindingsSummary } from '../shared/frame-window-api.js';
import { toFrame, type FrameRow } from './recorder.js';

/**
 * Findings stored per session. A flood that breaks a rule on every frame would otherwise store a row per frame;
 * past the cap only the per-rule counts go on (the summary reports how many were dropped).
 */
export const MAX_STORED_FINDINGS = 50_000;
/** Frames linted per turn of the event loop: about 5–10 ms of work, so a request arriving meanwhile waits little. */
const CHUNK = 1_000;
/**
 * The lint runs only when the windowed reads have been quiet this long: on two cores it would otherwise take a core
 * from a filter's scan threads and delay every jump while the user is reading the session (the bench saw twice the
 * jump and filter times). The Findings tab's polling does not count as activity.
 */
const QUIET_MS = 300;
const START_AFTER_MS = 1_000;
/** Frames listed per rule in the summary (the Findings tab's jump list); the count is exact regardless. */
export const MAX_RULE_SEQS = 500;

export interface LintTarget {
  options: Pick<LinterOptions, 'transport' | 'protocolVersion'>;
  /** An ended session is finished once linted to its end: its unanswered requests are reported, then it is done. */
  ended: boolean;
}

interface Job {
  linter: Linter;
  lintedTo: number;
  n: number;
  stored: number;
  dropped: number;
  finished: boolean;
  running: Promise<void> | null;
}

interface Progress {
  linted_to: number;
  stored: number;
  dropped: number;
  finished: number;
}

const validator = new JsonSchemaValidator();

export class RecorderLint {
  /** The linters of sessions linted this run; the Linter's own history limits bound each one's memory. */
  private readonly jobs = new Map<string, Job>();
  private lastActivity = 0;

  constructor(
    private readonly db: Database.Database,
    private readonly targetOf: (sessionId: string) => LintTarget,
    private readonly flush: () => void,
    private readonly cap = MAX_STORED_FINDINGS,
    /** When the store was last read for something else (a page's replay of the held tail): also holds the lint back. */
    private readonly lastReadAt: () => number = () => 0,
  ) {}

  /** Notes a windowed read (a filter, a page, a frame): the background lint pauses until they have been quiet. */
  touch(): void {
    this.lastActivity = Date.now();
  }

  private async quiet(): Promise<void> {
    // At least one turn of the event loop between chunks, so requests and frames are served between them.
    await new Promise((resolve) => setImmediate(resolve));
    const wait = () => Math.max(this.lastActivity, this.lastReadAt()) + QUIET_MS - Date.now();
    for (let ms = wait(); ms > 0; ms = wait()) await new Promise((resolve) => setTimeout(resolve, ms));
  }

  private progress(sessionId: string): Progress | undefined {
    return this.db.prepare('SELECT * FROM lint_progress WHERE session_id = ?').get(sessionId) as Progress | undefined;
  }

  /**
   * Starts (or continues) the lint up to the session's current last frame and returns at once; the promise settles
   * when it got there. A session finished in an earlier run is not linted again; an unfinished one starts over,
   * since its Linter's state did not survive the restart.
   */
  ensure(sessionId: string): Promise<void> {
    let job = this.jobs.get(sessionId);
    if (!job) {
      const saved = this.progress(sessionId);
      const lastSeq = (this.db.prepare('SELECT max(seq) FROM frames WHERE session_id = ?').pluck().get(sessionId) as number | null) ?? 0;
      if (saved?.finished && saved.linted_to >= lastSeq) return Promise.resolve();
      this.clear(sessionId);
      const linter = new Linter({ ...this.targetOf(sessionId).options, jsonSchemaValidator: validator });
      job = { linter, lintedTo: 0, n: 0, stored: 0, dropped: 0, finished: false, running: null };
      this.jobs.set(sessionId, job);
      // A session just opened is busy replaying its held tail to the page (not a windowed read): the lint starts a
      // second later, and then only once the reads are quiet.
      this.lastActivity = Math.max(this.lastActivity, Date.now() + START_AFTER_MS);
    }
    const j = job;
    j.running ??= this.run(sessionId, j).finally(() => (j.running = null));
    return j.running;
  }

  private async run(sessionId: string, job: Job): Promise<void> {
    const read = this.db.prepare('SELECT * FROM frames WHERE session_id = ? AND seq > ? ORDER BY seq LIMIT ?');
    for (;;) {
      await this.quiet();
      if (this.jobs.get(sessionId) !== job) return;
      this.flush();
      const rows = read.all(sessionId, job.lintedTo, CHUNK) as FrameRow[];
      const found: Finding[] = [];
      for (const r of rows) found.push(...job.linter.push(toFrame(r)));
      const last = rows.at(-1)?.seq ?? job.lintedTo;
      const atEnd = rows.length < CHUNK;
      // A restarted server adds frames after an earlier finish: those are linted too, and finished again at the end.
      if (rows.length > 0) job.finished = false;
      if (atEnd && !job.finished && this.targetOf(sessionId).ended) {
        found.push(...job.linter.finish());
        job.finished = true;
      }
      this.store(sessionId, job, found, last);
      if (atEnd) return;
    }
  }

  private store(sessionId: string, job: Job, found: Finding[], lintedTo: number): void {
    const insert = this.db.prepare('INSERT INTO findings (session_id, seq, n, rule_id, severity, message, related) VALUES (?, ?, ?, ?, ?, ?, ?)');
    const count = this.db.prepare(
      `INSERT INTO finding_counts (session_id, rule_id, severity, count) VALUES (?, ?, ?, 1)
       ON CONFLICT (session_id, rule_id) DO UPDATE SET count = count + 1`,
    );
    this.db.transaction(() => {
      for (const f of found) {
        count.run(sessionId, f.ruleId, f.severity);
        if (job.stored >= this.cap) {
          job.dropped++;
          continue;
        }
        insert.run(sessionId, f.seq, job.n++, f.ruleId, f.severity, f.message, JSON.stringify(f.related));
        job.stored++;
      }
      job.lintedTo = lintedTo;
      this.db
        .prepare(
          `INSERT INTO lint_progress (session_id, linted_to, stored, dropped, finished) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT (session_id) DO UPDATE SET linted_to = excluded.linted_to, stored = excluded.stored,
             dropped = excluded.dropped, finished = excluded.finished`,
        )
        .run(sessionId, lintedTo, job.stored, job.dropped, job.finished ? 1 : 0);
    })();
  }

  private clear(sessionId: string): void {
    this.db.transaction(() => {
      for (const t of ['findings', 'finding_counts', 'lint_progress']) this.db.prepare(`DELETE FROM ${t} WHERE session_id = ?`).run(sessionId);
    })();
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
    const p = this.progress(sessionId);
    const seqs = this.db.prepare(`SELECT DISTINCT seq FROM findings WHERE session_id = ? AND rule_id = ? ORDER BY seq LIMIT ${MAX_RULE_SEQS}`).pluck();
    const rules = (this.db.prepare('SELECT rule_id, severity, count FROM finding_counts WHERE session_id = ?').all(sessionId) as Array<{ rule_id: string; severity: string; count: number }>).map(
      (r) => ({ ruleId: r.rule_id, severity: r.severity, count: r.count, seqs: seqs.all(sessionId, r.rule_id) as number[] }) as FindingsSummary['rules'][number],
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
