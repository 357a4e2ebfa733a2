// Runs npm scripts at the same time and exits non-zero when any failed (`node scripts/run-parallel.js a b [-- c]`).
// The scripts named before `--` print their output whole, so nothing interleaves: each once it ends, or, when a script
// is named after `--`, after that one. That one (at most one) prints as it goes: `npm test` runs the test suite that
// way with the typecheck and the lint beside it, and their verdicts come last, where a reader of the log looks.
import { spawn } from 'node:child_process';

const args = process.argv.slice(2);
const cut = args.indexOf('--');
const buffered = cut < 0 ? args : args.slice(0, cut);
const live = cut < 0 ? [] : args.slice(cut + 1);
if (live.length > 1) {
  console.error('run-parallel: at most one script after --');
  process.exit(2);
}
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Resolves to whether the script passed and what to print about it (nothing for the live one, printed already). */
function run(name, streamed) {
  return new Promise((resolve) => {
    const started = Date.now();
    const out = streamed ? 'inherit' : 'pipe';
    const child = spawn(npm, ['run', '--silent', name], { stdio: ['ignore', out, out], shell: process.platform === 'win32' });
    let text = '';
    child.stdout?.on('data', (c) => (text += c));
    child.stderr?.on('data', (c) => (text += c));
    child.on('close', (code) => {
      const secs = ((Date.now() - started) / 1000).toFixed(1);
      const report = `> ${name}: ${code === 0 ? 'ok' : `failed (exit ${code})`} in ${secs} s\n${text}`;
      if (live.length === 0) process.stdout.write(report);
      resolve({ ok: code === 0, report });
    });
  });
}

const results = await Promise.all([...live.map((name) => run(name, true)), ...buffered.map((name) => run(name, false))]);
if (live.length > 0) for (const r of results) process.stdout.write(r.report);
process.exit(results.every((r) => r.ok) ? 0 : 1);
