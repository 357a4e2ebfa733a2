// Saved server profiles in SQLite. Secret values are stored (that is what makes one-click connect work) but never
// leave through the API unmasked: callers get maskProfile() copies unless they ask for the real thing.
import { randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';
import { ProfileInputSchema, type Profile, type ProfileInput } from '../../shared/profiles/profile.js';
import { RelayError } from '../errors.js';
import { now } from '../frame-factory.js';

interface ProfileRow {
  id: string;
  name: string;
  data: string;
  created_at: number;
  updated_at: number;
}

function toProfile(r: ProfileRow): Profile {
  const data = ProfileInputSchema.parse({ ...(JSON.parse(r.data) as object), name: r.name });
  return { ...data, id: r.id, createdAt: r.created_at, updatedAt: r.updated_at };
}

export class ProfileStore {
  constructor(private readonly db: Database.Database) {}

  list(): Profile[] {
    return (this.db.prepare('SELECT * FROM profiles ORDER BY name COLLATE NOCASE, created_at').all() as ProfileRow[]).map(toProfile);
  }

  get(id: string): Profile {
    const row = this.db.prepare('SELECT * FROM profiles WHERE id = ?').get(id) as ProfileRow | undefined;
    if (!row) throw new RelayError('NOT_FOUND', `no profile ${id}`);
    return toProfile(row);
  }

  find(id: string): Profile | null {
    const row = this.db.prepare('SELECT * FROM profiles WHERE id = ?').get(id) as ProfileRow | undefined;
    return row ? toProfile(row) : null;
  }

  create(input: ProfileInput): Profile {
    const id = `p-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
    const t = now();
    const { name, ...data } = input;
    this.db.prepare('INSERT INTO profiles (id, name, data, created_at, updated_at) VALUES (?, ?, ?, ?, ?)').run(id, name, JSON.stringify(data), t, t);
    return this.get(id);
  }

  update(id: string, input: ProfileInput): Profile {
    const { name, ...data } = input;
    const r = this.db.prepare('UPDATE profiles SET name = ?, data = ?, updated_at = ? WHERE id = ?').run(name, JSON.stringify(data), now(), id);
    if (r.changes === 0) throw new RelayError('NOT_FOUND', `no profile ${id}`);
    return this.get(id);
  }

  delete(id: string): void {
    const r = this.db.prepare('DELETE FROM profiles WHERE id = ?').run(id);
    if (r.changes === 0) throw new RelayError('NOT_FOUND', `no profile ${id}`);
  }

  createMany(inputs: readonly ProfileInput[]): Profile[] {
    return this.db.transaction(() => inputs.map((p) => this.create(p)))();
  }
}
