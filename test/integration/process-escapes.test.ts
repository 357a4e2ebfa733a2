// No descendant outlives mcpscope, whatever it does: a server that starts a grandchild in its group, one that left it
// with setsid, and one double-forked through a shell that exits at once (so no walk of the tree ever sees the middle
// process) which then ignores SIGTERM, leaves none of them running however it is stopped: its session stopped, the
// relay given Ctrl-C (once or twice) or SIGTERM, the relay crashing, the relay SIGKILLed and launched again, and
// `call`, `check` and `tap` on it.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RelayConfig, SessionInfo } from '../../shared/relay-protocol.js';
import { FIXTURES, pidAlive, startRelay, waitFor, type RelayHandle } from '../helpers/relay-process.js';
import { runCli } from '../helpers/run-cli.js';
import { startTap } from '../helpers/tap-process.js';

const SCRIPTED = join(FIXTURES, 'scripted-server.mjs');
const CRASH_ON_SIGUSR2 = join(FIXTURES, 'crash-on-sigusr2.mjs');
const relays: RelayHandle[] = [];
const pidFiles: string[] = [];

/** What a server wrote to its pid file: kind → pids (one per start, and `check` starts it many times). */
function reported(file: string): Map<string, number[]> {
  const out = new Map<string, number[]>();
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return out;
  }
  for (const line of text.split('\n')) {
    const [kind, pid] = line.split(' ');
    if (kind && pid) out.set(kind, [...(out.get(kind) ?? []), Number(pid)]);
  }
  return out;
}
const allPids = (file: string) => [...reported(file).values()].flat();

afterEach(async () => {
  await Promise.all(relays.splice(0).map((r) => r.stop('SIGKILL')));
  // Whatever a failing test left is killed here, so it cannot outlive the run.
  for (const pid of pidFiles.splice(0).flatMap(allPids)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone: what the test wanted.
    }
  }
});

/** A fresh pid file, and the server command that reports into it: every way of getting away at once. */
function escapingServer(extra: string[] = []): { file: string; command: string[] } {
  const file = join(mkdtempSync(join(tmpdir(), 'mcpscope-escapes-')), 'pids');
  pidFiles.push(file);
  return { file, command: [process.execPath, SCRIPTED, '--grandchild', '--setsid-grandchild', '--double-fork', '--pid-file', file, ...extra] };
}

/** Waits until every kind of descendant is running (the double-forked one armed against SIGTERM), returns their pids. */
async function descendants(file: string): Promise<number[]> {
  await waitFor(() => reported(file).has('double-fork-grandchild'), 'the double-forked grandchild to be armed', 20_000);
  const pids = reported(file);
  for (const kind of ['server', 'grandchild', 'setsid-grandchild', 'double-fork-grandchild']) expect(pids.get(kind), kind).toHaveLength(1);
  const all = allPids(file);
  for (const pid of all) expect(pidAlive(pid), `pid ${pid}`).toBe(true);
  const grandchild = pids.get('double-fork-grandchild')![0]!;
  // Re-parented away from the server (its middle process is gone) and in a session of its own.
  const stat = readFileSync(`/proc/${grandchild}/stat`, 'utf8').split(') ')[1]!.split(' ');
  expect(stat[1]).not.toBe(String(pids.get('server')![0]));
  expect(stat[3]).toBe(String(grandchild));
  return all;
}

/** 0 survivors: no pid left that is alive and not a zombie, within a bounded wait. */
async function noneSurvive(pids: number[], ms = 10_000): Promise<void> {
  await waitFor(() => pids.every((p) => !pidAlive(p)), `none of ${pids.join(', ')} to be alive`, ms).catch(() => undefined);
  expect(pids.filter(pidAlive)).toEqual([]);
}

/** A relay on the escaping server, once all its descendants run. */
async function launch(opts: { node?: string[]; dataDir?: string; extra?: string[] } = {}) {
  const server = escapingServer(opts.extra);
  const relay = await startRelay({ command: server.command, ...(opts.node ? { node: opts.node } : {}), ...(opts.dataDir ? { dataDir: opts.dataDir } : {}) });
  relays.push(relay);
  const pids = await descendants(server.file);
  return { relay, pids };
}

