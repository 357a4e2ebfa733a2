// Target 4: time until mcpscope prints its ready line, and until the demo server it spawned is up and answering.
// Usage: node bench/startup.mjs [--runs 5]
import { DEMO, args, connect, fmt, startRelay, summary } from './bench-lib.mjs';

const o = args({ runs: 5 });
const ready = [];
const connected = [];
for (let run = 1; run <= o.runs; run++) {
  const relay = await startRelay([process.execPath, DEMO]);
  let answered;
  const initialized = new Promise((r) => (answered = r));
  const client = await connect(relay, (frames) => {
    for (const f of frames) if (f.dir === 'in' && f.rpcId === '1') answered(performance.now());
  });
  client.send(
    JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '0' } },
    }),
  );
  const t = (await initialized) - relay.started;
  ready.push(relay.readyMs);
  connected.push(t);
  console.log(`run ${run}: ready line ${fmt(relay.readyMs, 0)} ms, initialize answered ${fmt(t, 0)} ms after launch`);
  client.close();
  await relay.stop();
}
const a = summary(ready);
const b = summary(connected);
console.log(`ready line: ${fmt(a.median, 0)} ms (min ${fmt(a.min, 0)}, max ${fmt(a.max, 0)}) target ≤ 1000 ms`);
console.log(`connected to the demo server: ${fmt(b.median, 0)} ms (min ${fmt(b.min, 0)}, max ${fmt(b.max, 0)}) target ≤ 2000 ms`);
