// What the relay adds to a round trip at 1, 8 and 64 requests in flight, against the direct stdio round trip of the same
// server measured beside it (blocks interleaved, the first side rotating), as ratios: issue 38's goal is added p50 ≤ 1.0×
// the direct p50 at 1 in flight and ≤ 2× at 8 and 64, added p99 ≤ 2× the direct p99.
// The floor of any relay beside them: bench/min-proxy.mjs (WebSocket in, child stdio out, nothing else), the same two
// extra process hops with none of the relay's work; each relay's added latency is also given as a multiple of its.
// Usage: node bench/relay-inflight.mjs [--pings 4000] [--blocks 8] [--inflight 1,8,64] [--runs 1] [--warmup 500] [--bin <another build's bin/mcpscope.js>]
//   [--minimal 1] [--floor 0]
//   --bin: that build's relay runs too, interleaved with this one and the direct client (a before/after in one run).
//   --minimal 0: leave the minimal proxy out.
//   --floor 1: two more sides, the floors stated exactly: `tcp`, a bare byte-level proxy with no WebSocket at all
//     (bench/min-proxy.mjs --tcp: a plain TCP socket's bytes to the child's stdin, its stdout's bytes back), what any
//     relay on this machine must add at least (a second socket hop each way); and `pipe`, the round trip of a child that
//     does nothing (`cat`, the same pings echoed), the pipes' and the process wake-ups' own cost without a server's work.
//   --warmup: pings through each side before the count (a fresh relay compiles its hot code in the first several thousand).
//   BENCH_RELAY_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles each relay (bench-lib.mjs) and the minimal proxy.
import { spawn } from 'node:child_process';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { connect as tcpConnect } from 'node:net';
import WebSocket from 'ws';
import { ROOT, SCRIPTED, args, connect, cpuMs, directClient, fmt, load, percentile, ping, replyReader, startRelay } from './bench-lib.mjs';

const o = args({ pings: 4000, blocks: 8, inflight: '1,8,64', runs: 1, bin: '', minimal: 1, floor: 0, warmup: 500 });
const command = [process.execPath, SCRIPTED];

/**
 * n pings with ids from `firstId`, `k` of them outstanding at any time: each answer sends the next. The round trip
 * times in ms.
 */
function pipelined(n, k, send, onReply, firstId) {
  const sentAt = new Map();
  const rtts = [];
  let next = firstId;
  const end = firstId + n;
  return new Promise((done) => {
    const fire = () => {
      const id = next++;
      sentAt.set(id, performance.now());
      send(ping(id));
    };
    onReply.current = (id) => {
      const t0 = sentAt.get(id);
      if (t0 === undefined) return;
      sentAt.delete(id);
      rtts.push(performance.now() - t0);
      if (next < end) fire();
      else if (sentAt.size === 0) done(rtts);
    };
    for (let i = 0; i < Math.min(k, n); i++) fire();
  });
}

const sorted = (xs) => [...xs].sort((a, b) => a - b);

