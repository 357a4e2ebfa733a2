// mcpscope tap: the round-trip latency it adds to a host, and concurrent taps flooding one store (with the inspector
// watching it), against the same host talking to the same server directly. Prints numbers and ratios with the load.
// Usage: node bench/tap.mjs [--pings 2000] [--flood 100000] [--taps 5] [--runs 1] [--inspector 1]
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, SCRIPTED, args, directClient, fmt, load, percentile, roundTrips, summary } from './bench-lib.mjs';

const o = args({ pings: 2000, flood: 100_000, taps: 5, runs: 1, inspector: 1 });
/** What the taps said on stderr (a recording that stopped says why), printed once at the end of a run. */
let stderr = '';
const tapped = (dataDir, command) => [process.execPath, BIN, 'tap', '--data-dir', dataDir, '--', ...command];

/** Sequential ping round trips of a host over `command`, sorted, after a warm-up. */
async function pingTimes(command) {
  const host = directClient(command);
  await roundTrips(Math.min(200, o.pings), host.send, host.onReply);
  const rtts = await roundTrips(o.pings, host.send, host.onReply, 1_000_000);
  host.close();
  return rtts.sort((a, b) => a - b);
}

/**
 * One host asking `command` for a flood: the time from the request to its answer, with every notification counted
 * as it arrives (the host reads as fast as the pipe gives; nothing is parsed but the answer).
 */
function floodHost(command) {
  const child = spawn(command[0], command.slice(1), { stdio: ['pipe', 'pipe', 'pipe'] });
  let delivered = 0;
  let tail = '';
  let partial = '';
  child.stderr.on('data', (c) => (stderr += c));
  let done;
  const answered = new Promise((r) => (done = r));
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (text) => {
    // Counted per line: a chunk may end in the middle of one.
    const lines = (partial + text).split('\n');
    partial = lines.pop();
    for (const line of lines) if (line.includes('"method":"notifications/message"')) delivered++;
    tail = (tail + text).slice(-400);
    if (tail.includes('"id":1,"result"')) done(performance.now());
  });
  const exited = new Promise((r) => child.on('close', r));
  return {
    async run() {
      const t0 = performance.now();
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'flood' })}\n`);
      const t1 = await answered;
      child.stdin.end();
      await exited;
      // A tap exits once its recording is on disk: from the request to the exit, every frame was recorded.
      return { seconds: (t1 - t0) / 1000, recordedSeconds: (performance.now() - t0) / 1000, delivered };
    },
  };
}

/** Frames per tapped session in the store, read by a connection of its own (as the inspector reads). */
function recorded(dataDir) {
  const db = new Database(join(dataDir, 'mcpscope.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare(
        "SELECT k.id, COUNT(f.seq) AS n FROM session_keys k JOIN session_meta m ON m.session_id = k.id AND m.origin = 'tap' LEFT JOIN frames f ON f.sk = k.sk GROUP BY k.id",
      )
      .all();
  } finally {
    db.close();
  }
}

async function startInspector(dataDir) {
  const proc = spawn(process.execPath, [BIN, '--port', '0', '--no-open', '--data-dir', dataDir], {
    env: { ...process.env, MCPSCOPE_TOKEN: randomBytes(24).toString('base64url') },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((ok, fail) => {
    let out = '';
    proc.stdout.on('data', (c) => (out += c) && /ready: /.test(out) && ok());
    proc.on('exit', (code) => fail(new Error(`inspector exited ${code}`)));
  });
  return () => new Promise((r) => (proc.once('exit', r), proc.kill('SIGTERM')));
}

/** `n` hosts flooding at once, each through its own tap into one store (or directly when dataDir is null). */
async function floods(n, dataDir) {
  const server = [process.execPath, SCRIPTED, '--flood', String(o.flood)];
  const hosts = Array.from({ length: n }, () => floodHost(dataDir ? tapped(dataDir, server) : server));
  // Let every tap and server start before the clock runs.
  await new Promise((r) => setTimeout(r, 1500));
  const results = await Promise.all(hosts.map((h) => h.run()));
  return results;
}

console.log(`load average at start: ${load()} (${o.taps} taps, ${o.flood} frames each, ${o.pings} pings)`);
for (let run = 1; run <= o.runs; run++) {
  const dataDir = mkdtempSync(join(tmpdir(), 'mcpscope-bench-tap-'));
  const stopInspector = o.inspector ? await startInspector(dataDir) : null;

  const direct = await pingTimes([process.execPath, SCRIPTED]);
  const viaTap = await pingTimes(tapped(dataDir, [process.execPath, SCRIPTED]));
  const [d50, d99, t50, t99] = [percentile(direct, 50), percentile(direct, 99), percentile(viaTap, 50), percentile(viaTap, 99)];
  console.log(`run ${run}: ping direct p50 ${fmt(d50)} ms p99 ${fmt(d99)} ms | through tap p50 ${fmt(t50)} ms p99 ${fmt(t99)} ms`);
  console.log(`run ${run}: added latency p50 ${fmt(t50 - d50)} ms, p99 ${fmt(t99 - d99)} ms; RATIO tap/direct p50 ${fmt(t50 / d50, 2)}`);

  const directFloods = await floods(o.taps, null);
  const alone = await floods(1, dataDir);
  const before = new Set(recorded(dataDir).map((r) => r.id));
  const together = await floods(o.taps, dataDir);
  const rate = (rs) => summary(rs.map((r) => r.delivered / r.seconds));
  const [rd, ra, rt] = [rate(directFloods), rate(alone), rate(together)];
  const lost = together.reduce((s, r) => s + (o.flood - r.delivered), 0);
  console.log(`run ${run}: flood per host, ${o.taps} at once direct: ${Math.round(rd.median)} frames/s (min ${Math.round(rd.min)})`);
  console.log(`run ${run}: flood per host, one tap alone: ${Math.round(ra.median)} frames/s`);
  console.log(
    `run ${run}: flood per host, ${o.taps} taps at once: ${Math.round(rt.median)} frames/s (min ${Math.round(rt.min)}, max ${Math.round(rt.max)}), ${lost} frames lost by hosts`,
  );
  console.log(`RATIO ${o.taps} taps at once / ${o.taps} direct hosts: ${fmt(rt.median / rd.median, 2)} (per host, median)`);
  const rec = summary(together.map((r) => o.flood / r.recordedSeconds));
  console.log(
    `run ${run}: recorded per tap, ${o.taps} at once: ${Math.round(rec.median)} frames/s (min ${Math.round(rec.min)}), all ${o.taps} in ${fmt(Math.max(...together.map((r) => r.recordedSeconds)), 1)} s`,
  );
  // Every frame each host got must be in the store, with the request, its answer and the tap's events.
  const rows = recorded(dataDir).filter((r) => !before.has(r.id));
  const short = rows.filter((r) => r.n < o.flood + 2);
  console.log(
    `run ${run}: recorded ${rows.length} sessions of ${o.taps}, frames each: ${rows.map((r) => r.n).join(', ')}; ${short.length} short of ${o.flood + 2}`,
  );
  const said = [...new Set(stderr.split('\n').filter((l) => l.startsWith('mcpscope') && !/recording session \S+ in/.test(l)))];
  if (said.length > 0) console.log(`run ${run}: the taps said:\n  ${said.join('\n  ')}`);
  stderr = '';
  if (stopInspector) await stopInspector();
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(`load average at end: ${load()}`);
