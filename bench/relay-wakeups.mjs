// Where a relay's CPU and wake-ups go per round trip at 1 request in flight, thread by thread: CPU from /proc's
// per-thread stat, wake-ups from each thread's voluntary context switches (a thread that blocks and is woken again),
// per round trip, for this build's relay, the minimal proxy (bench/min-proxy.mjs) and optionally another build.
// Usage: node bench/relay-wakeups.mjs [--pings 3000] [--warmup 300] [--bin <another build's bin/mcpscope.js>]
//   --warmup: round trips before the count; a fresh relay's V8 compiles its hot code on four background threads for the
//   first several thousand, which the count otherwise includes.
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import WebSocket from 'ws';
import { ROOT, SCRIPTED, args, connect, fmt, load, roundTrips, startRelay } from './bench-lib.mjs';

const o = args({ pings: 3000, warmup: 300, bin: '' });
const command = [process.execPath, SCRIPTED];

/** Per thread: name, CPU ms, voluntary and involuntary context switches. */
function threads(pid) {
  const out = new Map();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const status = readFileSync(`/proc/${pid}/task/${tid}/status`, 'utf8');
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(tid, {
        name: /Name:\s+(.*)/.exec(status)[1],
        cpu: (Number(f[11]) + Number(f[12])) * 10,
        vol: Number(/voluntary_ctxt_switches:\s+(\d+)/.exec(status)[1]),
        invol: Number(/nonvoluntary_ctxt_switches:\s+(\d+)/.exec(status)[1]),
      });
    } catch {
      // gone
    }
  }
  return out;
}

function report(name, pid, before, after, n) {
  const rows = [];
  for (const [tid, a] of after) {
    const b = before.get(tid) ?? { cpu: 0, vol: 0, invol: 0 };
    const cpu = ((a.cpu - b.cpu) * 1000) / n;
    const wake = (a.vol - b.vol) / n;
    if (cpu === 0 && wake < 0.01) continue;
    rows.push(`  ${(tid === String(pid) ? 'main' : a.name).padEnd(16)} CPU ${fmt(cpu, 1).padStart(6)} µs, wake-ups ${fmt(wake, 2)} a round trip`);
  }
  console.log(`${name} (pid ${pid}):\n${rows.join('\n')}`);
}

async function minimal() {
  const proc = spawn(process.execPath, [join(ROOT, 'bench', 'min-proxy.mjs'), '--', ...command], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise((ok) => proc.stdout.on('data', (c) => /ready: (\d+)/.test(String(c)) && ok(Number(/ready: (\d+)/.exec(String(c))[1]))));
  const ws = new WebSocket(`ws://127.0.0.1:${port}`);
  await new Promise((ok) => ws.once('open', ok));
  const onReply = { current: () => {} };
  ws.on('message', (d) => onReply.current(Number(JSON.parse(d.toString()).id)));
  return { pid: proc.pid, send: (t) => ws.send(JSON.stringify({ type: 'send', text: t })), onReply, stop: () => (ws.close(), proc.kill()) };
}

async function relay(bin) {
  const r = await startRelay(command, bin ? { bin } : {});
  const onReply = { current: () => {} };
  const c = await connect(r, (frames) => {
    for (const f of frames) if (f.dir === 'in' && f.rpcId !== null) onReply.current(Number(f.rpcId));
  });
  return { pid: r.proc.pid, send: c.send, onReply, stop: async () => (c.close(), await r.stop()) };
}

console.log(`load ${load()}; ${o.pings} sequential pings each`);
const sides = [
  ['minimal', await minimal()],
  ['relay', await relay()],
];
if (o.bin) sides.push(['before', await relay(o.bin)]);
let id = 1;
for (const [name, s] of sides) {
  await roundTrips(o.warmup, s.send, s.onReply, id);
  id += o.warmup;
  const before = threads(s.pid);
  await roundTrips(o.pings, s.send, s.onReply, id);
  id += o.pings;
  report(name, s.pid, before, threads(s.pid), o.pings);
}
for (const [, s] of sides) await s.stop();
console.log(`load ${load()}`);
