// Builds mcpscope when dist/ is missing or older than any source file, so `npm start` always runs current code.
// It says what it is doing in a few lines; the compilers' own output is shown only when a step fails.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const outputs = ['dist/server/cli.js', 'dist/demo/demo-server.js', 'dist/web/index.html'].map((p) => join(root, p));
const sources = ['server', 'shared', 'web', 'demo', 'vite.config.ts', 'tsconfig.server.json', 'package.json'];

function newest(path) {
  const st = statSync(path, { throwIfNoEntry: false });
  if (!st) return 0;
  if (!st.isDirectory()) return st.mtimeMs;
  let max = 0;
  for (const name of readdirSync(path)) max = Math.max(max, newest(join(path, name)));
  return max;
}

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
}
