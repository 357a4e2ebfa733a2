// Shared pieces of the bench scripts: argument parsing, statistics, and starting the real relay and a WS client.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';

export const ROOT = new URL('..', import.meta.url).pathname;
export const BIN = join(ROOT, 'bin', 'mcpscope.js');
export const SCRIPTED = join(ROOT, 'test', 'fixtures', 'scripted-server.mjs');
export const DEMO = join(ROOT, 'dist', 'demo', 'demo-server.js');

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

export async function startRelay(command) {
  const token = randomBytes(24).toString('base64url');
  const dataDir = mkdtempSync(join(tmpdir(), 'mcpscope-bench-'));
  const started = performance.now();
  const proc = spawn(process.execPath, [BIN, '--port', '0', '--no-open', '--data-dir', dataDir, '--', ...command], {
    env: { ...process.env, MCPSCOPE_TOKEN: token },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
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
  return { proc, port, token, readyMs, started, sessionId: config.launchSessionId, api, stop: () => stop(proc, dataDir) };
}

/** Stops the relay and removes its data dir: a million-frame session is about 400 MB of SQLite. */
async function stop(proc, dataDir) {
  await new Promise((r) => {
    proc.once('exit', r);
    proc.kill('SIGTERM');
  });
  rmSync(dataDir, { recursive: true, force: true });
}

/** A WS client that calls onFrames for every batch of frames of the session. */
export async function connect(relay, onFrames) {
  const ws = new WebSocket(`ws://127.0.0.1:${relay.port}/ws`, ['mcpscope.v1', `token.${relay.token}`]);
  await new Promise((ok, fail) => {
    ws.once('open', ok);
    ws.once('error', fail);
  });
  ws.on('message', (data) => {
    const msg = JSON.parse(data.toString());
    if (msg.type === 'frames') onFrames(msg.frames);
  });
  ws.send(JSON.stringify({ type: 'subscribe', sessionId: relay.sessionId, afterSeq: 0 }));
  return {
    send: (text) => ws.send(JSON.stringify({ type: 'send', sessionId: relay.sessionId, text })),
    close: () => ws.close(),
  };
}
