// Should the relay be the only linter and pairer of a session's log? Records one session of mixed traffic (pings,
// tools/list, unknown methods, a malformed request every 50th) through the real relay, then measures the two places
// that lint and pair it: the page's log (web/lib/log/session-log.ts, bundled here and run in this V8 as the page runs
// it) and the relay's store (its lint of the whole session, and what a reader pays to get findings and pairs from it).
// --base <dir>: another checkout's sources (its web/ and shared/, e.g. `git archive <commit> web shared | tar -x -C dir`);
// the page's whole-session append is then also timed with that checkout's log, alternating run by run, and the ratio
// this/base of the page's CPU printed: a change to the page's log measured against its baseline under the same load.
// --repeat k times each pair per run (base and this in turns, the order alternating), on the same recorded frames.
// Usage: node bench/log-linters.mjs [--requests 5000] [--runs 3] [--live 100] [--base <dir> [--repeat 1]]
import { rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { ROOT, SCRIPTED, args, connect, cpuMs, fmt, startRelay, summary } from './bench-lib.mjs';

const o = args({ requests: 5000, runs: 3, live: 100, base: '', repeat: 1 });
const PROTOCOL = '2025-11-25';
/** How the page's windowed log polls the relay's lint (LINT_POLL_MS in web/lib/log/windowed-log.ts). */
const PAGE_LINT_POLL_MS = 1000;

/** The page's log code as the browser gets it: one ES module, bundled from the sources by the project's own Vite. */
async function pageLog(root = ROOT) {
  const outDir = join(tmpdir(), `mcpscope-bench-log-${process.pid}-${root === ROOT ? 'this' : 'base'}`);
  await build({
    configFile: false,
    logLevel: 'silent',
    build: { outDir, emptyOutDir: true, minify: false, lib: { entry: join(root, 'web/lib/log/session-log.ts'), formats: ['es'], fileName: 'session-log' } },
  });
  const mod = await import(join(outDir, 'session-log.js'));
  rmSync(outDir, { recursive: true, force: true });
  return mod.SessionLog;
}

function message(i) {
  if (i % 50 === 49) return { jsonrpc: '1.0', id: i, method: 'ping' };
  if (i % 10 === 3) return { jsonrpc: '2.0', id: i, method: 'no/such-method' };
  return { jsonrpc: '2.0', id: i, method: i % 2 === 0 ? 'ping' : 'tools/list' };
}

/** Records a session of `requests` exchanges after a handshake; returns the relay, its frames and a client on it. */
async function record() {
  const relay = await startRelay([process.execPath, SCRIPTED]);
  const frames = [];
  const waiters = [];
  const client = await connect(relay, (batch) => {
    frames.push(...batch);
    for (const w of [...waiters]) w();
  });
  const answered = (id) =>
    new Promise((resolve) => {
      const check = () => {
        if (!frames.some((f) => f.dir === 'in' && f.rpcId === String(id))) return;
        waiters.splice(waiters.indexOf(check), 1);
        resolve(frames.find((f) => f.dir === 'in' && f.rpcId === String(id)));
      };
      waiters.push(check);
      check();
    });
  client.send(
    JSON.stringify({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: PROTOCOL, capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
    }),
  );
  await answered(0);
  client.send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
  for (let i = 1; i <= o.requests; i++) client.send(JSON.stringify(message(i)));
  await answered(o.requests);
  return { relay, frames, client, answered };
}

/** Wall time and this process's CPU time (user + system), in ms: on a loaded machine the CPU time is the cost. */
function timed(fn) {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const value = fn();
  const c = process.cpuUsage(c0);
  return { value, ms: performance.now() - t0, cpuMs: (c.user + c.system) / 1000 };
}

/** The page: the whole session appended as the socket delivers it (batches of 500), lint configured first. */
/** A frame's pairs: in the log's links store since entries stopped changing, on the entry itself in older checkouts. */
function pairsOf(log, seq) {
  return log.links?.of(seq).pairs ?? log.bySeq(seq)?.pairs ?? [];
}

function pageWhole(SessionLog, frames) {
  const log = new SessionLog(null);
  log.configureLint({ transport: 'stdio', protocolVersion: PROTOCOL });
  const { ms, cpuMs } = timed(() => {
    for (let i = 0; i < frames.length; i += 500) log.append(frames.slice(i, i + 500));
  });
  return { ms, cpuMs, findings: log.findings.all.length, paired: frames.filter((f) => pairsOf(log, f.seq).length > 0).length };
}

/** The page, live: each of the last `live` frames appended alone; the time until its findings and pair are there. */
function pageLive(SessionLog, frames) {
  const log = new SessionLog(null);
  log.configureLint({ transport: 'stdio', protocolVersion: PROTOCOL });
  log.append(frames.slice(0, frames.length - o.live));
  return frames.slice(-o.live).map((f) => timed(() => log.append([f])).ms);
}

/** The relay's lint of the whole recorded session: from the first ask to `done`, polled every 10 ms. */
async function relayWhole(relay) {
  const cpu0 = cpuMs(relay.proc.pid);
  const t0 = performance.now();
  let s;
  for (;;) {
    s = await relay.api(`/api/sessions/${relay.sessionId}/findings-summary`);
    if (s.done) break;
    await new Promise((r) => setTimeout(r, 10));
  }
  return { ms: performance.now() - t0, cpuMs: cpuMs(relay.proc.pid) - cpu0, findings: s.stored + s.dropped };
}

/**
 * The relay, live: a malformed request sent; the time until the relay serves it with its findings. Polled as the
 * windowed page polls (the findings summary, which does not hold the background lint back as row reads do), every
 * 20 ms instead of every second; then the frame is read once.
 */
async function relayLive(rec, id) {
  const t0 = performance.now();
  rec.client.send(JSON.stringify({ jsonrpc: '1.0', id, method: 'ping' }));
  const seq = (await rec.answered(id)).seq - 1;
  for (;;) {
    const s = await rec.relay.api(`/api/sessions/${rec.relay.sessionId}/findings-summary`);
    if (s.done || s.lintedTo >= seq) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const f = await rec.relay.api(`/api/sessions/${rec.relay.sessionId}/frames/${seq}`);
  if (!(f.findings?.length > 0)) throw new Error(`the relay linted past seq ${seq} and found nothing on it`);
  return performance.now() - t0;
}

/** A reader's page of 100 rows with pairs and findings from the relay, at random places. */
async function relayPages(relay, total) {
  const out = [];
  for (let i = 0; i < 20; i++) {
    const from = 1 + Math.floor(Math.random() * Math.max(1, total - 100));
    const t0 = performance.now();
    await relay.api(`/api/sessions/${relay.sessionId}/frame-page?fromSeq=${from}&limit=100`);
    out.push(performance.now() - t0);
  }
  return out;
}

const SessionLog = await pageLog();
const BaseLog = o.base ? await pageLog(o.base) : null;
const rows = [];
for (let run = 0; run < o.runs; run++) {
  const rec = await record();
  try {
    // Base and this checkout in turns, the order alternating pair by pair, on the same frames.
    let base = null;
    const pairs = [];
    for (let k = 0; BaseLog && k < o.repeat; k++) {
      const first = (run + k) % 2 === 0;
      const a = first ? pageWhole(BaseLog, rec.frames) : null;
      const b = pageWhole(SessionLog, rec.frames);
      pairs.push({ base: a ?? pageWhole(BaseLog, rec.frames), this: b });
    }
    if (BaseLog) base = pairs.at(-1).base;
    const whole = BaseLog ? pairs.at(-1).this : pageWhole(SessionLog, rec.frames);
    const live = summary(pageLive(SessionLog, rec.frames));
    const relay = await relayWhole(rec.relay);
    const relayLiveMs = [];
    for (let i = 0; i < 5; i++) relayLiveMs.push(await relayLive(rec, 1_000_000 + i));
    const pages = summary(await relayPages(rec.relay, rec.frames.length));
    rows.push({ frames: rec.frames.length, whole, base, pairs, live, relay, relayLive: summary(relayLiveMs), pages });
  } finally {
    rec.client.close();
    await rec.relay.stop();
  }
}

console.log(
  `log-linters: ${o.requests} requests (${rows[0].frames} frames), ${o.runs} runs; load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
for (const r of rows) {
  console.log(
    `  page whole ${fmt(r.whole.ms, 1)} ms wall, ${fmt(r.whole.cpuMs, 0)} ms CPU (${fmt((r.whole.cpuMs * 1000) / r.frames, 1)} µs CPU/frame, ${r.whole.findings} findings, ${r.whole.paired} paired)` +
      ` | relay whole ${fmt(r.relay.ms, 1)} ms wall, ${fmt(r.relay.cpuMs, 0)} ms CPU (${r.relay.findings} findings)` +
      ` | new frame: page ${fmt(r.live.median * 1000, 1)} µs, relay ${fmt(r.relayLive.median, 1)} ms (+ up to ${PAGE_LINT_POLL_MS} ms poll)` +
      ` | relay page of 100 rows ${fmt(r.pages.median, 1)} ms`,
  );
}
const med = (f) => summary(rows.map(f)).median;
console.log(
  `ratios (medians over runs): relay/page whole-session lint wall ${fmt(med((r) => r.relay.ms) / med((r) => r.whole.ms), 1)}x, CPU ${fmt(med((r) => r.relay.cpuMs) / med((r) => r.whole.cpuMs), 1)}x; relay/page findings of a new frame ${fmt((med((r) => r.relayLive.median) * 1000) / med((r) => r.live.median * 1000), 0)}x before the poll, ${fmt(((med((r) => r.relayLive.median) + PAGE_LINT_POLL_MS / 2) * 1000) / med((r) => r.live.median * 1000), 0)}x with half a poll`,
);
if (BaseLog) {
  for (const r of rows) {
    console.log(
      `  base page whole ${fmt(r.base.ms, 1)} ms wall, ${fmt(r.base.cpuMs, 0)} ms CPU (${r.base.findings} findings, ${r.base.paired} paired) | this ${fmt(r.whole.cpuMs, 0)} ms CPU: ${fmt(r.whole.cpuMs / r.base.cpuMs, 2)}x`,
    );
  }
  const ratios = rows.flatMap((r) => r.pairs.map((p) => p.this.cpuMs / p.base.cpuMs));
  const all = summary(ratios);
  console.log(
    `this/base page whole-session append CPU over ${ratios.length} pairs: median ${fmt(all.median, 2)}x (${fmt(all.min, 2)}–${fmt(all.max, 2)}); ` +
      `base ${fmt(summary(rows.flatMap((r) => r.pairs.map((p) => p.base.cpuMs))).median, 0)} ms, this ${fmt(summary(rows.flatMap((r) => r.pairs.map((p) => p.this.cpuMs))).median, 0)} ms (medians)`,
  );
}
