// The relay's first answers after a start, two builds alternating: `node bin/mcpscope.js --demo` (fresh data dir) to its
// ready line, then to GET /api/config answered (the page's first API read, which names the launch session) and, in a
// start of its own, to GET / answered (the page's HTML); medians, and the gap after the ready line. Ratios in one run.
// Usage: node bench/first-answer.mjs <runs> <name>=<bin/mcpscope.js of a build> [<name>=<another>]
//   e.g. node bench/first-answer.mjs 11 before=/tmp/base/bin/mcpscope.js now=bin/mcpscope.js
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, loadavg } from 'node:os';
import { join } from 'node:path';
const [runs, ...sides] = process.argv.slice(2);
const TOKEN = 'tokentokentokentoken';
async function once(bin, path) {
  const dataDir = mkdtempSync(join(tmpdir(), 'h9-'));
  const t0 = performance.now();
  const p = spawn(process.execPath, [bin, '--demo', '--port', '0', '--no-open', '--data-dir', dataDir], {
    env: { ...process.env, MCPSCOPE_TOKEN: TOKEN },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let out = '';
  const url = await new Promise((ok) =>
    p.stdout.on('data', (c) => {
      out += c;
      const m = /ready: (http:\/\/\S+?)\/#token=/.exec(out);
      if (m) ok(m[1]);
    }),
  );
  const ready = performance.now() - t0;
  const r = await fetch(url + path, { headers: { authorization: `Bearer ${TOKEN}` } });
  await r.text();
  if (!r.ok) throw new Error(String(r.status));
  const ans = performance.now() - t0;
  const ex = new Promise((r) => p.once('exit', r));
  p.kill('SIGTERM');
  await ex;
  rmSync(dataDir, { recursive: true, force: true });
  return { ready, gap: ans - ready, ans };
}
const res = {};
const l0 = loadavg();
for (let i = 0; i < Number(runs); i++) {
  const order = i % 2 ? [...sides].reverse() : sides;
  for (const s of order)
    for (const path of ['/api/config', '/']) {
      const [k, bin] = s.split('=');
      const key = `${k} ${path}`;
      (res[key] ??= []).push(await once(bin, path));
    }
}
const med = (a) => a.sort((x, y) => x - y)[a.length >> 1];
for (const [k, v] of Object.entries(res))
  console.log(
    k.padEnd(22),
    'ready',
    med(v.map((x) => x.ready)).toFixed(0),
    'answer',
    med(v.map((x) => x.ans)).toFixed(0),
    'gap after ready',
    med(v.map((x) => x.gap)).toFixed(0),
  );
if (sides.length === 2) {
  const [a, b] = sides.map((s) => s.split('=')[0]);
  for (const path of ['/api/config', '/']) {
    const m = (k, f) => med(res[`${k} ${path}`].map(f));
    console.log(
      `RATIO ${b}/${a} ${path}: answer ${(m(b, (x) => x.ans) / m(a, (x) => x.ans)).toFixed(2)}, gap after the ready line ${(m(b, (x) => x.gap) / m(a, (x) => x.gap)).toFixed(2)}`,
    );
  }
}
console.log(
  'load',
  l0.map((x) => x.toFixed(1)).join(' '),
  '->',
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' '),
);