describe('a server whose descendants shed its tree (same group, setsid, a double fork that ignores SIGTERM)', () => {
  it('leaves none running when its session is stopped through the API', async () => {
    const { relay, pids } = await launch();
    const { body: config } = await relay.api<RelayConfig>('/api/config');
    const stopped = await relay.api<SessionInfo>(`/api/sessions/${config.launchSessionId!}/stop`, { method: 'POST' });
    expect(stopped.body).toMatchObject({ status: 'stopped', live: false });
    await noneSurvive(pids);
    // The relay itself is still serving.
    expect((await relay.api('/api/config')).status).toBe(200);
  });

  it('leaves none running when mcpscope gets Ctrl-C', async () => {
    const { relay, pids } = await launch();
    expect(await relay.stop('SIGINT')).toBe(0);
    await noneSurvive(pids);
  });

  it('leaves none running when mcpscope gets SIGTERM, even from a server that ignores SIGTERM and its stdin closing', async () => {
    const { relay, pids } = await launch({ extra: ['--stubborn'] });
    expect(await relay.stop('SIGTERM')).toBe(0);
    await noneSurvive(pids);
  });

  it('leaves none running when mcpscope gets Ctrl-C twice, the second while the servers are still being stopped', async () => {
    const { relay, pids } = await launch({ extra: ['--stubborn'] });
    relay.proc.kill('SIGINT');
    // The stubborn server holds the first shutdown in its ladder for seconds; the second Ctrl-C cuts it short.
    await waitFor(() => relay.output().includes('SIGINT: stopping servers'), 'the first shutdown to begin');
    expect(await relay.stop('SIGINT')).toBe(130);
    await noneSurvive(pids);
  });

  it('leaves none running when mcpscope crashes on an uncaught exception', async () => {
    const { relay, pids } = await launch({ node: ['--import', CRASH_ON_SIGUSR2], extra: ['--stubborn'] });
    expect(await relay.stop('SIGUSR2')).toBe(1);
    expect(relay.output()).toContain('relay crash for a test');
    await noneSurvive(pids);
  });

  it('leaves none running after mcpscope is SIGKILLed, once it is launched again on the same data dir', async () => {
    const first = await launch({ extra: ['--stubborn'] });
    await first.relay.stop('SIGKILL');
    // Nothing ran to clean up: all of them are orphans now.
    expect(first.pids.filter(pidAlive)).toEqual(first.pids);
    const second = await startRelay({ dataDir: first.relay.dataDir });
    relays.push(second);
    await noneSurvive(first.pids);
    expect(second.output()).toMatch(/killed \d+ process\(es\) an earlier relay left running/);
  });
});

describe('the CLI on a server whose descendants shed its tree', () => {
  it('mcpscope call leaves none running', async () => {
    const server = escapingServer();
    const run = await runCli(['call', '--method', 'tools/list', '--', ...server.command]);
    expect(run.code, run.stderr).toBe(0);
    expect(reported(server.file).get('double-fork-grandchild')).toHaveLength(1);
    await noneSurvive(allPids(server.file));
  });

  it('mcpscope check leaves none running, from any of the connections it starts', async () => {
    const server = escapingServer();
    const run = await runCli(['check', '--json', '--no-robustness', '--', ...server.command]);
    expect(run.code, run.stderr).not.toBe(2);
    const forked = reported(server.file).get('double-fork-grandchild') ?? [];
    expect(forked.length).toBeGreaterThan(1);
    await noneSurvive(allPids(server.file));
  });

  it('mcpscope tap leaves none running once its host closes stdin', async () => {
    const server = escapingServer(['--stubborn']);
    const tap = startTap(mkdtempSync(join(tmpdir(), 'mcpscope-escapes-tap-')), server.command, ['--grace', '200']);
    const pids = await descendants(server.file);
    tap.proc.stdin.end();
    await tap.exited;
    await noneSurvive(pids);
  });
});
