// The data directory and the files in it are the user's alone: recordings hold traffic, the secrets file credentials.
// Threat: another local account reading sessions, tokens or confirmed recipes (umask 022 would make them world-readable).
// The lock several processes change such a file under is store/locked-files.ts: proper-lockfile loads only with it, not
// with the store and the process table the relay opens before its ready line.
import { chmodSync, closeSync, existsSync, fsyncSync, mkdirSync, openSync, readdirSync, renameSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';

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
