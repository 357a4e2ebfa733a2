// The CLI's and the relay's start-up CPU, two builds A/B in one run, alternating (A B, then B A, round after round):
// `--help`, `call --method tools/list` and `check` of the demo server (the CLI's own CPU, not the server's), the relay to
// its ready line and settled (started on the demo server, as the tests start it: its CPU, all its threads, at the ready
// line, and again --settle ms after the page's first answer, GET /api/config), and `node -e 0` as the floor.
// Usage: node bench/cli-start.mjs [--a <checkout>] [--b <checkout>] [--runs 10] [--node <node binary>] [--cacheB 0|1] [--cases floor,help,call,check,relay] [--settle 1500]
//   --a / --b: the checkouts whose bin/mcpscope.js and dist/ run (default: this one for both; build each first).
//   --cacheB 1: B runs with NODE_COMPILE_CACHE set to a directory of its own, warmed by one run first (Node ≥ 22.1).
//   --cases: which to run, of floor, help, call, check, relay (default all but check, whose run takes ~45 s).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ROOT, args, cpuMs, fmt, summary } from './bench-lib.mjs';

const o = args({ a: ROOT, b: ROOT, runs: 10, node: process.execPath, cacheB: 0, cases: 'floor,help,call,relay', settle: 1500 });
const scratch = mkdtempSync(join(tmpdir(), 'mcpscope-cli-start-'));
const cacheDir = join(scratch, 'compile-cache');
// The process's own CPU at exit (user + system, all its threads), written where CPU_AT_EXIT names: a child's rusage is
// not readable from here once it is reaped, and /usr/bin/time would count the demo server that `call` starts too.
const AT_EXIT = `data:text/javascript,${encodeURIComponent(
  "import { appendFileSync } from 'node:fs'; process.on('exit', () => { const u = process.cpuUsage(); if (process.env.CPU_AT_EXIT) appendFileSync(process.env.CPU_AT_EXIT, `${(u.user + u.system) / 1000}\\n`); });",
)}`;

function envFor(side) {
  const env = { ...process.env, XDG_DATA_HOME: join(scratch, 'home') };
  delete env.NODE_COMPILE_CACHE;
  if (side === 'b' && o.cacheB) env.NODE_COMPILE_CACHE = cacheDir;
  return env;
}

/** Runs `node <argv>` to its end; its own CPU in ms, as it measured it at exit. */
async function ownCpu(side, argv) {
  const file = join(scratch, `cpu-${side}-${Math.random().toString(36).slice(2)}`);
  const p = spawn(o.node, ['--import', AT_EXIT, ...argv], { env: { ...envFor(side), CPU_AT_EXIT: file }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  p.stdout.on('data', (c) => (out += c));
  p.stderr.on('data', (c) => (out += c));
  const code = await new Promise((r) => p.on('exit', r));
  if (code !== 0) throw new Error(`${argv.join(' ')} exited ${code}:\n${out}`);
  const ms = Number(readFileSync(file, 'utf8').trim());
  rmSync(file);
  return ms;
}

/**
 * Starts a relay of `root` on the demo server; its CPU (every thread's, not the server's) when it prints the ready line,
 * and `o.settle` ms after its first answer to the page's first read (GET /api/config), when its start's work is done.
 */
async function relayCpu(side, root) {
  const dataDir = join(scratch, `relay-${side}-${Math.random().toString(36).slice(2)}`);
  const demo = join(root, 'dist', 'demo', 'demo-server.js');
  const p = spawn(o.node, [join(root, 'bin', 'mcpscope.js'), '--port', '0', '--no-open', '--data-dir', dataDir, '--', o.node, demo], {
    env: envFor(side),
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let out = '';
  const ready = await new Promise((ok, fail) => {
    p.stdout.on('data', (c) => {
      out += c;
      if (/ready: http:\/\/127\.0\.0\.1:\d+\//.test(out)) ok(cpuMs(p.pid));
    });
    p.on('exit', (code) => fail(new Error(`relay exited ${code}: ${out}`)));
  });
  const [, base, token] = /ready: (http:\/\/127\.0\.0\.1:\d+)\/#token=(\S+)/.exec(out);
  const res = await fetch(`${base}/api/config`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`GET /api/config answered ${res.status}`);
  await res.arrayBuffer();
  await new Promise((r) => setTimeout(r, o.settle));
  const settled = cpuMs(p.pid);
  await new Promise((r) => {
    p.removeAllListeners('exit');
    p.once('exit', r);
    p.kill('SIGTERM');
  });
  rmSync(dataDir, { recursive: true, force: true });
  return { ready, settled };
}

const ALL = {
  floor: ['node -e 0', (side) => ownCpu(side, ['-e', '0'])],
  help: ['--help', (side, root) => ownCpu(side, [join(root, 'bin', 'mcpscope.js'), '--help'])],
  call: [
    'call tools/list',
    (side, root) =>
      ownCpu(side, [join(root, 'bin', 'mcpscope.js'), 'call', '--method', 'tools/list', '--', o.node, join(root, 'dist', 'demo', 'demo-server.js')]),
  ],
  check: ['check', (side, root) => ownCpu(side, [join(root, 'bin', 'mcpscope.js'), 'check', '--', o.node, join(root, 'dist', 'demo', 'demo-server.js')])],
  relay: ['relay', (side, root) => relayCpu(side, root)],
};
const picked = o.cases.split(',').map((c) => c.trim());
for (const c of picked) if (!(c in ALL)) throw new Error(`unknown case ${c}; known: ${Object.keys(ALL).join(', ')}`);
const cases = Object.fromEntries(picked.map((c) => ALL[c]));
const roots = { a: resolve(o.a), b: resolve(o.b) };
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
console.log(`cli-start: A ${roots.a}, B ${roots.b}${o.cacheB ? ' (B with NODE_COMPILE_CACHE)' : ''}, node ${o.node}, ${o.runs} runs each, load ${load()}`);
if (o.cacheB) for (const run of Object.values(cases)) await run('b', roots.b); // warms B's compile cache
const cpu = Object.fromEntries(Object.keys(cases).map((k) => [k, { a: [], b: [] }]));
for (let round = 0; round < o.runs; round++) {
  const order = round % 2 === 0 ? ['a', 'b'] : ['b', 'a'];
  for (const [name, run] of Object.entries(cases))
    for (const side of order) {
      const ms = await run(side, roots[side]);
      // The relay gives two figures a start: each its own row.
      if (typeof ms === 'number') cpu[name][side].push(ms);
      else
        for (const [k, v] of Object.entries(ms)) {
          cpu[`${name} ${k}`] ??= { a: [], b: [] };
          cpu[`${name} ${k}`][side].push(v);
        }
    }
}
for (const [name, { a, b }] of Object.entries(cpu)) {
  if (a.length === 0) continue;
  const sa = summary(a);
  const sb = summary(b);
  console.log(
    `${name}: A ${fmt(sa.median, 0)} ms CPU (min ${fmt(sa.min, 0)}, max ${fmt(sa.max, 0)}), B ${fmt(sb.median, 0)} ms (min ${fmt(sb.min, 0)}, max ${fmt(sb.max, 0)}); RATIO B/A ${fmt(sb.median / sa.median, 2)}`,
  );
}
console.log(`load at the end ${load()}`);
rmSync(scratch, { recursive: true, force: true });
