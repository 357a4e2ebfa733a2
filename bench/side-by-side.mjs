// mcpscope beside the official MCP Inspector, interleaved in one run on the same machine and the same stdio server,
// reported as ratios (absolute times swing with the machine's load; ratios taken in one run hold better):
//   relay added latency p50 / p99: sequential pings through each relay, minus a direct stdio client's (the floor);
//   flood throughput: notifications from the server that reach a client, per second, against the floor of
//     better-sqlite3 inserting the same frames into a table with only an integer primary key (bench/insert-floor.mjs);
//   relay peak memory during the flood, and start-up (ready line; first initialize answered);
//   CPU per delivered frame of the server, the relay (split by thread: main, writer, the rest) and the client, read
//   from /proc once every frame is in the store, which holds up under load where rates do not.
// Usage: node bench/side-by-side.mjs [--pings 2000] [--blocks 10] [--floods 100000,1000000] [--officialFloodMax 1000000]
//        [--runs 1] [--starts 3] [--parts latency,flood,startup] [--warmup 20000 (frames of an uncounted first flood, at most the smallest; 0: none)]
//        [--bin <another build's bin/mcpscope.js, its node_modules reachable: mcpscope's relay from that build, for a before/after>]
import { execFileSync } from 'node:child_process';
import { cpus } from 'node:os';
import { join } from 'node:path';
import {
  ROOT,
  SCRIPTED,
  args,
  childPids,
  connect,
  count,
  cpuMs,
  directClient,
  floodClient,
  fmt,
  load,
  median,
  ownCpuMs,
  peakRssMb,
  percentile,
  roundTrips,
  startRelay,
  threadCpuMs,
  threadSplit,
} from './bench-lib.mjs';
import { inspectorTools, startOfficial } from './official-inspector.mjs';

const o = args({
  pings: 2000,
  blocks: 10,
  floods: '100000,1000000',
  officialFloodMax: 1_000_000,
  runs: 1,
  starts: 3,
  parts: 'latency,flood,startup',
  warmup: 20_000,
  bin: '',
});
/** mcpscope's relay: this build's, or the one `--bin` names. */
const build = o.bin ? { bin: o.bin } : {};
const parts = new Set(o.parts.split(','));
const server = (...extra) => [process.execPath, SCRIPTED, ...extra];
const ratio = (a, b) => fmt(a / b, 2);
const isAnswer = (m) => m && typeof m === 'object' && 'id' in m && ('result' in m || 'error' in m);

const tools = inspectorTools();
console.log(`load average at start: ${load()} (1, 5, 15 min; ${cpus().length} cores)`);
console.log(
  `mcpscope${o.bin ? ` (${o.bin})` : ''} on Node ${process.version}; official Inspector ${tools.version} on Node ${execFileSync(tools.node, ['--version'], { encoding: 'utf8' }).trim()}`,
);

/** Three clients of the same server kept open side by side; pings run in blocks, rotating which goes first. */
async function latency() {
  const direct = directClient(server());
  const relay = await startRelay(server(), build);
  const ours = { onReply: { current: () => {} } };
  const client = await connect(relay, (frames) => {
    for (const f of frames) if (f.dir === 'in' && f.rpcId !== null) ours.onReply.current(Number(f.rpcId));
  });
  ours.send = client.send;
  const official = await startOfficial(tools);
  const theirs = { onReply: { current: () => {} } };
  const session = await official.connect(server(), (messages) => {
    for (const m of messages) if (isAnswer(m)) theirs.onReply.current(m.id);
  });
  theirs.send = session.send;
  const rigs = { direct, mcpscope: ours, official: theirs };
  const rtts = { direct: [], mcpscope: [], official: [] };
  const names = Object.keys(rigs);
  let id = 1;
  for (const name of names) id += (await roundTrips(200, rigs[name].send, rigs[name].onReply, id)).length; // warm-up
  const per = Math.max(1, Math.round(o.pings / o.blocks));
  for (let b = 0; b < o.blocks; b++) {
    for (let k = 0; k < names.length; k++) {
      const name = names[(b + k) % names.length];
      rtts[name].push(...(await roundTrips(per, rigs[name].send, rigs[name].onReply, id)));
      id += per;
    }
  }
  direct.close();
  client.close();
  await session.close();
  await relay.stop();
  await official.stop();
  const stats = Object.fromEntries(
    names.map((n) => [
      n,
      {
        p50: median(rtts[n]),
        p99: percentile(
          [...rtts[n]].sort((a, b) => a - b),
          99,
        ),
      },
    ]),
  );
  for (const n of names) console.log(`round trip ${n.padEnd(8)}: p50 ${fmt(stats[n].p50)} ms, p99 ${fmt(stats[n].p99)} ms (${rtts[n].length} pings)`);
  const added = (n, p) => stats[n][p] - stats.direct[p];
  console.log(
    `relay added latency: mcpscope p50 ${fmt(added('mcpscope', 'p50'))} ms, p99 ${fmt(added('mcpscope', 'p99'))} ms | official p50 ${fmt(added('official', 'p50'))} ms, p99 ${fmt(added('official', 'p99'))} ms`,
  );
  console.log(
    `RATIO added latency mcpscope/official: p50 ${ratio(added('mcpscope', 'p50'), added('official', 'p50'))} (target ≤ 0.3), p99 ${ratio(added('mcpscope', 'p99'), added('official', 'p99'))} (target ≤ 0.5)`,
  );
}

