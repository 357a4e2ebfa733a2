// The fuzz campaign's speed against its floor, measured in one run: runs per second of `mcpscope fuzz` (argument mode,
// the demo server over stdio, its fast read-only tools) against the same tools/call requests sent directly over the
// server's stdin, one after the other, each awaited (the raw round trip); then the time to shrink each failure of the
// fragile fixture. Prints the ratio (goal ≥ 0.5) and the load average, since the machine is shared. `--repeat n`
// measures n pairs, alternating which side goes first (the same seed sends the same lines every time), and prints
// each pair's ratio and their median.
//   node bench/fuzz.mjs [--runs 1000] [--seed 7] [--tools echo,divide,get_weather] [--repeat 7] [--shrink '']
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { DEMO, ROOT, args, median } from './bench-lib.mjs';
import { runCampaign } from '../dist/server/fuzz/fuzz-campaign.js';

const o = args({ runs: 1000, seed: 7, tools: 'echo,divide,get_weather', shrink: 'lookup,nest,pair,greet', repeat: 1 });
const FRAGILE = join(ROOT, 'test', 'fixtures', 'fragile-server.mjs');
const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

function campaignOptions(command, tools, runs) {
  return {
    target: { transport: 'stdio', command: process.execPath, args: [command], env: {} },
    tools,
    allowTools: null,
    runs,
    timeMs: null,
    seed: o.seed,
    mode: 'args',
    timeoutMs: 5000,
    protocolVersion: '2025-11-25',
    ratePerSecond: null,
    replyWaitMs: 300,
  };
}

/** The fuzz campaign, timed from its first tools/call to its last answer; returns the requests it sent, as sent. */
async function fuzzed() {
  const sent = [];
  let first = 0;
  let last = 0;
  const { report } = await runCampaign(campaignOptions(DEMO, o.tools.split(','), o.runs), {
    onSession: (session) =>
      session.onFrame((f) => {
        if (f.dir === 'out' && f.method === 'tools/call') {
          if (first === 0) first = performance.now();
          sent.push(f.text);
        }
        if (f.dir === 'in' && f.kind === 'response') last = performance.now();
      }),
  });
  if (report.restarts > 0 || report.slow > 0) console.log(`note: ${report.restarts} restarts, ${report.slow} slow inputs`);
  return { sent, ms: last - first, runs: report.runs };
}

/** The floor: one demo server, handshaken by hand, sent the same lines one after the other, each answer awaited. */
async function direct(lines) {
  const child = spawn(process.execPath, [DEMO], { stdio: ['pipe', 'pipe', 'ignore'] });
  let buffer = '';
  let waiting = null;
  child.stdout.on('data', (chunk) => {
    buffer += chunk;
    let nl;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      if (/"id":/.test(line) && (/"result"/.test(line) || /"error"/.test(line)) && waiting) waiting();
    }
  });
  const ask = (text) => new Promise((resolve) => ((waiting = resolve), child.stdin.write(`${text}\n`)));
  await ask(
    JSON.stringify({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '0' } },
    }),
  );
  child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
  const t0 = performance.now();
  for (const line of lines) await ask(line);
  const ms = performance.now() - t0;
  child.stdin.end();
  return ms;
}

console.log(`load average at start: ${load()}`);
const ratios = [];
let lines = null;
for (let i = 0; i < o.repeat; i++) {
  // Every other pair sends the direct lines first (those of the last campaign: the same seed sends the same lines).
  const directFirst = i % 2 === 1;
  const rawMs0 = directFirst ? await direct(lines) : null;
  const f = await fuzzed();
  lines = f.sent;
  const rawMs = rawMs0 ?? (await direct(f.sent));
  const fuzzRate = (f.sent.length / f.ms) * 1000;
  const rawRate = (f.sent.length / rawMs) * 1000;
  ratios.push(fuzzRate / rawRate);
  console.log(`fuzz: ${f.runs} runs (${f.sent.length} tools/call of ${o.tools}) in ${(f.ms / 1000).toFixed(2)} s: ${fuzzRate.toFixed(0)} runs/s`);
  console.log(
    `direct${directFirst ? ' (sent first)' : ''}: the same ${f.sent.length} requests over stdio in ${(rawMs / 1000).toFixed(2)} s: ${rawRate.toFixed(0)} requests/s`,
  );
  if (o.repeat > 1) console.log(`pair ${i + 1}: ratio ${(fuzzRate / rawRate).toFixed(2)}, load ${load()}`);
}
if (o.repeat > 1) console.log(`ratios: ${ratios.map((r) => r.toFixed(2)).join(', ')}`);
// The first pair is also the fuzzer's JIT warm-up (the direct loop runs little code): the rest, apart, is the warm rate.
if (o.repeat > 2) console.log(`warm (pairs 2–${o.repeat}): median ratio ${median(ratios.slice(1)).toFixed(2)}; cold (pair 1): ${ratios[0].toFixed(2)}`);
console.log(`RATIO fuzz/direct runs per second: ${median(ratios).toFixed(2)}${o.repeat > 1 ? ` (median of ${o.repeat})` : ''} (goal ≥ 0.5)`);

for (const tool of o.shrink.split(',').filter(Boolean)) {
  const t0 = performance.now();
  const { found } = await runCampaign(campaignOptions(FRAGILE, [tool], 60));
  const whole = performance.now() - t0;
  for (const x of found)
    console.log(
      `shrink ${tool}: ${x.oracle} ${x.signature}, found at run ${x.foundAtRun}, ${x.shrinkRuns} shrinking runs in ${(x.shrinkMs / 1000).toFixed(2)} s → ${JSON.stringify(x.input).slice(0, 80)} (campaign ${(whole / 1000).toFixed(1)} s)`,
    );
  if (found.length === 0) console.log(`shrink ${tool}: nothing found in 60 runs`);
}
console.log(`load average at end: ${load()}`);
