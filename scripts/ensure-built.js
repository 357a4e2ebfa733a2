// Builds the parts of mcpscope whose sources are newer than their build, so `npm start` and the tests that run dist/
// never run stale code. `node scripts/ensure-built.js [server] [web]` (no part: both); a fast no-op when current.
import { execSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

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
  if (!PARTS[part]) {
    console.error(`ensure-built: unknown part "${part}" (server, web)`);
    process.exit(2);
  }
  if (!isStale(part)) continue;
  console.error(`mcpscope: building ${part} (its sources are newer than dist/)…`);
  execSync(`npm run ${PARTS[part].script}`, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
}