/** One flood of n notifications through mcpscope: frames/s delivered to a socket client, and the relay's peak RSS. */
async function floodMcpscope(n) {
  const relay = await startRelay(server('--flood', String(n)), build);
  const client = await floodClient(relay);
  await new Promise((r) => setTimeout(r, 300));
  // The server and the client are counted too: on a machine with few cores their CPU bounds the end-to-end rate.
  const [serverPid] = childPids(relay.proc.pid);
  const cpu0 = cpuMs(relay.proc.pid);
  const threads0 = threadCpuMs(relay.proc.pid);
  const server0 = serverPid === undefined ? 0 : cpuMs(serverPid);
  const client0 = ownCpuMs();
  const t0 = performance.now();
  client.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'flood' }));
  const seconds = ((await client.answered) - t0) / 1000;
  // CPU is read once every frame is in the store (this read waits for the writer thread), so none of its work is missed.
  await relay.api(`/api/sessions/${relay.sessionId}/methods`);
  const cpu = cpuMs(relay.proc.pid) - cpu0;
  const threads = threadSplit(threads0, threadCpuMs(relay.proc.pid), relay.proc.pid);
  const serverCpu = serverPid === undefined ? NaN : cpuMs(serverPid) - server0;
  const clientCpu = ownCpuMs() - client0;
  const delivered = client.delivered();
  const recorded = (await relay.api(`/api/sessions/${relay.sessionId}`)).lastSeq;
  const rss = peakRssMb(relay.proc.pid);
  client.close();
  await relay.stop();
  if (delivered !== n || recorded < n) throw new Error(`mcpscope lost frames: ${delivered} delivered, ${recorded} recorded of ${n}`);
  return {
    rate: delivered / seconds,
    rss,
    cpuUs: (cpu * 1000) / n,
    serverUs: (serverCpu * 1000) / n,
    clientUs: (clientCpu * 1000) / n,
    mainUs: (threads.main * 1000) / n,
    writerUs: (threads.busiest * 1000) / n,
    restUs: (threads.rest * 1000) / n,
  };
}

/** The same flood through the official relay, its SSE events counted unparsed like mcpscope's socket messages. */
async function floodOfficial(n) {
  const official = await startOfficial(tools);
  let delivered = 0;
  let done;
  const finished = new Promise((r) => (done = r));
  const session = await official.connect(server('--flood', String(n)), null, (text) => {
    delivered += count(text, '"method":"notifications/message"');
    if (text.includes('"id":1,"result"')) done(performance.now());
  });
  await new Promise((r) => setTimeout(r, 300));
  const cpu0 = cpuMs(official.proc.pid);
  const t0 = performance.now();
  session.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'flood' }));
  const seconds = ((await finished) - t0) / 1000;
  const cpu = cpuMs(official.proc.pid) - cpu0;
  const rss = peakRssMb(official.proc.pid);
  await session.close();
  await official.stop();
  return { rate: delivered / seconds, rss, lost: n - delivered, cpuUs: (cpu * 1000) / n };
}

function floor(n) {
  const out = execFileSync(process.execPath, [join(ROOT, 'bench', 'insert-floor.mjs'), '--n', String(n)], { encoding: 'utf8' });
  const [, rate, cpuUs] = /([\d.]+) rows\/s, ([\d.]+) µs CPU/.exec(out);
  return { rate: Number(rate), cpuUs: Number(cpuUs) };
}

