// Packs package.json without its scripts: `trim` (the last step of prepack) sets the repository's package.json aside
// and writes it again without "scripts"; `restore` (postpack) puts the original back, byte for byte.
// Every script of ours runs a file under scripts/ or a dev tool (tsc, vite, vitest, eslint), and the tarball ships
// neither: an installed mcpscope whose package.json offered `npm start` or `npm test` would offer commands that fail
// with a missing module. npm has no field for what the packed manifest leaves out, but it packs the package.json that
// is on disk once prepack has run, and runs postpack with the scripts it read before prepack (libnpmpack): so the
// tarball gets the trimmed file and the working tree gets its own back. `npm publish` reads the manifest again after
// postpack for the registry's metadata, which so keeps the scripts (they run nowhere from there).
// A pack that fails between the two (the tarball cannot be written) leaves the trimmed file in place: `git diff` shows
// it, and `node scripts/pack-manifest.mjs restore` puts the original back. scripts/package-smoke.mjs checks both ends.
//   node scripts/pack-manifest.mjs trim|restore
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const manifest = join(root, 'package.json');
/** Under node_modules: never packed, never committed, and there whenever a build could run. */
const aside = join(root, 'node_modules', '.cache', 'mcpscope-pack', 'package.json');

/** What the packed package.json leaves out. */
const UNPACKED_FIELDS = ['scripts'];

const step = process.argv[2];
if (step === 'trim') {
  const text = readFileSync(manifest, 'utf8');
  const pkg = JSON.parse(text);
  if (pkg.scripts === undefined && existsSync(aside)) {
    // The last pack failed after trimming: what is on disk is the trimmed file, the original is the one set aside.
    console.error(`pack-manifest: package.json has no scripts and ${aside} holds the original: run \`node scripts/pack-manifest.mjs restore\` first`);
    process.exit(1);
  }
  mkdirSync(dirname(aside), { recursive: true });
  copyFileSync(manifest, aside);
  for (const field of UNPACKED_FIELDS) delete pkg[field];
  writeFileSync(manifest, `${JSON.stringify(pkg, null, 2)}\n`);
} else if (step === 'restore') {
  if (!existsSync(aside)) {
    console.error('pack-manifest: nothing set aside to restore (package.json is as it was)');
    process.exit(0);
  }
  copyFileSync(aside, manifest);
  rmSync(aside);
} else {
  console.error('usage: node scripts/pack-manifest.mjs trim|restore');
  process.exit(2);
}
