// Starts an MCP server that listens on 127.0.0.1 (a fixture, or server-everything pinned to loopback) and waits for its port.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { track } from './child-sweep.js';
import { FIXTURES } from './relay-process.js';

export const REMOTE_FIXTURE = join(FIXTURES, 'remote-server.mjs');
export const EVERYTHING_ON_LOOPBACK = join(FIXTURES, 'everything-on-loopback.mjs');
export const OAUTH_FIXTURE = join(FIXTURES, 'oauth-server.mjs');

export interface RemoteServer {
  proc: ChildProcess;
  port: number;
  url(path: string, scheme?: 'http' | 'ws'): string;
  output(): string;
  /** Resolves once the server's output (stdout and stderr) matches: the fixture says it did something. */
  waitOutput(pattern: RegExp, ms?: number): Promise<void>;
  stop(): Promise<void>;
}

/** Runs `node script ...args` and resolves once it prints `LISTENING <port>` on stdout or stderr. */
export async function startRemoteServer(script: string, args: string[] = [], env: Record<string, string> = {}): Promise<RemoteServer> {
  const proc = track(spawn(process.execPath, [script, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] }));
  let out = '';
  const exited = new Promise<void>((r) => proc.once('exit', () => r()));
  const port = await new Promise<number>((ok, fail) => {
    // Only a bound for a server that never listens: on a loaded machine Node alone can take seconds to start.
    const t = setTimeout(() => fail(new Error(`server did not start in time:\n${out}`)), 45_000);
    const onData = (c: Buffer) => {
      out += c.toString();
      const m = /LISTENING (\d+)/.exec(out);
      if (m) {
        clearTimeout(t);
        ok(Number(m[1]));
      }
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', onData);
    void exited.then(() => fail(new Error(`server exited before listening:\n${out}`)));
  }).catch((err: unknown) => {
    proc.kill('SIGKILL');
    throw err;
  });
  return {
    proc,
    port,
    url: (path, scheme = 'http') => `${scheme}://127.0.0.1:${port}${path}`,
    output: () => out,
    waitOutput: (pattern, ms = 10_000) =>
      new Promise<void>((ok, fail) => {
        if (pattern.test(out)) return ok();
        const t = setTimeout(() => fail(new Error(`timed out waiting for ${String(pattern)} in the server's output:\n${out}`)), ms);
        const check = () => {
          if (!pattern.test(out)) return;
          clearTimeout(t);
          proc.stdout!.off('data', check);
          proc.stderr!.off('data', check);
          ok();
        };
        // After the collector above has appended the chunk.
        proc.stdout!.on('data', check);
        proc.stderr!.on('data', check);
      }),
    async stop() {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
      await exited;
    },
  };
}

/**
 * A starter of `script`'s servers for one test file: each call starts one with extra environment, and all of them stop
 * when the file ends (its tests may run side by side, each on a fixture of its own).
 */
export function fixtureStarter(script: string): (env?: Record<string, string>) => Promise<RemoteServer> {
  const running: RemoteServer[] = [];
  afterAll(async () => {
    await Promise.all(running.splice(0).map((s) => s.stop()));
  });
  return async (env = {}) => {
    const s = await startRemoteServer(script, [], env);
    running.push(s);
    return s;
  };
}
