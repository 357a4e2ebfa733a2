// The lab's last results per session under test (the Conformance tab's report, the fault lab's runs and choices), kept
// beside the session's recording so a reload of the page, or a restart of the relay, brings them back.
// Its table is made on first use (CREATE TABLE IF NOT EXISTS), not by a schema migration: a store without it is a store
// with nothing saved yet, and an older mcpscope opening the store ignores it.
import type Database from 'better-sqlite3';

export type PanelName = 'conformance' | 'fault-lab';

export class PanelResults {
  constructor(private readonly db: Database.Database) {
    db.exec(`CREATE TABLE IF NOT EXISTS panel_results (
      session_id TEXT NOT NULL,
      panel TEXT NOT NULL,
      value TEXT NOT NULL,
      saved_at INTEGER NOT NULL,
      PRIMARY KEY (session_id, panel)
    ) WITHOUT ROWID`);
  }

  /** The saved value (as it was saved; the caller checks its shape) and when, or nulls. */
  get(sessionId: string, panel: PanelName): { value: unknown; savedAt: number | null } {
    const row = this.db.prepare('SELECT value, saved_at FROM panel_results WHERE session_id = ? AND panel = ?').get(sessionId, panel) as
      { value: string; saved_at: number } | undefined;
    if (!row) return { value: null, savedAt: null };
    try {
      return { value: JSON.parse(row.value) as unknown, savedAt: row.saved_at };
    } catch {
      // Written by us, so never expected; a damaged row reads as nothing saved rather than failing the panel.
      return { value: null, savedAt: null };
    }
  }

  put(sessionId: string, panel: PanelName, value: unknown, now = Date.now()): void {
    this.db
      .prepare(
        'INSERT INTO panel_results (session_id, panel, value, saved_at) VALUES (?, ?, ?, ?) ON CONFLICT(session_id, panel) DO UPDATE SET value = excluded.value, saved_at = excluded.saved_at',
      )
      .run(sessionId, panel, JSON.stringify(value), now);
  }

  /** A deleted session's results go with it. */
  forget(sessionId: string): void {
    this.db.prepare('DELETE FROM panel_results WHERE session_id = ?').run(sessionId);
  }
}
