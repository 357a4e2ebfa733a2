// The files `mcpscope wrap` writes: a host's config, replaced atomically through any symlink with its mode and owner
// kept, and the record beside it of what the wrap changed, which `--undo` reads back.
// Threat: a host config is the user's, often a symlink into a dotfiles repository, and a host may read it at any moment:
// a half-written file, a link replaced by a copy, a mode widened by our umask or a record file tampered with must not
// cost the user a working config. The record is read back as data (a schema, every text one JSON value).
import { randomBytes } from 'node:crypto';
import { chownSync, closeSync, existsSync, fchmodSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { z } from 'zod';
import { parseJsonc } from '../../shared/profiles/jsonc.js';
import { WrapRecordSchema, type WrapRecord } from '../../shared/profiles/wrap-config.js';

/**
 * Writes `text` over the file at `path` (a real path: resolve links first) so a reader sees the old file or the new one,
 * never half: a temporary file in the same folder (a rename does not cross file systems), flushed, then renamed over it.
 * It takes the old file's mode, and its owner when this runs as root (a `sudo mcpscope wrap` must not hand the user's
 * config to root). On failure the temporary file is removed and the old file is as it was.
 */
export function replaceFile(path: string, text: string, like: string = path): void {
  const st = statSync(like);
  const tmp = join(dirname(path), `.${basename(path)}.mcpscope-${randomBytes(4).toString('hex')}.tmp`);
  const fd = openSync(tmp, 'wx', st.mode & 0o7777);
  try {
    try {
      // openSync's mode is masked by the umask (0664 would come out 0644): say it again.
      if (process.platform !== 'win32') fchmodSync(fd, st.mode & 0o7777);
      writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    if (process.getuid?.() === 0 && (st.uid !== 0 || st.gid !== 0)) chownSync(tmp, st.uid, st.gid);
    renameSync(tmp, path);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  }
}

/** The record file: what `mcpscope wrap` changed, per server, in the config beside it. */
const StateSchema = z.object({
  mcpscopeWrap: z.literal(1),
  note: z.string().optional(),
  servers: z.array(WrapRecordSchema),
});

/** Where the record of `config` (a real path) lives: beside it, whichever link the user named. */
export const statePath = (config: string): string => `${config}.mcpscope-backup`;

/** The records in `file`, or null when there is none; throws an Error saying why when it is not a record this can use. */
export function readState(file: string): WrapRecord[] | null {
  if (!existsSync(file)) return null;
  let raw: unknown;
  try {
    // parseJsonc: an older mcpscope's whole copy of a JSONC config must be recognised as such, not called broken.
    raw = parseJsonc(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`${file} is not JSON (${(err as Error).message}); move it away if it is not mcpscope's`, { cause: err });
  }
  const parsed = StateSchema.safeParse(raw);
  if (parsed.success) return parsed.data.servers;
  if (typeof raw === 'object' && raw !== null && !('mcpscopeWrap' in raw)) {
    throw new Error(`${file} is a whole copy of the config, as an older mcpscope kept it: compare the two and copy back what you need, then remove it`);
  }
  throw new Error(
    `${file} is not a record of mcpscope wrap this can read: ${parsed.error.issues[0]?.message ?? 'unknown shape'} at ${parsed.error.issues[0]?.path.join('.') ?? ''}`,
  );
}

/** Writes the records for `config`, with the config's mode (the original args it keeps may hold what the config holds). */
export function writeState(config: string, records: WrapRecord[]): void {
  const file = statePath(config);
  const doc = { mcpscopeWrap: 1, note: `What mcpscope wrap changed in ${basename(config)}; \`mcpscope wrap <file> --undo\` puts it back.`, servers: records };
  replaceFile(file, `${JSON.stringify(doc, null, 2)}\n`, config);
}