console.log(`load average at start: ${load()} (${cpus().length} cores); Node ${process.version}; ${new Date().toISOString()}`);
const direct = directClient(command);
const rigs = { direct: { send: direct.send, onReply: direct.onReply } };
const relays = [];
/** A relay of this build (or of `bin`) on the same server, its client reading answers from the frames it is sent. */
async function relayRig(name, bin) {
  const relay = await startRelay(command, bin ? { bin } : {});
  const onReply = { current: () => {} };
  const client = await connect(relay, (frames) => {
    for (const f of frames) if (f.dir === 'in' && f.rpcId !== null) onReply.current(Number(f.rpcId));
  });
  relays.push({ relay, client });
  rigs[name] = { send: client.send, onReply, pid: relay.proc.pid };
}
/** bench/min-proxy.mjs (with `flags`) on the same server, spawned, its port once it listens. */
async function proxyProcess(flags) {
  const proc = spawn(
    process.execPath,
    [...(process.env.BENCH_RELAY_NODE_ARGS?.split(' ').filter(Boolean) ?? []), join(ROOT, 'bench', 'min-proxy.mjs'), ...flags, '--', ...command],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const port = await new Promise((ok, fail) => {
    let out = '';
    proc.stdout.on('data', (c) => {
      out += c;
      const m = /ready: (\d+)/.exec(out);
      if (m) ok(Number(m[1]));
    });
    proc.on('exit', (code) => fail(new Error(`min-proxy exited ${code}`)));
  });
  return { proc, port };
}
/** The minimal proxy on the same server, its client reading each answer's id from the line it is sent. */
async function minimalRig() {
  const { proc, port } = await proxyProcess([]);
  const ws = new WebSocket(`ws://127.0.0.1:${port}`);
  await new Promise((ok, fail) => {
    ws.once('open', ok);
    ws.once('error', fail);
  });
  const onReply = { current: () => {} };
  ws.on('message', (data) => onReply.current(Number(JSON.parse(data.toString()).id)));
  const stop = () => new Promise((r) => (proc.once('exit', r), ws.close(), proc.kill('SIGTERM')));
  relays.push({ relay: { stop }, client: { close: () => {} } });
  rigs.minimal = { send: (text) => ws.send(JSON.stringify({ type: 'send', sessionId: 'm', text })), onReply, pid: proc.pid };
}
/** The TCP floor (min-proxy.mjs --tcp): a line of the ping written to a plain socket, each answer's line read back. */
async function tcpRig() {
  const { proc, port } = await proxyProcess(['--tcp']);
  const socket = tcpConnect({ host: '127.0.0.1', port, noDelay: true });
  await new Promise((ok, fail) => {
    socket.once('connect', ok);
    socket.once('error', fail);
  });
  socket.setEncoding('utf8');
  const onReply = replyReader(socket);
  const stop = () => new Promise((r) => (proc.once('exit', r), socket.destroy(), proc.kill('SIGTERM')));
  relays.push({ relay: { stop }, client: { close: () => {} } });
  rigs.tcp = { send: (text) => socket.write(text + '\n'), onReply, pid: proc.pid };
}
if (o.floor) {
  // The pipe's round trip: the same client as the direct one, on a child that echoes each line (cat).
  const pipe = directClient(['cat']);
  rigs.pipe = { send: pipe.send, onReply: pipe.onReply };
  relays.push({ relay: { stop: async () => pipe.close() }, client: { close: () => {} } });
  await tcpRig();
}
if (o.minimal) await minimalRig();
await relayRig('relay');
if (o.bin) await relayRig('before', o.bin);
const names = Object.keys(rigs);
let id = 1;
// The warm-up in blocks taken in turn as well: a side warmed whole and then left idle while the others warmed came to
// the first run cold, and that run was its worst whichever build it ran (docs/performance.md, "Relay latency, round 7").
for (let done = 0; done < o.warmup; done += 1000) {
  for (const rig of Object.values(rigs)) {
    const n = Math.min(1000, o.warmup - done);
    await pipelined(n, 1, rig.send, rig.onReply, id);
    id += n;
  }
}
for (const k of o.inflight.split(',').map(Number)) {
  for (let run = 1; run <= o.runs; run++) {
    const rtts = Object.fromEntries(names.map((n) => [n, []]));
    // The relay's own CPU per round trip (all its threads), which holds up under load where times swing.
    const cpu = Object.fromEntries(names.map((n) => [n, 0]));
    const per = Math.max(k, Math.round(o.pings / o.blocks));
    for (let b = 0; b < o.blocks; b++) {
      // Rotated, so that no side always runs first in a changing load.
      for (let j = 0; j < names.length; j++) {
        const name = names[(b + j) % names.length];
        const pid = rigs[name].pid;
        const c0 = pid === undefined ? 0 : cpuMs(pid);
        rtts[name].push(...(await pipelined(per, k, rigs[name].send, rigs[name].onReply, id)));
        if (pid !== undefined) cpu[name] += cpuMs(pid) - c0;
        id += per;
      }
    }
    const d = sorted(rtts.direct);
    const [d50, d99] = [percentile(d, 50), percentile(d, 99)];
    console.log(`${String(k).padStart(2)} in flight (run ${run}, ${d.length} pings each): direct p50 ${fmt(d50)} ms p99 ${fmt(d99)} ms`);
    const added = (name) => {
      const r = sorted(rtts[name]);
      return { r, r50: percentile(r, 50), r99: percentile(r, 99), a50: percentile(r, 50) - d50, a99: percentile(r, 99) - d99 };
    };
    const floor = names.includes('minimal') ? added('minimal') : null;
    const tcp = names.includes('tcp') ? added('tcp') : null;
    if (names.includes('pipe')) {
      const { r50, r99 } = added('pipe');
      console.log(`RATIO ${k} in flight, pipe (cat): p50 ${fmt(r50)} ms p99 ${fmt(r99)} ms = ${fmt(r50 / d50, 2)}× direct p50`);
    }
    for (const name of names.slice(1)) {
      if (name === 'pipe') continue;
      const { r, r50, r99, a50, a99 } = added(name);
      const goal50 = k === 1 ? 1 : 2;
      const ok = a50 / d50 <= goal50 && a99 / d99 <= 2;
      const vsFloor =
        (floor && name !== 'minimal' && name !== 'tcp'
          ? `; ${fmt(a50 / floor.a50, 2)}× the minimal proxy's added p50, ${fmt(a99 / floor.a99, 2)}× its added p99`
          : '') + (tcp && name !== 'tcp' ? `; ${fmt(a50 / tcp.a50, 2)}× the TCP floor's added p50` : '');
      console.log(
        `RATIO ${k} in flight, ${name}: p50 ${fmt(r50)} ms p99 ${fmt(r99)} ms; added p50 ${fmt(a50)} ms = ${fmt(a50 / d50, 2)}× direct p50 (goal ≤ ${goal50}), added p99 ${fmt(a99)} ms = ${fmt(a99 / d99, 2)}× direct p99 (goal ≤ 2) ${ok ? '✓' : '✗'}; relay CPU ${fmt((cpu[name] * 1000) / r.length, 1)} µs a round trip${vsFloor}`,
      );
    }
    console.log(`  load ${load()}`);
  }
}
direct.close();
for (const { relay, client } of relays) {
  client.close();
  await relay.stop();
}
console.log(`load average at end: ${load()}`);
