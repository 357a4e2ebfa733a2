// Runs the relay's lint of whole sessions on one connection to the store, on whichever thread owns it: the shared
// Linter reads the frames a chunk at a time, and its findings (capped, with exact per-rule counts) and progress go
// to the findings tables (migration 4), where page rows, the "has findings" filter and the Findings tab read them.
// Each chunk also goes into the session's trigram index (text-index.ts) in the same transaction, so the windowed text
// filter's index is built by this pass, off the recorder's thread and held back like the lint while reads are busy.
import type Database from 'better-sqlite3';
import { JsonSchemaValidator, Linter, type Finding } from '../../shared/lint/index.js';
import { lintProgress, type LintTarget } from './lint-progress.js';
import { toFrame, type FrameRow } from './recorder.js';
import { sessionKey } from './session-keys.js';
import { TextIndex } from './text-index.js';

/** Frames linted per chunk: about 5–10 ms of work between two looks at whether the reads are still quiet. */
const CHUNK = 1_000;

interface Job {
  /** Null: the session's lint was finished in an earlier run, and only its text index is behind. */
  linter: Linter | null;
  ended: boolean;
  lintedTo: number;
  n: number;
  stored: number;
  dropped: number;
  finished: boolean;
  running: Promise<void> | null;
}

const validator = new JsonSchemaValidator();

export class LintRunner {
  /** The linters of sessions linted this run; the Linter's own history limits bound each one's memory. */
  private readonly jobs = new Map<string, Job>();
  private readonly textIndex: TextIndex;

  constructor(
    private readonly db: Database.Database,
    private readonly cap: number,
    /** Resolves when the lint may take its next chunk (the windowed reads have been quiet). */
    private readonly quiet: () => Promise<void>,
    /** A session's first chunk waits this much longer: a session just opened is replaying its held tail to the page. */
    private readonly holdFirst: () => void,
    /** Called before each chunk is read, so frames still queued on this thread are in the store. */
    private readonly beforeRead: () => void = () => {},
  ) {
    this.textIndex = new TextIndex(db);
  }

  /**
   * Starts (or continues) the lint up to the session's current last frame; the promise settles when it got there.
   * A session finished in an earlier run is not linted again; an unfinished one starts over, since its Linter's state
   * did not survive the restart. `target.ended` is the session's latest state: a session that ends later is finished
   * by a later call.
   */
  ensure(sessionId: string, target: LintTarget): Promise<void> {
    let job = this.jobs.get(sessionId);
    if (!job) {
      const saved = lintProgress(this.db, sessionId);
      const sk = sessionKey(this.db, sessionId);
      const lastSeq = sk === null ? 0 : ((this.db.prepare('SELECT max(seq) FROM frames WHERE sk = ?').pluck().get(sk) as number | null) ?? 0);
      const linted = saved?.finished === 1 && saved.linted_to >= lastSeq;
      const indexedTo = sk === null ? 0 : this.textIndex.indexedTo(sk);
      if (linted && indexedTo >= lastSeq) return Promise.resolve();
      if (linted) job = { linter: null, ended: true, lintedTo: indexedTo, n: 0, stored: 0, dropped: 0, finished: true, running: null };
      else {
        this.clear(sessionId);
        const linter = new Linter({ ...target.options, jsonSchemaValidator: validator });
        job = { linter, ended: target.ended, lintedTo: 0, n: 0, stored: 0, dropped: 0, finished: false, running: null };
      }
      this.jobs.set(sessionId, job);
      this.holdFirst();
    }
    const j = job;
    j.ended = target.ended;
    j.running ??= this.run(sessionId, j).finally(() => (j.running = null));
    return j.running;
  }

  private async run(sessionId: string, job: Job): Promise<void> {
    const read = this.db.prepare('SELECT * FROM frames WHERE sk = ? AND seq > ? ORDER BY seq LIMIT ?');
    const lastOf = this.db.prepare('SELECT max(seq) FROM (SELECT seq FROM frames WHERE sk = ? AND seq > ? ORDER BY seq LIMIT ?)').pluck();
    for (;;) {
      await this.quiet();
      if (this.jobs.get(sessionId) !== job) return;
      this.beforeRead();
      const sk = sessionKey(this.db, sessionId);
      if (sk === null) return;
      const linter = job.linter;
      if (!linter) {
        // Only the index is behind: SQLite copies the texts itself, no row reaches JS.
        const last = lastOf.get(sk, job.lintedTo, CHUNK) as number | null;
        // Done: the next ensure looks again, and lints what a restarted session added since.
        if (last === null) return void this.jobs.delete(sessionId);
        this.db.transaction(() => this.textIndex.add(sk, last))();
        job.lintedTo = last;
        continue;
      }
      const rows = read.all(sk, job.lintedTo, CHUNK) as FrameRow[];
      const found: Finding[] = [];
      for (const r of rows) found.push(...linter.push(toFrame(r)));
      const last = rows.at(-1)?.seq ?? job.lintedTo;
      const atEnd = rows.length < CHUNK;
      // A restarted server adds frames after an earlier finish: those are linted too, and finished again at the end.
      if (rows.length > 0) job.finished = false;
      if (atEnd && !job.finished && job.ended) {
        found.push(...linter.finish());
        job.finished = true;
      }
      this.store(sessionId, sk, job, found, last);
      if (atEnd) return;
    }
  }

  private store(sessionId: string, sk: number, job: Job, found: Finding[], lintedTo: number): void {
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
      this.textIndex.add(sk, lintedTo);
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
}