async function floods() {
  // One flood first, not counted: it warms this process's own client code (the relay is a new process for every flood,
  // so it warms nothing of mcpscope's). Without it the first flood's client spent two to three times its CPU per frame.
  const sizes = o.floods.split(',').map(Number);
  const warmup = Math.min(o.warmup, ...sizes);
  if (warmup > 0) await floodMcpscope(warmup);
  for (const n of sizes) {
    const got = { mcpscope: [], official: [], floor: [] };
    for (let run = 0; run < o.runs; run++) {
      // Rotated so that none of the three always runs first (or last) in a changing load.
      const steps = [
        async () => got.mcpscope.push(await floodMcpscope(n)),
        async () => {
          if (n > o.officialFloodMax) return;
          const r = await floodOfficial(n);
          got.official.push(r);
          if (r.lost) console.log(`  official lost ${r.lost} of ${n}`);
        },
        async () => got.floor.push(floor(n)),
      ];
      for (let k = 0; k < steps.length; k++) await steps[(run + k) % steps.length]();
      // Each run's own ratio (its flood against the floor measured beside it), so a median's spread is visible.
      const [us, fl] = [got.mcpscope.at(-1), got.floor.at(-1)];
      console.log(
        `  run ${run + 1} at ${n}: mcpscope/floor ${ratio(us.rate, fl.rate)} (${Math.round(us.rate)} frames/s, floor ${Math.round(fl.rate)} rows/s, ${fmt(fl.cpuUs, 1)} µs CPU a row; relay ${fmt(us.cpuUs, 1)} µs a frame), load ${load()}`,
      );
    }
    const m = (list, key) => median(list.map((r) => r[key]));
    const [ours, theirs, fl] = [m(got.mcpscope, 'rate'), m(got.official, 'rate'), m(got.floor, 'rate')];
    const official = got.official.length > 0;
    console.log(
      `flood ${n}: mcpscope ${Math.round(ours)} frames/s, official ${official ? Math.round(theirs) : '-'} frames/s, insert floor ${Math.round(fl)} rows/s`,
    );
    console.log(`RATIO flood ${n}: mcpscope/floor ${ratio(ours, fl)} (target ≥ 0.7)${official ? `, mcpscope/official ${ratio(ours, theirs)}` : ''}`);
    // What bounds the ratio: CPU per frame, every thread of the relay counted, against the floor's per row.
    console.log(
      `CPU per frame at ${n}: mcpscope relay ${fmt(m(got.mcpscope, 'cpuUs'), 1)} µs${official ? `, official relay ${fmt(m(got.official, 'cpuUs'), 1)} µs` : ''}, insert floor ${fmt(m(got.floor, 'cpuUs'), 1)} µs per row`,
    );
    // The bound the cores put on the ratio: each delivered frame costs the server, the relay and the client CPU, and
    // the floor is one thread doing only the insert. With every core busy on this pipeline alone, the end-to-end rate
    // is at most cores / (server + relay + client) per µs, so the ratio to the floor is at most that times floor µs.
    const [sUs, rUs, cUs, fUs] = [m(got.mcpscope, 'serverUs'), m(got.mcpscope, 'cpuUs'), m(got.mcpscope, 'clientUs'), m(got.floor, 'cpuUs')];
    const cores = cpus().length;
    console.log(
      `CPU per frame at ${n}, whole pipeline: server ${fmt(sUs, 1)} µs + relay ${fmt(rUs, 1)} µs + client ${fmt(cUs, 1)} µs = ${fmt(sUs + rUs + cUs, 1)} µs; ` +
        `on ${cores} cores the ratio to the floor can reach at most ${ratio(cores * fUs, sUs + rUs + cUs)} (with a relay that did only the floor's insert: ${ratio(cores * fUs, sUs + cUs + fUs)})`,
    );
    console.log(
      `relay CPU per frame at ${n} by thread: main ${fmt(m(got.mcpscope, 'mainUs'), 1)} µs, writer ${fmt(m(got.mcpscope, 'writerUs'), 1)} µs, other threads (GC, libuv) ${fmt(m(got.mcpscope, 'restUs'), 1)} µs`,
    );
    console.log(
      `relay peak RSS at ${n}: mcpscope ${fmt(m(got.mcpscope, 'rss'), 1)} MB${official ? `, official ${fmt(m(got.official, 'rss'), 1)} MB, RATIO ${ratio(m(got.mcpscope, 'rss'), m(got.official, 'rss'))}` : ''}`,
    );
  }
}

/** Launch to ready line, and launch to the server's answer to initialize through the relay. */
async function startups() {
  const init = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '0' } },
  });
  const got = { oursReady: [], oursInit: [], theirsReady: [], theirsInit: [] };
  for (let i = 0; i < o.starts; i++) {
    const relay = await startRelay(server(), build);
    let answered;
    const a = new Promise((r) => (answered = r));
    const client = await connect(relay, (frames) => frames.some((f) => f.dir === 'in' && f.rpcId === '1') && answered(performance.now()));
    client.send(init);
    got.oursInit.push((await a) - relay.started);
    got.oursReady.push(relay.readyMs);
    client.close();
    await relay.stop();
    const official = await startOfficial(tools);
    let heard;
    const b = new Promise((r) => (heard = r));
    const session = await official.connect(server(), (messages) => messages.some((m) => isAnswer(m) && m.id === 1) && heard(performance.now()));
    session.send(init);
    got.theirsInit.push((await b) - official.started);
    got.theirsReady.push(official.readyMs);
    await session.close();
    await official.stop();
  }
  const m = Object.fromEntries(Object.entries(got).map(([k, v]) => [k, median(v)]));
  console.log(
    `start-up: ready line mcpscope ${fmt(m.oursReady, 0)} ms, official ${fmt(m.theirsReady, 0)} ms; initialize answered mcpscope ${fmt(m.oursInit, 0)} ms, official ${fmt(m.theirsInit, 0)} ms`,
  );
  console.log(`RATIO start-up mcpscope/official: ready ${ratio(m.oursReady, m.theirsReady)}, initialize answered ${ratio(m.oursInit, m.theirsInit)}`);
}

if (parts.has('latency')) await latency();
if (parts.has('flood')) await floods();
if (parts.has('startup')) await startups();
console.log(`load average at end: ${load()}`);
