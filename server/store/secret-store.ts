// The one place real secret values live at rest: a 0600 JSON file in the data dir, apart from the recordings, holding
// what a saved profile needs to start its server (and whatever else a feature files under a namespace of its own).
// Threat: credentials in the SQLite store, which is exported, copied and attached to bug reports; the store holds masks.
import { PrivateJsonFile } from './locked-files.js';

const SECRETS_FILE = 'secrets.json';

interface SecretsFile {
  version: 1;
  /** namespace → key → value. */
  entries: Record<string, Record<string, unknown>>;
}

const isSecretsFile = (v: unknown): v is SecretsFile =>
  typeof v === 'object' &&
  v !== null &&
  (v as SecretsFile).version === 1 &&
  typeof (v as SecretsFile).entries === 'object' &&
  (v as SecretsFile).entries !== null;

export class SecretStore {
  private readonly file: PrivateJsonFile<SecretsFile>;

  /** `dataDir` null keeps the values in memory only (an in-memory recorder, in tests). */
  constructor(dataDir: string | null) {
    this.file = new PrivateJsonFile(dataDir, SECRETS_FILE, () => ({ version: 1, entries: {} }), isSecretsFile);
  }

  get<T>(namespace: string, key: string): T | undefined {
    return this.file.read().entries[namespace]?.[key] as T | undefined;
  }

  /** Stores `value` under namespace/key; undefined (or an empty object) removes the entry. */
  put(namespace: string, key: string, value: unknown): void {
    const empty = value === undefined || (typeof value === 'object' && value !== null && Object.keys(value).length === 0);
    this.file.update((file) => {
      const ns = (file.entries[namespace] ??= {});
      if (empty) {
        if (!(key in ns)) return false;
        delete ns[key];
      } else ns[key] = value;
    });
  }
}
