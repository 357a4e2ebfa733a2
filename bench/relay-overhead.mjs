// Target 1: sequential ping round trips through the relay versus a direct stdio client of the same server.
// Usage: node bench/relay-overhead.mjs [--n 10000] [--runs 3] [--server scripted|demo]
import { DEMO, SCRIPTED, args, connect, directClient, fmt, percentile, roundTrips, startRelay, summary } from './bench-lib.mjs';

const o = args({ n: 10000, runs: 3, server: 'scripted' });
const command = [process.execPath, o.server === 'demo' ? DEMO : SCRIPTED];

async function direct(n) {
  const d = directClient(command);
  await roundTrips(Math.min(200, n), d.send, d.onReply); // warm-up
  const rtts = await roundTrips(n, d.send, d.onReply);
  d.close();
  return rtts.sort((a, b) => a - b);
}

async function relayed(n) {
  const relay = await startRelay(command);
  const onReply = { current: () => {} };
  const client = await connect(relay, (frames) => {
    for (const f of frames) if (f.dir === 'in' && f.rpcId !== null) onReply.current(Number(f.rpcId));
  });
  await roundTrips(Math.min(200, n), client.send, onReply);
  const rtts = await roundTrips(n, client.send, onReply);
  client.close();
  await relay.stop();
  return rtts.sort((a, b) => a - b);
}

const p50 = [];
const p99 = [];
for (let run = 1; run <= o.runs; run++) {
  const d = await direct(o.n);
  const r = await relayed(o.n);
  const row = { d50: percentile(d, 50), d99: percentile(d, 99), r50: percentile(r, 50), r99: percentile(r, 99) };
  p50.push(row.r50 - row.d50);
  p99.push(row.r99 - row.d99);
  console.log(`run ${run}: direct p50 ${fmt(row.d50)} ms p99 ${fmt(row.d99)} ms | relay p50 ${fmt(row.r50)} ms p99 ${fmt(row.r99)} ms`);
}
const a = summary(p50);
const b = summary(p99);
console.log(`added latency p50: ${fmt(a.median)} ms (min ${fmt(a.min)}, max ${fmt(a.max)}) target ≤ 0.5 ms`);
console.log(`added latency p99: ${fmt(b.median)} ms (min ${fmt(b.min)}, max ${fmt(b.max)}) target ≤ 2 ms`);
