// Shared pieces of the bench scripts: argument parsing, statistics, and starting the real relay and a WS client.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { unpackFrames } from '../dist/shared/frames-wire.js';

export const ROOT = new URL('..', import.meta.url).pathname;
export const BIN = join(ROOT, 'bin', 'mcpscope.js');
export const SCRIPTED = join(ROOT, 'test', 'fixtures', 'scripted-server.mjs');
export const DEMO = join(ROOT, 'dist', 'bundle', 'demo-server.js');

// Every bench runs the built dist/ (the relay, the demo server, the page): build what is older than its sources first,
// as the tests do, so a bench never measures code that is no longer there (a no-op when dist/ is current). Once a run:
// a bench script it starts (side-by-side's insert floor, each flood) inherits the mark and does not walk the tree again.
if (process.env.MCPSCOPE_BENCH_BUILT !== '1') {
  const built = spawnSync(process.execPath, [join(ROOT, 'scripts', 'ensure-built.js')], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (built.status !== 0) throw new Error('bench: building dist/ failed (scripts/ensure-built.js)');
  process.env.MCPSCOPE_BENCH_BUILT = '1';
}

/** `--name value` pairs into an object of numbers/strings, with defaults. */
export function args(defaults) {
  const out = { ...defaults };
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i += 2) {
    const key = argv[i]?.replace(/^--/, '');
    if (!key || !(key in defaults)) throw new Error(`unknown option ${argv[i]}; known: ${Object.keys(defaults).join(', ')}`);
    out[key] = typeof defaults[key] === 'number' ? Number(argv[i + 1]) : argv[i + 1];
  }
  return out;
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

/** The median of unsorted values. */
export function median(values) {
  return percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
}

/** The 1, 5 and 15 minute load averages, as every bench prints them beside its figures. */
export function load() {
  return loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
}

export function summary(values) {
  const s = [...values].sort((a, b) => a - b);
  return { median: percentile(s, 50), min: s[0], max: s[s.length - 1] };
}

export const fmt = (n, digits = 3) => (Number.isFinite(n) ? n.toFixed(digits) : String(n));

/** Peak resident set size of a process, in MB (VmHWM). */
export function peakRssMb(pid) {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

/** /proc counts CPU time in USER_HZ ticks, 100 a second on Linux whatever the kernel's own tick. */
const USER_HZ = 100;

/** CPU time (user + system) a process has used so far, in ms, all its threads included. */
export function cpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(f[11]) + Number(f[12])) * 1000) / USER_HZ;
}

/** CPU time of each thread of a process so far, in ms, by thread id (the main thread's id is the pid). */
export function threadCpuMs(pid) {
  const out = new Map();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(Number(tid), ((Number(f[11]) + Number(f[12])) * 1000) / USER_HZ);
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return out;
}

/**
 * A process's CPU between two threadCpuMs readings, split as the relay's threads are: its main thread, the busiest
 * other thread (the recorder's writer thread during a flood), and every other thread (GC helpers, libuv's pool).
 */
export function threadSplit(before, after, pid) {
  const used = [...after].map(([tid, ms]) => [tid, ms - (before.get(tid) ?? 0)]);
  const main = used.find(([tid]) => tid === pid)?.[1] ?? 0;
  const others = used
    .filter(([tid]) => tid !== pid)
    .map(([, ms]) => ms)
    .sort((a, b) => b - a);
  const busiest = others[0] ?? 0;
  return { main, busiest, rest: others.slice(1).reduce((a, b) => a + b, 0) };
}

