// Builds the parts of mcpscope whose sources are newer than their build, so `npm start` and the tests that run dist/
// never run stale code. `node scripts/ensure-built.js [server] [web]` (no part: both); a fast no-op when current.
// It says what it is doing in a few lines; the compilers' own output is shown only when a step fails.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const CONFIG = ['package.json', 'tsconfig.base.json'];

/**
 * Each part: how it is built (the same steps as `npm run build`, run through node directly so no npm banner or bundler
 * table reaches the terminal), what from, and the file its build always rewrites: tsc -b writes each project's build
 * info whenever it looked at newer sources (even when no output changed); scripts/bundle-server.mjs empties
 * dist/bundle and writes cli.js; Vite empties dist/web and writes index.html.
 */
const PARTS = {
  server: {
    what: 'the relay',
    steps: [['node_modules/typescript/bin/tsc', '-b', 'tsconfig.server.json'], ['scripts/bundle-server.mjs']],
    checks: [
      { sources: ['shared', ...CONFIG], stamp: 'dist/shared/tsconfig.tsbuildinfo' },
      { sources: ['server', 'demo', 'tsconfig.server.json', ...CONFIG], stamp: 'dist/tsconfig.server.tsbuildinfo' },
      // The bundle is rewritten whole on every build (bin/mcpscope.js runs it).
      { sources: ['server', 'shared', 'scripts/bundle-server.mjs', ...CONFIG], stamp: 'dist/bundle/cli.js' },
    ],
  },
  web: {
    what: 'the web UI',
    steps: [['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'error']],
    checks: [{ sources: ['web', 'shared', 'vite.config.ts', ...CONFIG], stamp: 'dist/web/index.html' }],
  },
  // The share file's viewer (`mcpscope export --html` writes it with a recording inside): the UI's second entry.
  share: {
    what: 'the share viewer',
    steps: [['node_modules/vite/bin/vite.js', 'build', '--config', 'vite.share.config.ts', '--logLevel', 'error']],
    checks: [{ sources: ['web', 'shared', 'vite.config.ts', 'vite.share.config.ts', ...CONFIG], stamp: 'dist/share/viewer.html' }],
  },
};

function newest(path) {
  const st = statSync(path, { throwIfNoEntry: false });
  if (!st) return 0;
  if (!st.isDirectory()) return st.mtimeMs;
  let max = 0;
  for (const name of readdirSync(path)) max = Math.max(max, newest(join(path, name)));
  return max;
}

/** True when a part's build is missing or older than any of its sources. */
function isStale(part) {
  return PARTS[part].checks.some(({ sources, stamp }) => {
    const built = statSync(join(root, stamp), { throwIfNoEntry: false })?.mtimeMs ?? 0;
    return built < Math.max(...sources.map((s) => newest(join(root, s))));
  });
}

const asked = process.argv.slice(2);
for (const part of asked.length > 0 ? asked : Object.keys(PARTS)) {
  const step = PARTS[part];
  if (!step) {
    console.error(`ensure-built: unknown part "${part}" (server, web, share)`);
    process.exit(2);
  }
  if (!isStale(part)) continue;
  const started = Date.now();
  console.error(`mcpscope: building ${step.what} (its sources are newer than dist/)…`);
  for (const args of step.steps) {
    // NODE_ENV from the caller (vitest sets it to "test") would make Vite build React's development code: a viewer of
    // 1,043 kB instead of 794 kB, and a slower page, for every e2e test and bench that then uses dist/.
    const r = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: { ...process.env, NODE_ENV: 'production' } });
    if (r.status !== 0) {
      process.stderr.write(`${r.stdout ?? ''}${r.stderr ?? ''}`);
      console.error(`mcpscope: building ${step.what} failed${r.error ? `: ${r.error.message}` : ''}`);
      process.exit(1);
    }
  }
  // tsc -b leaves a project's build info alone when none of its own inputs changed (package.json, for one, is not one):
  // the stamps are marked now, or every later run would find the part stale again and rebuild it for nothing.
  const now = new Date();
  for (const { stamp } of step.checks) {
    if (statSync(join(root, stamp), { throwIfNoEntry: false })) utimesSync(join(root, stamp), now, now);
  }
  console.error(`mcpscope: built ${step.what} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}
