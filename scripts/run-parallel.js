// Runs npm scripts at the same time (the typecheck and the lint each keep one core busy) and prints each one's output
// whole once it ends, so nothing interleaves; exits non-zero when any failed. `node scripts/run-parallel.js a b`.
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const runs = names.map(
  (name) =>
    new Promise((resolve) => {
      const started = Date.now();
      const child = spawn(npm, ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'], shell: process.platform === 'win32' });
      let out = '';
      child.stdout.on('data', (c) => (out += c));
      child.stderr.on('data', (c) => (out += c));
      child.on('close', (code) => {
        const secs = ((Date.now() - started) / 1000).toFixed(1);
        process.stdout.write(`> ${name}: ${code === 0 ? 'ok' : `failed (exit ${code})`} in ${secs} s\n${out}`);
        resolve(code === 0);
      });
    }),
);

const ok = await Promise.all(runs);
process.exit(ok.every(Boolean) ? 0 : 1);
