<<<<<<< HEAD
// Builds the parts of mcpscope whose sources are newer than their build, so `npm start` and the tests that run dist/
// never run stale code. `node scripts/ensure-built.js [server] [web]` (no part: both); a fast no-op when current.
import { execSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
=======
// Builds mcpscope when dist/ is missing or older than any source file, so `npm start` always runs current code.
// It says what it is doing in a few lines; the compilers' own output is shown only when a step fails.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
>>>>>>> main
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

<<<<<<< HEAD
const root = new URL('..', import.meta.url).pathname;
const CONFIG = ['package.json', 'tsconfig.base.json'];

/**
 * Each part: what it is built from and the file its build always rewrites. tsc -b writes each project's build info
 * whenever it looked at newer sources (even when no output changed); Vite empties dist/web and writes index.html anew.
 */
const PARTS = {
  server: {
    script: 'build:server',
    checks: [
      { sources: ['shared', ...CONFIG], stamp: 'dist/shared/tsconfig.tsbuildinfo' },
      { sources: ['server', 'demo', 'tsconfig.server.json', ...CONFIG], stamp: 'dist/tsconfig.server.tsbuildinfo' },
    ],
  },
  web: {
    script: 'build:web',
    checks: [{ sources: ['web', 'shared', 'vite.config.ts', ...CONFIG], stamp: 'dist/web/index.html' }],
  },
};
=======
const root = fileURLToPath(new URL('..', import.meta.url));
const outputs = ['dist/server/cli.js', 'dist/demo/demo-server.js', 'dist/web/index.html'].map((p) => join(root, p));
const sources = ['server', 'shared', 'web', 'demo', 'vite.config.ts', 'tsconfig.server.json', 'package.json'];
>>>>>>> main

function newest(path) {
  const st = statSync(path, { throwIfNoEntry: false });
  if (!st) return 0;
  if (!st.isDirectory()) return st.mtimeMs;
  let max = 0;
  for (const name of readdirSync(path)) max = Math.max(max, newest(join(path, name)));
  return max;
}

<<<<<<< HEAD
/** True when a part's build is missing or older than any of its sources. */
function isStale(part) {
  return PARTS[part].checks.some(({ sources, stamp }) => {
    const built = statSync(join(root, stamp), { throwIfNoEntry: false })?.mtimeMs ?? 0;
    return built < Math.max(...sources.map((s) => newest(join(root, s))));
  });
}

const asked = process.argv.slice(2);
for (const part of asked.length > 0 ? asked : Object.keys(PARTS)) {
  if (!PARTS[part]) {
    console.error(`ensure-built: unknown part "${part}" (server, web)`);
    process.exit(2);
  }
  if (!isStale(part)) continue;
  console.error(`mcpscope: building ${part} (its sources are newer than dist/)…`);
  execSync(`npm run ${PARTS[part].script}`, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
=======
// The same steps as `npm run build`, run through node directly so no npm banner or bundler table reaches the terminal.
const steps = [
  ['the relay', ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.server.json']],
  ['the web UI', ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'error']],
];

const builtAt = outputs.every((p) => existsSync(p)) ? Math.min(...outputs.map((p) => statSync(p).mtimeMs)) : 0;
const changedAt = Math.max(...sources.map((s) => newest(join(root, s))));
if (builtAt < changedAt) {
  const started = Date.now();
  for (const [what, args] of steps) {
    console.error(`mcpscope: building ${what}…`);
    const r = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    if (r.status !== 0) {
      process.stderr.write(`${r.stdout ?? ''}${r.stderr ?? ''}`);
      console.error(`mcpscope: building ${what} failed${r.error ? `: ${r.error.message}` : ''}`);
      process.exit(1);
    }
  }
  console.error(`mcpscope: built in ${((Date.now() - started) / 1000).toFixed(0)} s`);
>>>>>>> main
}
