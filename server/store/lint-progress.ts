// The relay's lint as the store keeps it (the cap, each session's progress), apart from the runner: the relay reads
// these at start-up and for every findings summary, and loads the linter itself only when a lint runs here.
import type Database from 'better-sqlite3';
import type { LinterOptions } from '../../shared/lint/index.js';

/**
 * Findings stored per session. A flood that breaks a rule on every frame would otherwise store a row per frame;
 * past the cap only the per-rule counts go on (the summary reports how many were dropped).
 */
export const MAX_STORED_FINDINGS = 50_000;

export interface LintTarget {
  options: Pick<LinterOptions, 'transport' | 'protocolVersion'>;
  /** An ended session is finished once linted to its end: its unanswered requests are reported, then it is done. */
  ended: boolean;
}

export interface LintProgress {
  linted_to: number;
  stored: number;
  dropped: number;
  finished: number;
}

export function lintProgress(db: Database.Database, sessionId: string): LintProgress | undefined {
  return db.prepare('SELECT * FROM lint_progress WHERE session_id = ?').get(sessionId) as LintProgress | undefined;
}
