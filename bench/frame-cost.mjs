// The relay's CPU per frame of a flood, by thread (main, the busiest other thread: the recorder's writer, and the rest:
// GC helpers, libuv), for this build and, with --bin, an earlier one, alternating flood by flood: issue 38's "µs per
// frame per thread before and after". CPU is read from /proc once every frame is in the store, so it holds up under
// load where rates do not; the insert floor (bench/insert-floor.mjs, one thread inserting the same rows) is measured
// beside them as the reference.
// Usage: node bench/frame-cost.mjs [--n 100000] [--runs 3] [--bin <another build's bin/mcpscope.js>]
import { execFileSync } from 'node:child_process';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { ROOT, SCRIPTED, args, floodClient, fmt, load, median, startRelay, threadCpuMs, threadSplit } from './bench-lib.mjs';

const o = args({ n: 100_000, runs: 3, bin: '' });

/** One flood of n notifications through a relay; its CPU per frame by thread, in µs. */
async function flood(bin) {
  const relay = await startRelay([process.execPath, SCRIPTED, '--flood', String(o.n)], bin ? { bin } : {});
  const client = await floodClient(relay);
  await new Promise((r) => setTimeout(r, 300));
  const t0 = threadCpuMs(relay.proc.pid);
  const w0 = performance.now();
  client.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'flood' }));
  await client.answered;
  // Every frame in the store (this read waits for the writer thread) before the CPU is read.
  await relay.api(`/api/sessions/${relay.sessionId}/methods`);
  // The flood's wall time to the last frame stored: a writer thread at a lower priority (thread-priority.ts) must keep up.
  const wall = performance.now() - w0;
  const t = threadSplit(t0, threadCpuMs(relay.proc.pid), relay.proc.pid);
  const delivered = client.delivered();
  // Messages on the page's socket, the subscription's first ones included: a flood split into small ones costs more.
  const messages = client.messages();
  client.close();
  await relay.stop();
  if (delivered !== o.n) throw new Error(`frames lost: ${delivered} of ${o.n} delivered`);
  const us = (ms) => (ms * 1000) / o.n;
  return { main: us(t.main), writer: us(t.busiest), rest: us(t.rest), messages, wall };
}

function floor() {
  const out = execFileSync(process.execPath, [join(ROOT, 'bench', 'insert-floor.mjs'), '--n', String(o.n)], { encoding: 'utf8' });
  return Number(/([\d.]+) µs CPU/.exec(out)[1]);
}

console.log(`load average at start: ${load()} (${cpus().length} cores); Node ${process.version}; ${o.n} frames a flood; ${new Date().toISOString()}`);
const sides = { after: () => flood(''), ...(o.bin ? { before: () => flood(o.bin) } : {}) };
const names = Object.keys(sides);
const got = Object.fromEntries(names.map((n) => [n, []]));
const floors = [];
await flood(''); // warms this process's client code, uncounted
for (let r = 0; r < o.runs; r++) {
  for (let k = 0; k < names.length; k++) {
    const name = names[(r + k) % names.length];
    const c = await flood(name === 'before' ? o.bin : '');
    got[name].push(c);
    console.log(
      `  run ${r + 1} ${name}: main ${fmt(c.main, 1)} µs, writer ${fmt(c.writer, 1)} µs, other ${fmt(c.rest, 1)} µs a frame; stored in ${fmt(c.wall, 0)} ms; ${c.messages} messages to the page; load ${load()}`,
    );
  }
  floors.push(floor());
}
const fl = median(floors);
for (const name of names) {
  const m = (key) => median(got[name].map((c) => c[key]));
  console.log(
    `${name.padEnd(6)}: main ${fmt(m('main'), 1)} µs (${fmt(m('main') / fl, 2)}× floor), writer ${fmt(m('writer'), 1)} µs (${fmt(m('writer') / fl, 2)}×), other threads ${fmt(m('rest'), 1)} µs a frame; insert floor ${fmt(fl, 1)} µs a row; stored in ${fmt(m('wall'), 0)} ms`,
  );
}
if (o.bin) {
  // Run by run (each pair alternated), so a spell of load falls on both sides of a ratio.
  const walls = got.after.map((c, i) => c.wall / got.before[i].wall);
  console.log(`wall to the last frame stored, after ÷ before, run by run: ${walls.map((x) => fmt(x, 2)).join(', ')}; median ${fmt(median(walls), 2)}×`);
}
console.log(`load average at end: ${load()}`);
