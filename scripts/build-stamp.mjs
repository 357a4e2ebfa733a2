// The build's stamp: the mtime of every source file and folder each part of dist/ was built from, written by the build
// and compared on start, so that `npm start` knows in milliseconds whether dist/ is current (stats of the files it
// names, no walk of the tree, no compiler run). A folder's mtime changes when an entry is added, removed or renamed in
// it, a file's when it is written: either makes the part stale. `node scripts/build-stamp.mjs <part>…` writes the stamp
// of those parts (the last step of `npm run build:server` / `build:web`, and of scripts/ensure-built.js's builds).
import { mkdirSync, readFileSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CONFIG = ['package.json', 'tsconfig.base.json'];
/** Outside dist/, so the package never ships it, and gone with node_modules (a fresh install builds once). */
const stampOf = (root) => join(root, 'node_modules', '.cache', 'mcpscope-build', 'stamp.json');

/** What each part is built from (files or folders, walked whole), and a file its build always writes. */
export const SOURCES = {
  server: { sources: ['server', 'shared', 'demo', 'scripts/bundle-server.mjs', 'tsconfig.server.json', ...CONFIG], output: 'dist/bundle/cli.js' },
  web: { sources: ['web', 'shared', 'vite.config.ts', ...CONFIG], output: 'dist/web/index.html' },
  share: { sources: ['web', 'shared', 'vite.config.ts', 'vite.share.config.ts', ...CONFIG], output: 'dist/share/viewer.html' },
};

/** Every file and folder under `rel` (itself included) with its mtime, paths relative to the root. */
function walk(root, rel, files, dirs) {
  const st = statSync(join(root, rel), { throwIfNoEntry: false });
  if (!st) return;
  if (!st.isDirectory()) {
    files[rel] = st.mtimeMs;
    return;
  }
  dirs[rel] = st.mtimeMs;
  for (const name of readdirSync(join(root, rel))) walk(root, `${rel}/${name}`, files, dirs);
}

function readStamp(root) {
  try {
    const s = JSON.parse(readFileSync(stampOf(root), 'utf8'));
    return s && s.version === 1 && typeof s.parts === 'object' ? s : null;
  } catch {
    return null;
  }
}

/** The sources of `parts` as they are now: taken before a build, so an edit made while it runs counts as newer. */
export function snapshot(parts, root = ROOT) {
  const out = {};
  for (const part of parts) {
    const files = {};
    const dirs = {};
    for (const s of SOURCES[part].sources) walk(root, s, files, dirs);
    out[part] = { files, dirs };
  }
  return out;
}

/** Records a snapshot's parts as built: call it once their build succeeded. */
export function writeStamp(snap, root = ROOT) {
  const stamp = readStamp(root) ?? { version: 1, parts: {} };
  Object.assign(stamp.parts, snap);
  const STAMP = stampOf(root);
  mkdirSync(join(STAMP, '..'), { recursive: true });
  // Written whole then renamed: a start that reads it meanwhile sees the old stamp or the new, never half of one.
  const tmp = `${STAMP}.${process.pid}`;
  writeFileSync(tmp, JSON.stringify(stamp));
  renameSync(tmp, STAMP);
}

/**
 * The parts of `parts` whose build is missing, unstamped, or older than their sources: a file or folder whose mtime is
 * not the one stamped (written, or an entry added or removed), or one stamped and gone. One stat per file and folder.
 */
export function staleParts(parts, root = ROOT) {
  const mtime = (rel) => statSync(join(root, rel), { throwIfNoEntry: false })?.mtimeMs;
  const stamp = readStamp(root);
  const seen = new Map();
  const changed = (rel, was) => {
    let now = seen.get(rel);
    if (now === undefined) seen.set(rel, (now = mtime(rel) ?? -1));
    return now !== was;
  };
  return parts.filter((part) => {
    const s = stamp?.parts[part];
    if (!s || mtime(SOURCES[part].output) === undefined) return true;
    for (const rel in s.dirs) if (changed(rel, s.dirs[rel])) return true;
    for (const rel in s.files) if (changed(rel, s.files[rel])) return true;
    // A source the stamp never saw (a config file created since): its folder's mtime says so, but not for the root's.
    return SOURCES[part].sources.some((rel) => !(rel in s.files) && !(rel in s.dirs) && mtime(rel) !== undefined);
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const parts = process.argv.slice(2);
  const unknown = parts.find((p) => !(p in SOURCES));
  if (unknown !== undefined || parts.length === 0) {
    console.error(`build-stamp: name the parts to stamp (${Object.keys(SOURCES).join(', ')})${unknown ? `; unknown: "${unknown}"` : ''}`);
    process.exit(2);
  }
  writeStamp(snapshot(parts));
}
