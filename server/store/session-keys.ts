// Maps a session's public text id to the small integer its frames are keyed on (schema 5), on any connection.
import type Database from 'better-sqlite3';

interface Statements {
  find: Database.Statement;
  add: Database.Statement;
}

// One pair of prepared statements per connection: the recorder's, each scan thread's, each export's reader.
const prepared = new WeakMap<Database.Database, Statements>();

function statements(db: Database.Database): Statements {
  let s = prepared.get(db);
  if (!s) {
    s = {
      find: db.prepare('SELECT sk FROM session_keys WHERE id = ?').pluck(),
      add: db.prepare('INSERT OR IGNORE INTO session_keys (id) VALUES (?)'),
    };
    prepared.set(db, s);
  }
  return s;
}

/** The key of a session that has frames (or had a key made for it), or null: then it has no frames to read. */
export function sessionKey(db: Database.Database, id: string): number | null {
  return (statements(db).find.get(id) as number | undefined) ?? null;
}

/**
 * The key for a session's frames, made on first use. INSERT OR IGNORE then SELECT is safe with several processes
 * writing one store (each sees the row whichever of them added it).
 */
export function ensureSessionKey(db: Database.Database, id: string): number {
  const s = statements(db);
  s.add.run(id);
  return s.find.get(id) as number;
}
