// The session history kept beside the recorder's tables: tags, origin and secret env names, search, stats and deletion.
import type Database from 'better-sqlite3';
import type { FrameRecord } from '../../../shared/relay-protocol.js';
import { toFrame, type FrameRow } from '../recorder.js';
import { TextIndex } from '../text-index.js';
import { sessionKey } from '../session-keys.js';

import type { HistoryEntry } from '../../../shared/archive-api.js';

type SessionOrigin = HistoryEntry['origin'];

export interface SessionMeta {
  origin: SessionOrigin;
  profileId: string | null;
  /** Env var names marked secret when the session was started (from its profile). */
  secretEnv: string[];
  /** For imported sessions: the bundle's environment and export time, as JSON. */
  importedFrom: unknown;
  /** A fault-lab scratch session's session under test. */
  scratchFor: string | null;
}

export interface HistoryQuery {
  /** Words that must each appear in the name, the target or a tag. */
  q?: string;
  /** An exact tag the session must carry. */
  tag?: string;
  limit?: number;
  offset?: number;
}

interface MetaRow {
  origin: SessionOrigin;
  profile_id: string | null;
  secret_env: string;
  imported_from: string | null;
  scratch_for: string | null;
}

const MAX_TAGS = 20;
const likeEscape = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export class SessionArchive {
  constructor(private readonly db: Database.Database) {}

  meta(id: string): SessionMeta {
    const row = this.db.prepare('SELECT * FROM session_meta WHERE session_id = ?').get(id) as MetaRow | undefined;
    if (!row) return { origin: 'recorded', profileId: null, secretEnv: [], importedFrom: null, scratchFor: null };
    return {
      origin: row.origin,
      profileId: row.profile_id,
      secretEnv: JSON.parse(row.secret_env) as string[],
      importedFrom: row.imported_from === null ? null : (JSON.parse(row.imported_from) as unknown),
      scratchFor: row.scratch_for,
    };
  }

  /** Every session made for another (its `scratchFor`), in one read: the relay's session list marks them. */
  scratchParents(): Map<string, string> {
    const rows = this.db.prepare('SELECT session_id, scratch_for FROM session_meta WHERE scratch_for IS NOT NULL').all() as Array<{
      session_id: string;
      scratch_for: string;
    }>;
    return new Map(rows.map((r) => [r.session_id, r.scratch_for]));
  }

  setMeta(id: string, patch: Partial<SessionMeta>): void {
    const m = { ...this.meta(id), ...patch };
    this.db
      .prepare(
        `INSERT INTO session_meta (session_id, origin, profile_id, secret_env, imported_from, scratch_for) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT(session_id) DO UPDATE SET origin = excluded.origin, profile_id = excluded.profile_id,
           secret_env = excluded.secret_env, imported_from = excluded.imported_from, scratch_for = excluded.scratch_for`,
      )
      .run(id, m.origin, m.profileId, JSON.stringify(m.secretEnv), m.importedFrom === null ? null : JSON.stringify(m.importedFrom), m.scratchFor);
  }

  tags(id: string): string[] {
    return (this.db.prepare('SELECT tag FROM session_tags WHERE session_id = ? ORDER BY tag').all(id) as Array<{ tag: string }>).map((r) => r.tag);
  }

  setTags(id: string, tags: readonly string[]): string[] {
    const clean = [...new Set(tags.map((t) => t.trim()).filter(Boolean))].slice(0, MAX_TAGS);
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM session_tags WHERE session_id = ?').run(id);
      const ins = this.db.prepare('INSERT INTO session_tags (session_id, tag) VALUES (?, ?)');
      for (const t of clean) ins.run(id, t);
    })();
    return clean.sort();
  }

  /** Every tag in use, with how many sessions carry it. */
  allTags(): Array<{ tag: string; count: number }> {
    return this.db.prepare('SELECT tag, COUNT(*) AS count FROM session_tags GROUP BY tag ORDER BY tag').all() as Array<{ tag: string; count: number }>;
  }

  /** Ids of matching sessions, newest first. */
  search(query: HistoryQuery): string[] {
    const parts: string[] = [];
    const params: unknown[] = [];
    for (const word of (query.q ?? '').split(/\s+/).filter(Boolean)) {
      parts.push(`(s.name LIKE ? ESCAPE '\\' OR s.target LIKE ? ESCAPE '\\' OR s.id LIKE ? ESCAPE '\\'
        OR EXISTS (SELECT 1 FROM session_tags t WHERE t.session_id = s.id AND t.tag LIKE ? ESCAPE '\\'))`);
      const like = likeEscape(word);
      params.push(like, like, like, like);
    }
    if (query.tag) {
      parts.push('EXISTS (SELECT 1 FROM session_tags t WHERE t.session_id = s.id AND t.tag = ?)');
      params.push(query.tag);
    }
    // The id breaks ties (imports of one bundle share a start time), so pages neither repeat nor skip a session.
    const sql = `SELECT s.id FROM sessions s ${parts.length > 0 ? `WHERE ${parts.join(' AND ')}` : ''}
      ORDER BY s.started_at DESC, s.id DESC LIMIT ? OFFSET ?`;
    params.push(Math.min(query.limit ?? 200, 1000), query.offset ?? 0);
    return (this.db.prepare(sql).all(...params) as Array<{ id: string }>).map((r) => r.id);
  }

  /**
   * Deletes the session, its frames, tags and metadata. secure_delete overwrites the freed pages and the checkpoint
   * moves that into the main file, so the frames' text does not linger on disk.
   */
  deleteSession(id: string): void {
    this.db.pragma('secure_delete = ON');
    this.db.transaction(() => {
      const sk = sessionKey(this.db, id);
      // Its trigram index goes whole (a table per session), so no trigram of a deleted text stays in the file.
      if (sk !== null) new TextIndex(this.db).drop(sk);
      this.db.prepare('DELETE FROM frames WHERE sk = (SELECT sk FROM session_keys WHERE id = ?)').run(id);
      this.db.prepare('DELETE FROM session_keys WHERE id = ?').run(id);
      for (const t of ['findings', 'finding_counts', 'lint_progress']) this.db.prepare(`DELETE FROM ${t} WHERE session_id = ?`).run(id);
      this.db.prepare('DELETE FROM session_tags WHERE session_id = ?').run(id);
      this.db.prepare('DELETE FROM session_meta WHERE session_id = ?').run(id);
      this.db.prepare('DELETE FROM sessions WHERE id = ?').run(id);
    })();
    if (!this.db.memory) this.db.pragma('wal_checkpoint(TRUNCATE)');
  }

  /** The client's first initialize (or server/discover) and the frame that answered it: what the session negotiated. */
  negotiationFrames(id: string): { request: FrameRecord | null; answer: FrameRecord | null } {
    const req = this.db
      .prepare(`SELECT * FROM frames WHERE sk = ? AND dir = 'out' AND method IN ('initialize', 'server/discover') ORDER BY seq LIMIT 1`)
      .get(sessionKey(this.db, id)) as FrameRow | undefined;
    if (!req || req.rpc_id === null) return { request: req ? toFrame(req) : null, answer: null };
    const answer = this.db
      .prepare(`SELECT * FROM frames WHERE sk = ? AND seq > ? AND dir = 'in' AND rpc_id = ? AND kind IN ('response', 'error') ORDER BY seq LIMIT 1`)
      .get(req.sk, req.seq, req.rpc_id) as FrameRow | undefined;
    return { request: toFrame(req), answer: answer ? toFrame(answer) : null };
  }

  /** Frame counts and bytes per direction and kind, and the time span. */
  counts(id: string): Array<{ dir: FrameRecord['dir']; kind: FrameRecord['kind']; n: number; bytes: number; first: number; last: number }> {
    return this.db
      .prepare('SELECT dir, kind, COUNT(*) AS n, SUM(size) AS bytes, MIN(ts) AS first, MAX(ts) AS last FROM frames WHERE sk = ? GROUP BY dir, kind')
      .all(sessionKey(this.db, id)) as Array<{ dir: FrameRecord['dir']; kind: FrameRecord['kind']; n: number; bytes: number; first: number; last: number }>;
  }
}
