// Where a fresh relay's flood goes, phase by phase: CPU per delivered frame of the relay (by thread: main, writer,
// the rest), the server and the client, and the rate, between marks of one flood (e.g. its first 100,000 frames
// against frames 500,000–600,000, where the relay runs warm). Two variants alternate flood by flood (A B B A …) so a
// change is measured against its baseline in one run: each is a list of Node flags for the relay and, optionally,
// `bin=<path>` to run another build's entry point (a copy of an earlier build, its node_modules reachable from it).
// The last phase ends once every frame is in the store; the others end when the client has the mark's frames, with
// the writer thread up to a few batches behind.
// Usage: node bench/flood-phases.mjs [--n 1000000] [--marks 100000,500000,600000] [--runs 2] [--a ''] [--b '']
import { SCRIPTED, args, childPids, cpuMs, floodClient, fmt, load, median, ownCpuMs, startRelay, threadCpuMs } from './bench-lib.mjs';

const o = args({ n: 1_000_000, marks: '100000,500000,600000', runs: 2, a: '', b: '' });
const marks = o.marks
  .split(',')
  .filter(Boolean)
  .map(Number)
  .filter((m) => m < o.n);
const variant = (spec) => {
  const words = spec.split(' ').filter(Boolean);
  const bin = words.find((w) => w.startsWith('bin='))?.slice(4);
  return { spec: spec || '(as built)', nodeArgs: words.filter((w) => !w.startsWith('bin=')), ...(bin ? { bin } : {}) };
};
const variants = { A: variant(o.a), B: variant(o.b) };
const KEYS = ['main', 'writer', 'rest', 'relay', 'server', 'client'];

/** Counters at one moment of a flood. */
function sample(relayPid, serverPid, delivered) {
  return {
    at: performance.now(),
    delivered,
    threads: threadCpuMs(relayPid),
    relay: cpuMs(relayPid),
    server: serverPid === undefined ? NaN : cpuMs(serverPid),
    client: ownCpuMs(),
  };
}

/**
 * µs of CPU per frame between two samples, and the rate. The writer thread is the one busiest over the whole flood
 * (`writerTid`): in a short phase a thread of V8's (compiling, collecting) can be busier than it.
 */
function phase(a, b, relayPid, writerTid) {
  const frames = b.delivered - a.delivered;
  const used = (tid) => (b.threads.get(tid) ?? 0) - (a.threads.get(tid) ?? 0);
  const main = used(relayPid);
  const writer = used(writerTid);
  const us = (ms) => (ms * 1000) / frames;
  return {
    main: us(main),
    writer: us(writer),
    rest: us(b.relay - a.relay - main - writer),
    relay: us(b.relay - a.relay),
    server: us(b.server - a.server),
    client: us(b.client - a.client),
    rate: frames / ((b.at - a.at) / 1000),
  };
}

/** The thread other than the main one that used the most CPU between two samples. */
function busiestThread(a, b, relayPid) {
  let best = [-1, -1];
  for (const [tid, ms] of b.threads) if (tid !== relayPid && ms - (a.threads.get(tid) ?? 0) > best[1]) best = [tid, ms - (a.threads.get(tid) ?? 0)];
  return best[0];
}

async function flood(v) {
  const relay = await startRelay([process.execPath, SCRIPTED, '--flood', String(o.n)], v);
  const [serverPid] = childPids(relay.proc.pid);
  const samples = [];
  const client = await floodClient(relay, (_mark, delivered) => samples.push(sample(relay.proc.pid, serverPid, delivered)), marks);
  await new Promise((r) => setTimeout(r, 300));
  samples.push(sample(relay.proc.pid, serverPid, 0));
  client.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'flood' }));
  const answeredAt = await client.answered;
  await relay.api(`/api/sessions/${relay.sessionId}/methods`); // waits for the writer thread: all of its work counted
  const last = sample(relay.proc.pid, serverPid, client.delivered());
  last.at = answeredAt;
  samples.push(last);
  client.close();
  await relay.stop();
  if (client.delivered() !== o.n) throw new Error(`${client.delivered()} of ${o.n} frames delivered`);
  // The marks' samples were taken in the client's message handler, in order; the first one is the flood's start.
  samples.sort((x, y) => x.delivered - y.delivered);
  const writerTid = busiestThread(samples[0], last, relay.proc.pid);
  return samples.slice(1).map((s, i) => phase(samples[i], s, relay.proc.pid, writerTid));
}

const label = (i) => {
  const k = (x) => (x >= 1000 ? `${x / 1000}k` : String(x));
  return `${k([0, ...marks][i])}–${k([...marks, o.n][i])}`;
};
const line = (p) =>
  `main ${fmt(p.main, 2)} writer ${fmt(p.writer, 2)} other ${fmt(p.rest, 2)} = relay ${fmt(p.relay, 2)} µs | server ${fmt(p.server, 2)} client ${fmt(p.client, 2)} | ${Math.round(p.rate)}/s`;

console.log(`load average at start: ${load()}; ${o.n} frames a flood, phases ${marks.map((_, i) => label(i)).join(', ')}, ${label(marks.length)}`);
for (const [name, v] of Object.entries(variants)) console.log(`${name}: ${v.spec}`);
const got = { A: [], B: [] };
for (let run = 0; run < o.runs; run++) {
  for (const name of run % 2 === 0 ? ['A', 'B'] : ['B', 'A']) {
    const phases = await flood(variants[name]);
    got[name].push(phases);
    console.log(`run ${run + 1} ${name} (load ${load()}):`);
    phases.forEach((p, i) => console.log(`  ${label(i).padEnd(12)} ${line(p)}`));
  }
}
console.log('medians, µs of CPU per frame:');
for (let i = 0; i <= marks.length; i++) {
  const m = (name) => Object.fromEntries([...KEYS, 'rate'].map((k) => [k, median(got[name].map((phases) => phases[i][k]))]));
  const [a, b] = [m('A'), m('B')];
  console.log(`  ${label(i).padEnd(12)} A ${line(a)}`);
  console.log(`  ${''.padEnd(12)} B ${line(b)}`);
  console.log(
    `  ${''.padEnd(12)} RATIO B/A relay ${fmt(b.relay / a.relay, 2)}, main ${fmt(b.main / a.main, 2)}, writer ${fmt(b.writer / a.writer, 2)}, other ${fmt(b.rest / a.rest, 2)}, rate ${fmt(b.rate / a.rate, 2)}`,
  );
}
console.log(`load average at end: ${load()}`);
