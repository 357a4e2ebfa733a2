// Builds mcpscope when dist/ is missing or older than any source file, so `npm start` always runs current code.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
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

const builtAt = outputs.every((p) => existsSync(p)) ? Math.min(...outputs.map((p) => statSync(p).mtimeMs)) : 0;
const changedAt = Math.max(...sources.map((s) => newest(join(root, s))));
if (builtAt < changedAt) {
  console.error('mcpscope: building…');
  execSync('npm run build', { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
}
