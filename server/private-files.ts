// The data directory and the files in it are the user's alone: recordings hold traffic, the secrets file credentials.
// Threat: another local account reading sessions, tokens or confirmed recipes (umask 022 would make them world-readable).
import { chmodSync, closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, readdirSync, renameSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { lockSync } from 'proper-lockfile';

const DIR_MODE = 0o700;
const FILE_MODE = 0o600;

/** Creates `dir` (and parents) if needed and makes it 0700; on Windows the mode is not enforced (see docs/security.md). */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: DIR_MODE });
  chmodQuietly(dir, DIR_MODE);
}

/** Brings a data directory written by an older mcpscope (or under a loose umask) to 0700 and its files to 0600. */
export function tightenDataDir(dir: string): void {
  ensurePrivateDir(dir);
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const st = statSync(p, { throwIfNoEntry: false });
    if (st?.isFile()) chmodQuietly(p, FILE_MODE);
    else if (st?.isDirectory()) chmodQuietly(p, DIR_MODE);
  }
}

/**
 * Writes `text` to `path` with mode 0600, atomically (a temporary file renamed over it), so a reader never sees half.
 * Not write-file-atomic: its version for Node 20 names the temporary file from CommonJS's `__filename`, which the
 * bundled relay (ES modules) does not have, so every write threw there (test/integration/bundle-package.test.ts).
 * `durable` (the default) syncs the data to disk before the rename, so a power cut cannot leave an empty file where the
 * last one was: a file whose loss is safe (it would only ask again) may skip that, since a sync can take ~100 ms on a
 * busy disk.
 */
export function writePrivateFile(path: string, text: string, durable = true): void {
  const tmp = `${path}.${process.pid}.tmp`;
  const fd = openSync(tmp, 'w', FILE_MODE);
  try {
    writeSync(fd, text);
    if (durable) fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  // openSync's mode is masked by the umask on create; say it again.
  chmodQuietly(tmp, FILE_MODE);
  renameSync(tmp, path);
}

/**
 * Creates `path` empty with mode 0600 if it does not exist, so a library opening it later inherits the mode. True when
 * the file is empty (just created, or left empty): nothing in it yet to lose.
 */
export function touchPrivateFile(path: string): boolean {
  if (!existsSync(path)) closeSync(openSync(path, 'a', FILE_MODE));
  chmodQuietly(path, FILE_MODE);
  return statSync(path).size === 0;
}

function chmodQuietly(path: string, mode: number): void {
  if (process.platform === 'win32') return;
  try {
    chmodSync(path, mode);
  } catch {
    // Not ours to change (a shared mount): the files inside are still written 0600.
  }
}

/**
 * A small JSON document of the user's own (confirmed recipes, secrets), 0600 in the data dir, re-read on every access so
 * a relay and a `mcpscope` command on the same data dir see each other's writes; in memory when there is no data dir.
 */
export class PrivateJsonFile<T> {
  private memory: T;

  constructor(
    private readonly dataDir: string | null,
    private readonly name: string,
    private readonly empty: () => T,
    private readonly valid: (v: unknown) => v is T,
    /** Whether a write is synced to disk (writePrivateFile's `durable`). */
    private readonly durable = true,
  ) {
    this.memory = empty();
  }

  read(): T {
    if (!this.dataDir) return this.memory;
    try {
      const parsed: unknown = JSON.parse(readFileSync(join(this.dataDir, this.name), 'utf8'));
      if (this.valid(parsed)) return parsed;
    } catch {
      // Missing: nothing written yet. Damaged: nothing usable, and the next write replaces it.
    }
    return this.empty();
  }

  /**
   * Reads, changes and writes the document under a lock file, so two processes on one data dir (a relay and a
   * `mcpscope replay`, or three replays side by side) cannot each write back what they read and drop the other's
   * entry: a recipe confirmed by one was found missing by the same process a moment later. `change` returning false
   * leaves the file as it was.
   */
  update(change: (value: T) => boolean | void): void {
    if (!this.dataDir) {
      change(this.memory);
      return;
    }
    ensurePrivateDir(this.dataDir);
    const path = join(this.dataDir, this.name);
    withFileLock(path, () => {
      const value = this.read();
      if (change(value) !== false) writePrivateFile(path, `${JSON.stringify(value, null, 1)}\n`, this.durable);
    });
  }
}

/**
 * Runs `fn` (a read, a change and a write of `path`) holding the file's lock: how every data-dir file that several
 * processes change is changed.
 */
export function withFileLock(path: string, fn: () => void): void {
  const release = lockFile(path);
  try {
    fn();
  } finally {
    release();
  }
}

/** A lock older than this was left by a process that died holding it (proper-lockfile refreshes a held one's time). */
const STALE_LOCK_MS = 10_000;
/** How long a process waits for another's lock before it gives up: a holder keeps it for one read and one write. */
const LOCK_WAIT_MS = 30_000;

/**
 * Takes `path`'s lock (proper-lockfile: the directory `<path>.lock`, made atomically, taken over once stale) and returns
 * its release. Synchronous, as the reads and writes it guards are; proper-lockfile's synchronous lock does not retry, so
 * a held lock is tried again every 5 ms, the thread sleeping meanwhile (a wait of milliseconds, in a CLI command or a
 * relay route that changes a secret, never on the flood's path).
 */
export function lockFile(path: string): () => void {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  const until = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      return lockSync(path, { realpath: false, stale: STALE_LOCK_MS });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ELOCKED' || Date.now() > until) throw err;
    }
    Atomics.wait(pause, 0, 0, 5);
  }
}
