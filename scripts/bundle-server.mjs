// Bundles the compiled relay and CLI (dist/server, dist/shared, from `tsc -b tsconfig.server.json`) and the packages
// they use into dist/bundle/, which bin/mcpscope.js runs: one folder of chunks instead of ~250 ES modules and Express's
// ~100 CommonJS files, each found, read and compiled on its own. A relay then starts on 0.66× the CPU
// (docs/development.md, "The bundled relay"). The dynamic imports stay chunks of their own, so `--help`, `call` and
// `tap` still load neither zod nor Express (test/integration/cli-start-modules.test.ts reads dist/bundle/modules.json,
// written here: each chunk's source modules).
// The demo server (dist/demo/demo-server.js, with the MCP SDK and zod) becomes one file, dist/bundle/demo-server.js,
// which `mcpscope --demo` and the tests start: 0.50× the CPU to its ready line.
// Each chunk has a source map beside it, leading to the TypeScript (the tsc-source-maps plugin below).
// `node scripts/bundle-server.mjs` (part of `npm run build:server`; scripts/ensure-built.js runs it when stale).
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = join(root, 'dist', 'bundle');

/**
 * The entry points: the CLI, and each worker thread's module. A worker is started by a URL relative to the module that
 * starts it (`new URL('./frame-writer-worker.js', import.meta.url)`), and in the bundle that module is a chunk in
 * dist/bundle itself: so every worker sits there under its own name, whichever room of dist/server it comes from
 * (store/, tap/).
 */
const ENTRIES = {
  cli: 'dist/server/cli.js',
  'frame-writer-worker': 'dist/server/store/frame-writer-worker.js',
  'window-scan-worker': 'dist/server/store/window-scan-worker.js',
  'recorder-lint-worker': 'dist/server/store/recorder-lint-worker.js',
  'tap-recorder-worker': 'dist/server/tap/tap-recorder-worker.js',
};

/**
 * Left to Node's own loading: better-sqlite3 loads a native addon from its package folder. It is the package's one
 * runtime dependency: everything else the relay and the CLI use is in the bundle, so it is a devDependency.
 */
const EXTERNAL = ['better-sqlite3'];

/**
 * Each chunk gets a map, shipped beside it (docs/development.md, "What the package ships"). tsc's output carries a map
 * to the TypeScript it came from (dist/server/cli.js.map → server/cli.ts), without the text; handing rolldown that map
 * with the text filled in makes the bundle's maps point at the .ts files and carry them, so a stack trace read through
 * them (node --enable-source-maps) names server/cli.ts and its line, on a machine that has only the package.
 */
const tscMaps = {
  name: 'tsc-source-maps',
  load(id) {
    if (!id.startsWith(join(root, 'dist')) || !existsSync(`${id}.map`)) return null;
    const map = JSON.parse(readFileSync(`${id}.map`, 'utf8'));
    map.sourcesContent = map.sources.map((s) => readFileSync(resolve(dirname(id), map.sourceRoot ?? '', s), 'utf8'));
    return { code: readFileSync(id, 'utf8'), map };
  },
};

/**
 * jsonc-parser's `main` is a UMD module that requires its parts through a parameter, which no bundler can follow (the
 * chunk would require ./impl/format at run time, from dist/bundle); its ES build (`module`) bundles like any other.
 */
const ALIAS = { 'jsonc-parser': join(root, 'node_modules/jsonc-parser/lib/esm/main.js') };

/** What both builds share: Node ES modules in dist/bundle, each entry under its own name. */
const COMMON = { cwd: root, platform: 'node', logLevel: 'warn', write: true, plugins: [tscMaps], resolve: { alias: ALIAS } };
const OUTPUT = { dir: out, format: 'esm', entryFileNames: '[name].js', sourcemap: true };

rmSync(out, { recursive: true, force: true });
const relay = await build({
  ...COMMON,
  input: Object.fromEntries(Object.entries(ENTRIES).map(([name, file]) => [name, join(root, file)])),
  external: EXTERNAL,
  output: { ...OUTPUT, chunkFileNames: '[name]-[hash].js' },
});
// A program on its own, one file: it shares nothing with the relay at run time (it runs in a process of its own).
const demo = await build({ ...COMMON, input: { 'demo-server': join(root, 'dist/demo/demo-server.js') }, output: { ...OUTPUT, codeSplitting: false } });

/** Each chunk's source modules, relative to the package ("dist/server/relay/app.js", "node_modules/zod/…"). */
const modules = {};
for (const chunk of [...relay.output, ...demo.output]) {
  if (chunk.type !== 'chunk') continue;
  modules[chunk.fileName] = chunk.moduleIds.filter((id) => !id.startsWith('\0')).map((id) => relative(root, id).replaceAll('\\', '/'));
}

/**
 * The packages bundled in (Express, zod, the MCP SDK…) keep their place in the maps, so a trace still names their file
 * and line, but not their text: the chunk holds their code nearly as written, and their text would be 2.4 of the maps'
 * 5.5 MB (0.6 of 1.3 MB packed). Our own TypeScript, in no other file of the package, stays.
 */
for (const file of [...relay.output, ...demo.output].filter((o) => o.type === 'asset' && o.fileName.endsWith('.map')).map((o) => join(out, o.fileName))) {
  const map = JSON.parse(readFileSync(file, 'utf8'));
  map.sourcesContent = map.sources.map((source, i) => (source.includes('node_modules/') ? null : (map.sourcesContent?.[i] ?? null)));
  writeFileSync(file, JSON.stringify(map));
}

mkdirSync(out, { recursive: true });
writeFileSync(join(out, 'modules.json'), `${JSON.stringify(modules, null, 1)}\n`);
