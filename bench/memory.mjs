// The relay's memory through a flood and after it: resident set (VmRSS) before the flood (the idle baseline), at each
// million frames delivered, when the flood's answer arrives, and after it has been idle, each as a ratio to the
// baseline; plus the peak (VmHWM), how much is anonymous memory (heaps, not mapped files) and how much of that is the C
// heap's main arena (brk: what the relay's thread mallocs). A client stays subscribed throughout, as a page would.
// `--detach 1` closes the client once the flood is done (what a page closed after a flood leaves behind).
// `--bins a,b` alternates builds' entry points run by run (a copy of an earlier checkout's bin/mcpscope.js, its
// node_modules reachable from it; `.` is this checkout's), so a change is measured against its baseline in one run.
// BENCH_RELAY_NODE_ARGS="--heapsnapshot-signal=SIGUSR2" with `--snapshot 1` asks the relay for a heap snapshot once idle;
// BENCH_RELAY_NODE_ARGS="--import bench/memory-probe.mjs" logs each thread's heaps (that file says how).
// Usage: node bench/memory.mjs [--n 3000000] [--step 1000000] [--idle 10000] [--runs 1] [--bins .] [--detach 0]
//   [--snapshot 0] [--maps 0] [--mapMb 4]
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { SCRIPTED, args, floodClient, fmt, load, peakRssMb, startRelay, summary } from './bench-lib.mjs';

const o = args({ n: 3_000_000, step: 1_000_000, idle: 10_000, runs: 1, bins: '.', detach: 0, snapshot: 0, maps: 0, mapMb: 4 });
const bins = String(o.bins)
  .split(',')
  .map((b) => (b === '.' ? undefined : resolve(b)));
/** Resident MB of a process: all of it, the anonymous part, and the C heap's main arena. */
function resident(pid) {
  const roll = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
  const mb = (k) => Number(new RegExp(`^${k}:\\s+(\\d+) kB`, 'm').exec(roll)?.[1] ?? NaN) / 1024;
  const brk = /^[0-9a-f]+-[0-9a-f]+ [^\n]*\[heap\]\n(?:[^\n]*\n)*?Rss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps`, 'utf8'));
  return { rss: mb('Rss'), anon: mb('Anonymous'), brk: Number(brk?.[1] ?? NaN) / 1024 };
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const marks = [];
for (let m = o.step; m < o.n; m += o.step) marks.push(m);

/** Per build: sample name → one reading a run. */
const tables = bins.map(() => new Map());
console.log(`memory: ${o.n} frames, marks ${marks.join(', ') || '(none)'}, idle ${o.idle} ms, load ${load()} at start`);
for (let run = 1; run <= o.runs; run++) {
  // ABBA…: each build starts first as often as the other.
  const order = bins.map((_, i) => i);
  if (run % 2 === 0) order.reverse();
  for (const i of order) await measure(bins[i], tables[i], run);
}
for (const [i, rows] of tables.entries()) {
  console.log(`\n${bins[i] ?? 'this checkout'}:`);
  const base = summary(rows.get('idle before (baseline)').map((r) => r.rss)).median;
  for (const [key, values] of rows) {
    const m = summary(values.map((r) => r.rss)).median;
    const anon = summary(values.map((r) => r.anon)).median;
    const brk = summary(values.map((r) => r.brk ?? NaN)).median;
    console.log(
      `${key.padEnd(28)} RSS ${fmt(m, 1).padStart(7)} MB  ×${fmt(m / base, 2)} of the idle baseline  (+${fmt(m - base, 1)} MB${Number.isFinite(anon) ? `; anonymous ${fmt(anon, 1)} MB, C heap ${fmt(brk, 1)} MB` : ''})`,
    );
  }
}

async function measure(bin, rows, run) {
  const note = (key, mb) => rows.set(key, [...(rows.get(key) ?? []), mb]);
  const relay = await startRelay([process.execPath, SCRIPTED, '--flood', String(o.n)], bin ? { bin } : {});
  const pid = relay.proc.pid;
  const client = await floodClient(relay, (mark) => note(`at ${mark}`, resident(pid)), marks);
  // The baseline: the relay up, its server spawned and a client subscribed, nothing flowing.
  await sleep(1000);
  note('idle before (baseline)', resident(pid));
  const t0 = performance.now();
  client.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'flood' }));
  const t1 = await client.answered;
  note(`at ${o.n} (flood answered)`, resident(pid));
  // Everything must be in the store: a read waits for the writer thread.
  const recorded = (await relay.api(`/api/sessions/${relay.sessionId}`)).lastSeq;
  if (client.delivered() !== o.n || recorded < o.n) throw new Error(`lost frames: ${client.delivered()} delivered, ${recorded} recorded of ${o.n}`);
  if (o.detach) client.close();
  await sleep(1000);
  note('idle 1000 ms after', resident(pid));
  // An experiment (bench/memory-probe.mjs): each of the relay's threads collects 2 s before the last sample.
  const gcFile = process.env.MEMORY_PROBE_GC;
  await sleep(o.idle - 1000 - (gcFile ? 2000 : 0));
  if (gcFile) {
    writeFileSync(gcFile, '');
    await sleep(2000);
  }
  note(`idle ${o.idle} ms after`, resident(pid));
  if (o.snapshot) {
    process.kill(pid, 'SIGUSR2');
    await sleep(3000);
  }
  note('peak (VmHWM)', { rss: peakRssMb(pid), anon: NaN });
  if (o.maps) {
    const big = readFileSync(`/proc/${pid}/smaps`, 'utf8')
      .split(/\n(?=[0-9a-f]+-[0-9a-f]+ )/)
      .map((b) => [b.split('\n')[0], Number(/^Rss:\s+(\d+)/m.exec(b)?.[1] ?? 0) / 1024])
      .filter(([, mb]) => mb > o.mapMb)
      .sort((a, b) => b[1] - a[1]);
    for (const [head, mb] of big) console.log(`  mapping ${fmt(mb, 1)} MB  ${head}`);
  }
  console.log(`run ${run} ${bin ?? 'this checkout'}: ${fmt((t1 - t0) / 1000, 1)} s, ${Math.round(o.n / ((t1 - t0) / 1000))} frames/s, load ${load()}`);
  if (!o.detach) client.close();
  await relay.stop();
}
