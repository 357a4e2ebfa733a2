// Builds the parts of mcpscope whose sources changed since their build (scripts/build-stamp.mjs), so `npm start` and the
// tests that run dist/ never run stale code. `node scripts/ensure-built.js [server] [web] [share]` (no part: all three);
// a no-op of a few milliseconds when current.
// It says what it is doing in a few lines; the compilers' own output is shown only when a step fails.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { SOURCES, snapshot, staleParts, writeStamp } from './build-stamp.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * Each part: how it is built (the same steps as `npm run build`, run through node directly so no npm banner or bundler
 * table reaches the terminal). What it is built from, and whether that changed since, is the build stamp's to say
 * (scripts/build-stamp.mjs): a stat of each file it names, where a walk of the trees cost a start 30–100 ms.
 */
const PARTS = {
  server: {
    what: 'the relay',
    steps: [['node_modules/typescript/bin/tsc', '-b', 'tsconfig.server.json'], ['scripts/bundle-server.mjs']],
  },
  web: {
    what: 'the web UI',
    steps: [['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'error']],
  },
  // The share file's viewer (`mcpscope export --html` writes it with a recording inside): the UI's second entry.
  share: {
    what: 'the share viewer',
    steps: [['node_modules/vite/bin/vite.js', 'build', '--config', 'vite.share.config.ts', '--logLevel', 'error']],
  },
};

/** Builds the parts of `asked` (all when empty) that are stale; exits the process when a build fails. */
export function ensureBuilt(asked) {
  for (const part of asked) {
    if (!PARTS[part] || !SOURCES[part]) {
      console.error(`ensure-built: unknown part "${part}" (server, web, share)`);
      process.exit(2);
    }
  }
  for (const part of staleParts(asked.length > 0 ? asked : Object.keys(PARTS))) {
    const step = PARTS[part];
    const started = Date.now();
    const sources = snapshot([part]);
    console.error(`mcpscope: building ${step.what} (its sources changed since dist/ was built)…`);
    for (const args of step.steps) {
      // NODE_ENV from the caller (vitest sets it to "test") would make Vite build React's development code: a viewer of
      // 1,043 kB instead of 794 kB, and a slower page, for every e2e test and bench that then uses dist/.
      const r = spawnSync(process.execPath, args, {
        cwd: root,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
        env: { ...process.env, NODE_ENV: 'production' },
      });
      if (r.status !== 0) {
        process.stderr.write(`${r.stdout ?? ''}${r.stderr ?? ''}`);
        console.error(`mcpscope: building ${step.what} failed${r.error ? `: ${r.error.message}` : ''}`);
        process.exit(1);
      }
    }
    writeStamp(sources);
    console.error(`mcpscope: built ${step.what} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureBuilt(process.argv.slice(2));
