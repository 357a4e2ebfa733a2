// Starts the real mcpscope CLI (built, from dist/) on a free port with a temporary data dir, for integration tests.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import WebSocket from 'ws';
import { WS_PATH, WS_PROTOCOL, WS_TOKEN_PREFIX } from '../../shared/relay-protocol.js';
import { track } from './child-sweep.js';
import { RelaySocket } from './relay-socket.js';

export const ROOT = resolve(import.meta.dirname, '..', '..');
export const BIN = join(ROOT, 'bin', 'mcpscope.js');
export const FIXTURES = join(ROOT, 'test', 'fixtures');
export const DEMO_SERVER = join(ROOT, 'dist', 'bundle', 'demo-server.js');
export const EVERYTHING_SERVER = join(ROOT, 'node_modules', '@modelcontextprotocol', 'server-everything', 'dist', 'index.js');

export interface RelayHandle {
  proc: ChildProcess;
  port: number;
  token: string;
  base: string;
  /** The URL the CLI printed, token in the fragment. */
  url: string;
  dataDir: string;
  output: () => string;
  api<T = unknown>(path: string, init?: RequestInit): Promise<{ status: number; body: T }>;
  socket(): Promise<RelaySocket>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * `leading` goes before the relay options, for subcommands that start the relay (`open <bundle>`); `node` are Node's
 * own flags, before the CLI; `env` is added to this process's environment.
 */
export async function startRelay(
  opts: { args?: string[]; command?: string[]; dataDir?: string; leading?: string[]; cwd?: string; node?: string[]; env?: Record<string, string> } = {},
): Promise<RelayHandle> {
  const token = randomBytes(24).toString('base64url');
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'mcpscope-test-'));
  const argv = [...(opts.node ?? []), BIN, ...(opts.leading ?? []), '--port', '0', '--no-open', '--data-dir', dataDir, ...(opts.args ?? [])];
  if (opts.command) argv.push('--', ...opts.command);
  const proc = track(
    spawn(process.execPath, argv, {
      env: { ...process.env, ...opts.env, MCPSCOPE_TOKEN: token },
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(opts.cwd ? { cwd: opts.cwd } : {}),
    }),
  );
  let out = '';
  proc.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  proc.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<number | null>((r) => proc.on('exit', (code) => r(code)));
  const url = await new Promise<string>((ok, fail) => {
    // Only a bound for a relay that never gets ready: on a loaded machine Node alone can take seconds to start.
    const t = setTimeout(() => fail(new Error(`relay did not print its URL in time:\n${out}`)), 45_000);
    const check = () => {
      const m = /ready: (http:\/\/127\.0\.0\.1:\d+\/#token=\S+)/.exec(out);
      if (m?.[1]) {
        clearTimeout(t);
        ok(m[1]);
      }
    };
    proc.stdout!.on('data', check);
    void exited.then((code) => fail(new Error(`relay exited with ${code}:\n${out}`)));
  }).catch((err: unknown) => {
    // A relay that never got ready is not left running.
    proc.kill('SIGKILL');
    throw err;
  });
  const port = Number(new URL(url).port);
  const base = `http://127.0.0.1:${port}`;
  return {
    proc,
    port,
    token,
    base,
    url,
    dataDir,
    output: () => out,
    async api<T>(path: string, init: RequestInit = {}) {
      const headers = new Headers(init.headers);
      if (!headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
      if (init.body && !headers.has('content-type')) headers.set('content-type', 'application/json');
      const res = await fetch(base + path, { ...init, headers });
      const text = await res.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON: keep the text
      }
      return { status: res.status, body: body as T };
    },
    socket() {
      return RelaySocket.open(new WebSocket(`ws://127.0.0.1:${port}${WS_PATH}`, [WS_PROTOCOL, WS_TOKEN_PREFIX + token]));
    },
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
      return exited;
    },
  };
}

/** True while a process with that pid exists (and is not a zombie). */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    // A zombie still answers kill(0); its state letter in /proc says it is dead.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8') as string;
    return stat.split(') ')[1]?.[0] !== 'Z';
  } catch {
    return false;
  }
}

export async function waitFor<T>(fn: () => T | undefined | false | Promise<T | undefined | false>, what: string, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
