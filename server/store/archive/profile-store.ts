// Saved server profiles: settings in SQLite, their secret values in the secrets file (0600, apart from the recordings),
// joined again here. Secret values never leave through the API unmasked: callers get maskProfile() copies.
import { randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';
import { StoredProfileInputSchema, type Profile, type ProfileInput } from '../../../shared/profiles/profile.js';
import { RelayError } from '../../errors.js';
import { now } from '../clock.js';
import type { SecretStore } from '../secret-store.js';
import { joinProfileSecrets, splitProfileSecrets, type ProfileSecrets } from './profile-secrets.js';

/** The secrets file's namespace for profiles; keys are profile ids. */
const NS = 'profile';

interface ProfileRow {
  id: string;
  name: string;
  data: string;
  created_at: number;
  updated_at: number;
}

function toProfile(r: ProfileRow): Profile {
  const data = StoredProfileInputSchema.parse({ ...(JSON.parse(r.data) as object), name: r.name });
  return { ...data, id: r.id, createdAt: r.created_at, updatedAt: r.updated_at };
}

export class ProfileStore {
  constructor(
    private readonly db: Database.Database,
    private readonly secrets: SecretStore,
  ) {
    this.moveSecretsOut();
  }

  list(): Profile[] {
    return (this.db.prepare('SELECT * FROM profiles ORDER BY name COLLATE NOCASE, created_at').all() as ProfileRow[]).map((r) => this.toProfile(r));
  }

  get(id: string): Profile {
    const row = this.db.prepare('SELECT * FROM profiles WHERE id = ?').get(id) as ProfileRow | undefined;
    if (!row) throw new RelayError('NOT_FOUND', `no profile ${id}`);
    return this.toProfile(row);
  }

  find(id: string): Profile | null {
    const row = this.db.prepare('SELECT * FROM profiles WHERE id = ?').get(id) as ProfileRow | undefined;
    return row ? this.toProfile(row) : null;
  }

  create(input: ProfileInput): Profile {
    const id = `p-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
    const t = now();
    const { name, ...data } = this.keepSecrets(id, input);
    this.db.prepare('INSERT INTO profiles (id, name, data, created_at, updated_at) VALUES (?, ?, ?, ?, ?)').run(id, name, JSON.stringify(data), t, t);
    return this.get(id);
  }

  update(id: string, input: ProfileInput): Profile {
    if (!this.find(id)) throw new RelayError('NOT_FOUND', `no profile ${id}`);
    const { name, ...data } = this.keepSecrets(id, input);
    this.db.prepare('UPDATE profiles SET name = ?, data = ?, updated_at = ? WHERE id = ?').run(name, JSON.stringify(data), now(), id);
    return this.get(id);
  }

  delete(id: string): void {
    const r = this.db.prepare('DELETE FROM profiles WHERE id = ?').run(id);
    if (r.changes === 0) throw new RelayError('NOT_FOUND', `no profile ${id}`);
    this.secrets.put(NS, id, undefined);
  }

  /** Files the profile's secret values under its id and returns what SQLite may hold. */
  private keepSecrets(id: string, input: ProfileInput): ProfileInput {
    const { stored, secrets } = splitProfileSecrets(input);
    this.secrets.put(NS, id, secrets);
    return stored;
  }

  private toProfile(r: ProfileRow): Profile {
    return joinProfileSecrets(toProfile(r), this.secrets.get<ProfileSecrets>(NS, r.id));
  }

  /** Profiles saved before secrets had a file of their own: their values move there, overwritten in the store. */
  private moveSecretsOut(): void {
    const rows = this.db.prepare('SELECT * FROM profiles').all() as ProfileRow[];
    const update = this.db.prepare('UPDATE profiles SET data = ? WHERE id = ?');
    for (const r of rows) {
      const p = toProfile(r);
      const { stored, secrets } = splitProfileSecrets(p);
      if (Object.keys(secrets).length === 0) continue;
      this.secrets.put(NS, r.id, { ...this.secrets.get<ProfileSecrets>(NS, r.id), ...secrets });
      const { name: _name, id: _id, createdAt: _c, updatedAt: _u, ...data } = stored as Profile;
      // The old value must not linger in a freed page of the file.
      this.db.pragma('secure_delete = ON');
      update.run(JSON.stringify(data), r.id);
    }
  }

  createMany(inputs: readonly ProfileInput[]): Profile[] {
    return this.db.transaction(() => inputs.map((p) => this.create(p)))();
  }
}
