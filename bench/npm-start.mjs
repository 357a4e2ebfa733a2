// `npm start` (the README's first command) to its ready line, against the official Inspector's start to its banner, and
// the bare relay (`node bin/mcpscope.js --demo`) and the official's own README command (`npx
// @modelcontextprotocol/inspector`, npm's CLI in front as in `npm start`) beside them: alternating, rotated round after
// round, medians and ratios; and for mcpscope's sides, when the relay first answers (its app built past the ready line).
// Also the build stamp's check alone (scripts/build-stamp.mjs), in this process: what a current build costs a start.
// Usage: node bench/npm-start.mjs [--runs 7] [--before <a copy of an earlier checkout>]
//   --before: `npm start` in that folder runs as a side too (its package.json's start script, its own dist/).
// The npm floor side: `npm start` of a package whose start script only listens and prints a ready line.
import { spawn, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, args, fmt, load, median } from './bench-lib.mjs';
import { inspectorTools, startOfficial } from './official-inspector.mjs';

const o = args({ runs: 7, before: '' });

/**
 * Runs `argv` in its own process group to the relay's ready line, then asks it for its config (the page's first
 * request: it names the launch session, so the app is built and the demo server spawned); the ms from the spawn to
 * each, then stops the whole group. The relay listens before its app is built and holds what comes meanwhile
 * (server/relay/start-gate.ts): the second figure says what that leaves to wait after the ready line.
 */
async function toReady(command, argv, cwd = ROOT, relay = true) {
  const dataDir = mkdtempSync(join(tmpdir(), 'mcpscope-npm-start-'));
  const token = randomBytes(24).toString('base64url');
  const started = performance.now();
  const p = spawn(command, [...argv, '--port', '0', '--no-open', '--data-dir', dataDir], {
    cwd,
    detached: true,
    env: { ...process.env, MCPSCOPE_TOKEN: token },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let out = '';
  const [ready, url] = await new Promise((ok, fail) => {
    p.stdout.on('data', (c) => {
      out += c;
      const m = /ready: (http:\/\/\S+?)\/#token=/.exec(out);
      if (m) ok([performance.now() - started, m[1]]);
    });
    p.on('exit', (code) => fail(new Error(`${command} ${argv.join(' ')} exited ${code}: ${out}`)));
  });
  let answered;
  if (relay) {
    const res = await fetch(`${url}/api/config`, { headers: { authorization: `Bearer ${token}` } });
    const config = await res.json();
    answered = performance.now() - started;
    if (!res.ok || typeof config.launchSessionId !== 'string') throw new Error(`GET /api/config: ${res.status} ${JSON.stringify(config)}`);
  }
  const exited = new Promise((r) => p.once('exit', r));
  process.kill(-p.pid, 'SIGTERM');
  await exited;
  rmSync(dataDir, { recursive: true, force: true });
  return { ready, answered };
}

/**
 * The floor of an `npm start` on this machine: npm's CLI, then a Node process that only listens and prints a ready
 * line (no mcpscope code), from a package of its own in a temporary folder.
 */
function npmFloor() {
  const dir = mkdtempSync(join(tmpdir(), 'mcpscope-npm-floor-'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'npm-floor', private: true, scripts: { start: 'node floor.mjs' } }));
  writeFileSync(
    join(dir, 'floor.mjs'),
    "import { createServer } from 'node:http';\nconst s = createServer().listen(0, '127.0.0.1', () => console.log(`ready: http://127.0.0.1:${s.address().port}/#token=x`));\n",
  );
  return dir;
}
const floorDir = npmFloor();

const tools = inspectorTools();
const npm = execFileSync('which', ['npm'], { encoding: 'utf8' }).trim();
console.log(
  `load average at start: ${load()} (${cpus().length} cores); Node ${process.version}, npm ${execFileSync(npm, ['--version'], { encoding: 'utf8' }).trim()}; official Inspector ${tools.version}; ${new Date().toISOString()}`,
);
const sides = {
  'npm start': () => toReady(npm, ['start', '--']),
  'bare relay': () => toReady(process.execPath, [join(ROOT, 'bin', 'mcpscope.js'), '--demo']),
  ...(o.before ? { before: () => toReady(npm, ['start', '--'], o.before) } : {}),
  'npm floor': () => toReady(npm, ['start', '--'], floorDir, false),
  official: async () => {
    const off = await startOfficial(tools);
    await off.stop();
    return { ready: off.readyMs };
  },
  'official npx': async () => {
    const off = await startOfficial(tools, { viaNpx: true });
    await off.stop();
    return { ready: off.readyMs };
  },
};
const names = Object.keys(sides);
const got = Object.fromEntries(names.map((n) => [n, []]));
const answers = Object.fromEntries(names.map((n) => [n, []]));
await toReady(npm, ['start', '--']); // builds dist/ if it is stale, uncounted
for (let r = 0; r < o.runs; r++) {
  for (let k = 0; k < names.length; k++) {
    const name = names[(r + k) % names.length];
    const { ready, answered } = await sides[name]();
    got[name].push(ready);
    if (answered !== undefined) answers[name].push(answered);
  }
}
const m = Object.fromEntries(names.map((n) => [n, median(got[n])]));
for (const n of names) console.log(`${n.padEnd(12)}: ready ${fmt(m[n], 0)} ms median of ${o.runs} (${got[n].map((x) => fmt(x, 0)).join(', ')})`);
// mcpscope's sides only: the official banner comes once its server is up, with no session (its page connects later).
for (const n of names.filter((x) => answers[x].length > 0))
  console.log(
    `${n.padEnd(12)}: first answer (GET /api/config, the launch session in it) ${fmt(median(answers[n]), 0)} ms median, ${fmt(median(answers[n]) - m[n], 0)} ms after the ready line`,
  );
console.log(
  `RATIO npm start/official ${fmt(m['npm start'] / m.official, 2)} (goal ≤ 0.8), bare relay/official ${fmt(m['bare relay'] / m.official, 2)}${o.before ? `, before's npm start/official ${fmt(m.before / m.official, 2)}` : ''}`,
);
// Each tool's README command against the other's: npm's CLI starts on both sides.
console.log(`RATIO npm start/official npx ${fmt(m['npm start'] / m['official npx'], 2)} (each README's command)`);
// What no relay can go below: npm's CLI and a Node that only listens.
console.log(`RATIO npm floor/official ${fmt(m['npm floor'] / m.official, 2)} (npm start of a script that only listens and prints ready)`);
rmSync(floorDir, { recursive: true, force: true });

const { staleParts } = await import(join(ROOT, 'scripts', 'build-stamp.mjs'));
const checks = [];
for (let i = 0; i < 20; i++) {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  staleParts(['server', 'web', 'share']);
  const c = process.cpuUsage(c0);
  checks.push([performance.now() - t0, (c.user + c.system) / 1000]);
}
console.log(
  `build stamp check (server, web, share): ${fmt(median(checks.map((c) => c[0])), 1)} ms wall, ${fmt(median(checks.map((c) => c[1])), 1)} ms CPU (median of 20)`,
);
console.log(`load average at end: ${load()}`);
