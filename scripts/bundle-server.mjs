// Bundles the compiled relay and CLI (dist/server, dist/shared, from `tsc -b tsconfig.server.json`) and the packages
// they use into dist/bundle/, which bin/mcpscope.js runs: one folder of chunks instead of ~250 ES modules and Express's
// ~100 CommonJS files, each found, read and compiled on its own. A relay then starts on 0.66× the CPU
// (docs/development.md, "The bundled relay"). The dynamic imports stay chunks of their own, so `--help`, `call` and
// `tap` still load neither zod nor Express (test/integration/cli-start-modules.test.ts reads dist/bundle/modules.json,
// written here: each chunk's source modules).
// The demo server (dist/demo/demo-server.js, with the MCP SDK and zod) becomes one file, dist/bundle/demo-server.js,
// which `mcpscope --demo` and the tests start: 0.50× the CPU to its ready line.
// `node scripts/bundle-server.mjs` (part of `npm run build:server`; scripts/ensure-built.js runs it when stale).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = join(root, 'dist', 'bundle');

/**
 * The entry points: the CLI, and each worker thread's module. A worker is started by a URL relative to the module that
 * starts it (`new URL('./frame-writer-worker.js', import.meta.url)`), and in the bundle that module is a chunk in
 * dist/bundle itself: so every worker sits there under its own name, the tap's too (dist/server/tap/ before).
 */
const ENTRIES = {
  cli: 'dist/server/cli.js',
  'frame-writer-worker': 'dist/server/frame-writer-worker.js',
  'window-scan-worker': 'dist/server/window-scan-worker.js',
  'recorder-lint-worker': 'dist/server/recorder-lint-worker.js',
  'tap-recorder-worker': 'dist/server/tap/tap-recorder-worker.js',
};

/**
 * Left to Node's own loading: better-sqlite3 loads a native addon from its package folder, and `open` runs the
 * xdg-open script it ships beside its module.
 */
const EXTERNAL = ['better-sqlite3', 'open'];

/** What both builds share: Node ES modules in dist/bundle, each entry under its own name. */
const COMMON = { cwd: root, platform: 'node', logLevel: 'warn', write: true };
const OUTPUT = { dir: out, format: 'esm', entryFileNames: '[name].js' };

rmSync(out, { recursive: true, force: true });
const relay = await build({
  ...COMMON,
  input: Object.fromEntries(Object.entries(ENTRIES).map(([name, file]) => [name, join(root, file)])),
  external: EXTERNAL,
  output: { ...OUTPUT, chunkFileNames: '[name]-[hash].js' },
});
// A program on its own, one file: it shares nothing with the relay at run time (it runs in a process of its own).
const demo = await build({ ...COMMON, input: { 'demo-server': join(root, 'dist/demo/demo-server.js') }, output: { ...OUTPUT, codeSplitting: false } });

/** Each chunk's source modules, relative to the package ("dist/server/app.js", "node_modules/zod/…"). */
const modules = {};
for (const chunk of [...relay.output, ...demo.output]) {
  if (chunk.type !== 'chunk') continue;
  modules[chunk.fileName] = chunk.moduleIds.filter((id) => !id.startsWith('\0')).map((id) => relative(root, id).replaceAll('\\', '/'));
}
mkdirSync(out, { recursive: true });
writeFileSync(join(out, 'modules.json'), `${JSON.stringify(modules, null, 1)}\n`);