/** Direct children of a process (every thread's list: Linux records a child under the thread that forked it). */
export function childPids(pid) {
  const out = [];
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      out.push(...readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').split(' ').filter(Boolean).map(Number));
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return out;
}

/** CPU time of this process (the bench's own clients run in it), in ms. */
export function ownCpuMs() {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/**
 * Starts a relay on `command`. `opts.bin` runs another build's entry point (an A/B against a copy of an earlier build);
 * `opts.nodeArgs` are Node flags for this relay alone, added to BENCH_RELAY_NODE_ARGS, which passes them to every relay
 * a bench starts, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile it. BENCH_RELAY_STDOUT names a file that gets the
 * relay's stdout, `%p` standing for its pid: where the traces of flags such as --trace-gc-nvp go. `opts.dataDir` opens
 * another relay's store (left in place at stop) instead of a fresh one.
 */
export async function startRelay(command, opts = {}) {
  const token = randomBytes(24).toString('base64url');
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'mcpscope-bench-'));
  const started = performance.now();
  const nodeArgs = [...(process.env.BENCH_RELAY_NODE_ARGS?.split(' ').filter(Boolean) ?? []), ...(opts.nodeArgs ?? [])];
  const proc = spawn(process.execPath, [...nodeArgs, opts.bin ?? BIN, '--port', '0', '--no-open', '--data-dir', dataDir, '--', ...command], {
    env: { ...process.env, MCPSCOPE_TOKEN: token },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // What the relay prints, Node's traces included (--trace-gc-nvp, --trace-opt, --trace-deopt), into a file per relay.
  const keep = process.env.BENCH_RELAY_STDOUT?.replace('%p', String(proc.pid));
  if (keep) proc.stdout.pipe(createWriteStream(keep));
  let out = '';
  const url = await new Promise((ok, fail) => {
    proc.stdout.on('data', (c) => {
      out += c;
      const m = /ready: (http:\/\/127\.0\.0\.1:(\d+)\/#token=\S+)/.exec(out);
      if (m) ok(m[1]);
    });
    proc.on('exit', (code) => fail(new Error(`relay exited ${code}`)));
  });
  const readyMs = performance.now() - started;
  const port = Number(new URL(url).port);
  const api = async (path) => (await fetch(`http://127.0.0.1:${port}${path}`, { headers: { authorization: `Bearer ${token}` } })).json();
  const config = await api('/api/config');
  return { proc, port, token, readyMs, started, sessionId: config.launchSessionId, api, dataDir, stop: () => stop(proc, opts.dataDir ? null : dataDir) };
}

/** Stops the relay and removes its data dir: a million-frame session is about 400 MB of SQLite. */
async function stop(proc, dataDir) {
  await new Promise((r) => {
    proc.once('exit', r);
    proc.kill('SIGTERM');
  });
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}

/**
 * A WS client that calls onFrames for every batch of frames of the session (or onBytes with each raw message, its
 * UTF-8 bytes undecoded).
 */
export async function connect(relay, onFrames, onBytes) {
  const ws = new WebSocket(`ws://127.0.0.1:${relay.port}/ws`, ['mcpscope.v1', `token.${relay.token}`]);
  await new Promise((ok, fail) => {
    ws.once('open', ok);
    ws.once('error', fail);
  });
  ws.on('message', (data) => {
    if (onBytes) return onBytes(data);
    const text = data.toString();
    if (text.includes('\n')) {
      // A packed frames message (shared/frames-wire.ts, read with the build's own reader).
      const got = unpackFrames(text);
      if (!got.ok) throw new Error(got.error);
      return onFrames(got.frames);
    }
    const msg = JSON.parse(text);
    if (msg.type === 'frames') onFrames(msg.frames);
  });
  ws.send(JSON.stringify({ type: 'subscribe', sessionId: relay.sessionId, afterSeq: 0 }));
  // Each send with a ref, as the page's: the relay answers it (beside the echo, or with a `sent` message).
  let ref = 0;
  return {
    send: (text) => ws.send(JSON.stringify({ type: 'send', sessionId: relay.sessionId, text, ref: String(++ref) })),
    close: () => ws.close(),
  };
}

/** Occurrences of `needle` in `text`. */
export function count(text, needle) {
  let n = 0;
  for (let i = text.indexOf(needle); i !== -1; i = text.indexOf(needle, i + needle.length)) n++;
  return n;
}

const SEQ = '{"seq":';
const NOTIFICATION = '"method":"notifications/message"';

/**
 * A flood's client, cheap so that the relay, not this client, is what is measured: it reads each message as Latin-1
 * (a plain copy of its bytes, where the ASCII it looks for reads the same as in UTF-8) and parses none of it, but the
 * rare message that may hold the flood's answer. It still proves that every frame of the session arrived exactly
 * once: the seq of every frame, read where each frame record begins (`{"seq":`, which a frame's own text can only hold
 * escaped), must be the one after the last, from 1 on; a lost or repeated frame rejects `answered` at once. It counts
 * the notifications delivered by their record's `method` field and resolves `answered` with the time the flood
 * request's answer arrived.
 */
export async function floodClient(relay, onMark = null, marks = []) {
  // `onMark(mark, delivered)` is called once the delivered count reaches each of `marks` (ascending): a flood's phases.
  const state = { delivered: 0, messages: 0, next: 1, done: null, failed: null, marks: [...marks, Infinity], mark: 0, onMark };
  const answered = new Promise((ok, fail) => ([state.done, state.failed] = [ok, fail]));
  const client = await connect(relay, null, (bytes) => floodMessage(state, bytes));
  return { ...client, answered, delivered: () => state.delivered, messages: () => state.messages, lastSeq: () => state.next - 1 };
}

/**
 * One message of a flood, for floodClient. A function of the module, not a closure made for each flood: V8 keeps what
 * it learned and compiled per closure, so a new one for every flood ran unoptimized at first, which a 100,000-frame
 * flood's client CPU showed.
 */
function floodMessage(state, bytes) {
  state.messages++;
  const nl = bytes.indexOf(10);
  if (nl !== -1) return floodPacked(state, bytes, nl);
  // A build from before the packed frames message (an A/B's older side): JSON records, scanned unparsed.
  const text = bytes.toString('latin1');
  for (let i = text.indexOf(SEQ); i !== -1; i = text.indexOf(SEQ, i + SEQ.length)) {
    let seq = 0;
    for (let j = i + SEQ.length, c = text.charCodeAt(j); c >= 0x30 && c <= 0x39; c = text.charCodeAt(++j)) seq = seq * 10 + (c - 0x30);
    if (seq !== state.next) state.failed(new Error(`frame ${state.next} expected, frame ${seq} arrived: ${seq > state.next ? 'lost' : 'repeated'} frames`));
    state.next = seq + 1;
  }
  state.delivered += count(text, NOTIFICATION);
  while (state.delivered >= state.marks[state.mark]) state.onMark(state.marks[state.mark++], state.delivered);
  if (!text.includes('"rpcId":"1"')) return;
  const msg = JSON.parse(bytes.toString('utf8'));
  if (msg.type === 'frames' && msg.frames.some((f) => f.dir === 'in' && f.rpcId === '1')) state.done(performance.now());
}

/**
 * A packed frames message (shared/frames-wire.ts): its header line read, its texts left unread, as the old format's
 * records were scanned without decoding their texts. The seqs are checked in order, as there.
 */
function floodPacked(state, bytes, nl) {
  const h = JSON.parse(bytes.toString('utf8', 0, nl));
  if (h.type !== 'frames') return;
  for (let r = 0; r < h.seq.length; r += 2) {
    if (h.seq[r] !== state.next)
      state.failed(new Error(`frame ${state.next} expected, frame ${h.seq[r]} arrived: ${h.seq[r] > state.next ? 'lost' : 'repeated'} frames`));
    state.next = h.seq[r] + h.seq[r + 1];
  }
  let done = false;
  for (let i = 0; i < h.n; i++) {
    if (h.method[i] === 'notifications/message') state.delivered++;
    else if (h.rpcId[i] === '1' && h.code[i] >> 4 === 1) done = true;
  }
  while (state.delivered >= state.marks[state.mark]) state.onMark(state.marks[state.mark++], state.delivered);
  if (done) state.done(performance.now());
}

export const ping = (id) => JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' });

/**
 * Round-trip times in ms of n sequential pings with ids from `firstId`: `send` writes one, and the caller calls
 * `onReply.current(id)` for each answer it hears.
 */
export async function roundTrips(n, send, onReply, firstId = 1) {
  const rtts = [];
  for (let id = firstId; id < firstId + n; id++) {
    const t0 = performance.now();
    await new Promise((resolve) => {
      onReply.current = (rid) => rid === id && resolve();
      send(ping(id));
    });
    rtts.push(performance.now() - t0);
  }
  return rtts;
}

/** A stdio client of `command` with no relay between: the floor of a round trip. */
export function directClient(command) {
  const child = spawn(command[0], command.slice(1), { stdio: ['pipe', 'pipe', 'ignore'] });
  return { send: (t) => child.stdin.write(t + '\n'), onReply: replyReader(child.stdout), close: () => child.stdin.end() };
}

/** Reads JSON-RPC lines from `readable` (a child's stdout, a socket): each reply's id goes to `onReply.current`. */
export function replyReader(readable) {
  const onReply = { current: () => {} };
  let buf = '';
  readable.on('data', (c) => {
    buf += c;
    let nl;
    while ((nl = buf.indexOf('\n')) !== -1) {
      const line = buf.slice(0, nl);
      buf = buf.slice(nl + 1);
      try {
        onReply.current(JSON.parse(line).id);
      } catch {
        // not JSON: ignore
      }
    }
  });
  return onReply;
}
