// The data dir's small shared files (confirmed recipes, secrets, tokens) changed under a lock, so several processes on one
// data dir (a relay, `mcpscope replay`, `call`) keep each other's entries. Threat: two writers each writing back what
// they read, one dropping the other's entry (a confirmed recipe found missing a moment later). Apart from
// private-files.ts so that proper-lockfile (and graceful-fs, which it loads) is not loaded before the relay's ready line.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lockSync } from 'proper-lockfile';
import { ensurePrivateDir, writePrivateFile } from '../private-files.js';

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
