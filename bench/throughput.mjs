// Target 2: a server floods notifications of about 200 bytes; the relay records all and delivers all to a client.
// Usage: node bench/throughput.mjs [--n 1000000] [--runs 3]
import { SCRIPTED, args, floodClient, fmt, peakRssMb, startRelay, summary } from './bench-lib.mjs';

const o = args({ n: 1_000_000, runs: 3 });
const rates = [];
const rss = [];
for (let run = 1; run <= o.runs; run++) {
  const relay = await startRelay([process.execPath, SCRIPTED, '--flood', String(o.n)]);
  const client = await floodClient(relay);
  await new Promise((r) => setTimeout(r, 300));
  const t0 = performance.now();
  client.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'flood' }));
  const t1 = await client.answered;
  const delivered = client.delivered();
  const seconds = (t1 - t0) / 1000;
  // Everything delivered must also be on disk.
  const session = await relay.api(`/api/sessions/${relay.sessionId}`);
  const peak = peakRssMb(relay.proc.pid);
  client.close();
  await relay.stop();
  const rate = delivered / seconds;
  rates.push(rate);
  rss.push(peak);
  const lost = o.n - delivered;
  console.log(
    `run ${run}: ${delivered}/${o.n} delivered (${lost} lost), ${session.lastSeq} recorded, ${fmt(seconds, 2)} s, ${Math.round(rate)} frames/s, relay peak RSS ${fmt(peak, 1)} MB`,
  );
}
const r = summary(rates);
const m = summary(rss);
console.log(`throughput: ${Math.round(r.median)} frames/s (min ${Math.round(r.min)}, max ${Math.round(r.max)}) target ≥ 50000`);
console.log(`relay peak RSS: ${fmt(m.median, 1)} MB (min ${fmt(m.min, 1)}, max ${fmt(m.max, 1)}) target ≤ 300 MB`);
