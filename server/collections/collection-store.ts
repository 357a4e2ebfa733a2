// Keeps the page's collections: one JSON file per collection in <data dir>/collections/ (0600, written atomically), or
// in memory for a relay without a data dir. Threat model: a collection holds calls a person saved, which may carry
// values they typed (a token in params); so the files are the user's alone, like the rest of the data dir, and every
// file read back is parsed by the collection schema (a damaged or foreign file is skipped, never trusted).
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { CollectionSchema, type Collection, type CollectionSummary, type StoredCollection } from '../../shared/collections/collection-schema.js';
import { RelayError } from '../errors.js';
import { ensurePrivateDir, writePrivateFile } from '../private-files.js';

const ID = /^[a-z0-9]{12}$/;

export class CollectionStore {
  private readonly memory = new Map<string, StoredCollection>();
  private readonly dir: string | null;

  constructor(dataDir: string | null) {
    this.dir = dataDir === null ? null : join(dataDir, 'collections');
  }

  list(): CollectionSummary[] {
    return this.all()
      .map((s) => ({ id: s.id, name: s.collection.name, steps: s.collection.steps.length, updatedAt: s.updatedAt }))
      .sort((a, b) => a.name.localeCompare(b.name) || a.updatedAt - b.updatedAt);
  }

  get(id: string): StoredCollection {
    const found = ID.test(id) ? this.read(id) : null;
    if (found === null) throw new RelayError('NOT_FOUND', `no collection ${JSON.stringify(id)}`);
    return found;
  }

  create(collection: Collection): StoredCollection {
    return this.write(
      randomBytes(9)
        .toString('base64url')
        .toLowerCase()
        .replace(/[^a-z0-9]/g, '0')
        .slice(0, 12),
      collection,
    );
  }

  update(id: string, collection: Collection): StoredCollection {
    this.get(id);
    return this.write(id, collection);
  }

  delete(id: string): void {
    this.get(id);
    this.memory.delete(id);
    if (this.dir !== null) rmSync(join(this.dir, `${id}.json`), { force: true });
  }

  private write(id: string, collection: Collection): StoredCollection {
    const stored: StoredCollection = { id, collection, updatedAt: Date.now() };
    if (this.dir === null) this.memory.set(id, stored);
    else {
      ensurePrivateDir(this.dir);
      writePrivateFile(join(this.dir, `${id}.json`), `${JSON.stringify({ ...collection, updatedAt: stored.updatedAt }, null, 2)}\n`);
    }
    return stored;
  }

  private read(id: string): StoredCollection | null {
    if (this.dir === null) return this.memory.get(id) ?? null;
    const file = join(this.dir, `${id}.json`);
    if (!existsSync(file)) return null;
    try {
      const { updatedAt, ...rest } = JSON.parse(readFileSync(file, 'utf8')) as { updatedAt?: unknown };
      const parsed = CollectionSchema.safeParse(rest);
      return parsed.success ? { id, collection: parsed.data, updatedAt: typeof updatedAt === 'number' ? updatedAt : 0 } : null;
    } catch {
      return null;
    }
  }

  private all(): StoredCollection[] {
    if (this.dir === null) return [...this.memory.values()];
    if (!existsSync(this.dir)) return [];
    return readdirSync(this.dir)
      .map((f) => /^([a-z0-9]{12})\.json$/.exec(f)?.[1])
      .flatMap((id) => (id === undefined ? [] : [this.read(id)].filter((s): s is StoredCollection => s !== null)));
  }
}
