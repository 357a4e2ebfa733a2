// No descendant outlives mcpscope, whatever it does: a server that starts a grandchild in its group, one that left it
// with setsid, and one double-forked through a shell that exits at once (so no walk of the tree ever sees the middle
// process) which then ignores SIGTERM, leaves none of them running however it is stopped: its session stopped, the
// relay given Ctrl-C (once or twice) or SIGTERM, the relay crashing, the relay SIGKILLed and launched again, and
// `call`, `check` and `tap` on it, ending cleanly or SIGKILLed (then the next launch on their data dir cleans up, and
// leaves a tap that is still running alone).
// Each test runs its own relay, CLI run and escaping server (its own pid file and, where it kills a run, its own data
// dir) and mostly waits on them, so a block's tests run side by side; what a failing test leaves is killed once the
// file ends (an afterEach would kill a neighbour's still running).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RelayConfig, SessionInfo } from '../../shared/relay-protocol.js';
import { markedProcesses, signalMarked } from '../../server/transports/spawn-marker.js';
import { track } from '../helpers/child-sweep.js';
import { recordDemoBundle } from '../helpers/crafted-bundle.js';
import { BIN, FIXTURES, pidAlive, startRelay, waitFor, type RelayHandle } from '../helpers/relay-process.js';
import { exitedAndRead, runCli } from '../helpers/run-cli.js';
import { startTap } from '../helpers/tap-process.js';

const SCRIPTED = join(FIXTURES, 'scripted-server.mjs');
const CRASH_ON_SIGUSR2 = join(FIXTURES, 'crash-on-sigusr2.mjs');
const relays: RelayHandle[] = [];
const pidFiles: string[] = [];
/** The instances of the runs a test SIGKILLed: whatever carries their marks is killed after the file, should a test fail. */
const instances: string[] = [];

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

afterAll(async () => {
  await Promise.all(relays.splice(0).map((r) => r.stop('SIGKILL')));
  const dead = new Set(instances.splice(0));
  signalMarked((m) => dead.has(m.split(':')[0]!), 'SIGKILL');
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

describe.concurrent('a server whose descendants shed its tree (same group, setsid, a double fork that ignores SIGTERM)', () => {
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
    expect(second.output()).toMatch(/killed \d+ process\(es\) an earlier mcpscope left running \(relay \d+\)/);
  });
});

describe.concurrent('the CLI on a server whose descendants shed its tree', () => {
  it('mcpscope call leaves none running', async () => {
    const server = escapingServer();
    const run = await runCli(['call', '--method', 'tools/list', '--', ...server.command]);
    expect(run.code, run.stderr).toBe(0);
    expect(reported(server.file).get('double-fork-grandchild')).toHaveLength(1);
    await noneSurvive(allPids(server.file));
  });

  it('mcpscope call on a data dir it cannot write still answers, says a SIGKILL would not be cleaned up, and leaves none running', async () => {
    const server = escapingServer();
    // A file where the data dir should be: no table can be kept below it.
    const notADir = join(mkdtempSync(join(tmpdir(), 'mcpscope-escapes-')), 'a-file');
    writeFileSync(notADir, 'not a directory');
    const run = await runCli(['call', '--data-dir', notADir, '--method', 'tools/list', '--', ...server.command]);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ tools: [{ name: 'echo' }] });
    expect(run.stderr).toContain(`mcpscope call: cannot keep this run's process table in ${join(notADir, 'processes')}`);
    expect(run.stderr).toContain('should this process be SIGKILLed, nothing will stop its server');
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

  it('mcpscope check given Ctrl-C mid-run leaves none running, and takes its table in the data dir along', async () => {
    const { home, dataDir } = dataHome();
    const server = escapingServer(['--stubborn', '--never-answer', 'initialize']);
    const check = startCli(['check', '--json', '--no-robustness', '--timeout', '120000', '--', ...server.command], home);
    const pids = await descendants(server.file);
    expect(tableOf(dataDir, check.proc.pid!)).toMatchObject({ command: 'check' });
    check.proc.kill('SIGINT');
    expect(await check.exited).toBe(130);
    await noneSurvive(pids);
    expect(tables(dataDir)).toEqual([]);
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

/** A data home of this test's own (XDG_DATA_HOME): `check` keeps its table in the default data dir below it. */
function dataHome(): { home: string; dataDir: string } {
  const home = mkdtempSync(join(tmpdir(), 'mcpscope-escapes-home-'));
  return { home, dataDir: join(home, 'mcpscope') };
}

/** `mcpscope <args>` running in the background, with `home` as its data home. */
function startCli(args: string[], home: string): { proc: ChildProcess; exited: Promise<number | null>; stderr: () => string } {
  const proc = track(spawn(process.execPath, [BIN, ...args], { env: { ...process.env, XDG_DATA_HOME: home }, stdio: ['ignore', 'pipe', 'pipe'] }));
  let err = '';
  proc.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  proc.stdout!.resume();
  return { proc, exited: exitedAndRead(proc), stderr: () => err };
}

/** The table a run keeps in the data dir while it runs (its instance and command), or null. */
function tableOf(dataDir: string, pid: number): { instance: string; command: string } | null {
  const file = join(dataDir, 'processes', `${pid}.json`);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { instance: string; command: string }) : null;
}

const tables = (dataDir: string) => readdirSync(join(dataDir, 'processes')).filter((n) => n.endsWith('.json'));

/** SIGKILLs a run once its table is in the data dir, and returns the instance its servers' marks name. */
async function sigkill(proc: ChildProcess, dataDir: string, command: string): Promise<string> {
  const table = tableOf(dataDir, proc.pid!);
  expect(table, `${command}'s table in ${dataDir}`).toMatchObject({ command });
  instances.push(table!.instance);
  // Still running: the kill lands mid-flight.
  expect(proc.exitCode).toBeNull();
  proc.kill('SIGKILL');
  await new Promise((r) => (proc.exitCode !== null || proc.signalCode !== null ? r(null) : proc.once('exit', r)));
  return table!.instance;
}

/** Launches the relay on `dataDir` and expects it to leave nothing of the dead run: no pid it knew, nothing marked. */
async function relaunchReaps(dataDir: string, pids: number[], instance: string, command: string): Promise<void> {
  // Nothing ran to clean up: they are all orphans now.
  expect(pids.filter(pidAlive)).toEqual(pids);
  const relay = await startRelay({ dataDir });
  relays.push(relay);
  await noneSurvive(pids);
  expect(markedProcesses((m) => m.startsWith(`${instance}:`))).toEqual([]);
  expect(relay.output()).toMatch(new RegExp(`killed \\d+ process\\(es\\) an earlier mcpscope left running \\(${command} \\d+\\)`));
  // The dead run's table is gone; the relay's own is the one left.
  expect(tables(dataDir)).toEqual([`${relay.proc.pid}.json`]);
}

describe.concurrent('a SIGKILLed call, check or tap, on a server whose descendants shed its tree and ignore SIGTERM', () => {
  it('mcpscope call, killed while its request waits, leaves none running once the relay is launched on its data dir', async () => {
    const { home, dataDir } = dataHome();
    const server = escapingServer(['--stubborn', '--never-answer', 'tools/list']);
    const call = startCli(['call', '--data-dir', dataDir, '--timeout', '120000', '--method', 'tools/list', '--', ...server.command], home);
    const pids = await descendants(server.file);
    const instance = await sigkill(call.proc, dataDir, 'call');
    await relaunchReaps(dataDir, pids, instance, 'call');
  });

  it('mcpscope check, killed mid-run, leaves none running once the relay is launched on its data dir', async () => {
    const { home, dataDir } = dataHome();
    // The first connection's handshake waits (for minutes): the kill lands while the check holds its server.
    const server = escapingServer(['--stubborn', '--never-answer', 'initialize']);
    const check = startCli(['check', '--json', '--no-robustness', '--timeout', '120000', '--', ...server.command], home);
    const pids = await descendants(server.file);
    const instance = await sigkill(check.proc, dataDir, 'check');
    await relaunchReaps(dataDir, pids, instance, 'check');
    expect(reported(server.file).get('server')).toHaveLength(1);
  });

  it('mcpscope tap, killed while its host is connected, leaves none running once the relay is launched on its data dir', async () => {
    const { dataDir } = dataHome();
    const server = escapingServer(['--stubborn']);
    const tap = startTap(dataDir, server.command, ['--grace', '200']);
    const pids = await descendants(server.file);
    const instance = await sigkill(tap.proc, dataDir, 'tap');
    await relaunchReaps(dataDir, pids, instance, 'tap');
  });

  it('a tap launched on the data dir cleans up after a SIGKILLed call too', async () => {
    const { home, dataDir } = dataHome();
    const server = escapingServer(['--stubborn', '--never-answer', 'tools/list']);
    const call = startCli(['call', '--data-dir', dataDir, '--timeout', '120000', '--method', 'tools/list', '--', ...server.command], home);
    const pids = await descendants(server.file);
    const instance = await sigkill(call.proc, dataDir, 'call');
    // A grace long enough for a server still starting on a loaded machine to see its stdin end and exit on its own.
    const tap = startTap(dataDir, [process.execPath, SCRIPTED], ['--grace', '10000']);
    await noneSurvive(pids);
    expect(markedProcesses((m) => m.startsWith(`${instance}:`))).toEqual([]);
    await waitFor(() => tap.stderr().includes('left running'), "the tap's note");
    expect(tap.stderr()).toMatch(/mcpscope tap: killed \d+ process\(es\) an earlier mcpscope left running \(call \d+\)/);
    tap.proc.stdin.end();
    // The server ends on its stdin's end, and the tap with its code.
    expect(await tap.exited).toEqual({ code: 0, signal: null });
    // The tap's own table went with its clean exit.
    expect(tables(dataDir)).toEqual([]);
  });

  it("leaves a tap that is still running, and its server's descendants, alone when the relay is launched on its data dir", async () => {
    const { dataDir } = dataHome();
    const server = escapingServer(['--stubborn']);
    const tap = startTap(dataDir, server.command, ['--grace', '200']);
    const pids = await descendants(server.file);
    const table = tableOf(dataDir, tap.proc.pid!);
    expect(table).toMatchObject({ command: 'tap' });
    const relay = await startRelay({ dataDir });
    relays.push(relay);
    // The relay has read the tables (before it listens): the tap's is still there, and everything still runs.
    expect(relay.output()).not.toContain('left running');
    expect(tableOf(dataDir, tap.proc.pid!)).toEqual(table);
    expect(pids.filter(pidAlive)).toEqual(pids);
    expect(markedProcesses((m) => m.startsWith(`${table!.instance}:`)).length).toBeGreaterThanOrEqual(pids.length);
    // The tap's own way out still ends them all, and takes its table along, though it dies of the SIGKILL its
    // stubborn server got (a death by signal runs no exit handler).
    tap.proc.stdin.end();
    expect(await tap.exited).toEqual({ code: null, signal: 'SIGKILL' });
    await noneSurvive(pids);
    expect(tables(dataDir)).toEqual([`${relay.proc.pid}.json`]);
  });
});

describe.concurrent('mcpscope replay on a server whose descendants shed its tree and ignore SIGTERM', () => {
  /** A real bundle of the demo server, replayed against the escaping server (named on the command line: no prompt). */
  async function startReplay(): Promise<{ replay: ReturnType<typeof startCli>; pids: number[]; dataDir: string }> {
    const { home, dataDir } = dataHome();
    const bundle = join(home, 'demo.bundle.json');
    writeFileSync(bundle, await recordDemoBundle());
    // Its handshake waits (for minutes): whatever happens to replay happens mid-run.
    const server = escapingServer(['--stubborn', '--never-answer', 'initialize']);
    const replay = startCli(['replay', bundle, '--data-dir', dataDir, '--timeout', '120000', '--', ...server.command], home);
    return { replay, pids: await descendants(server.file), dataDir };
  }

  it('leaves none running when it gets Ctrl-C mid-run, and takes its table in the data dir along', async () => {
    const { replay, pids, dataDir } = await startReplay();
    expect(tableOf(dataDir, replay.proc.pid!)).toMatchObject({ command: 'replay' });
    replay.proc.kill('SIGINT');
    expect(await replay.exited).toBe(130);
    await noneSurvive(pids);
    expect(tables(dataDir)).toEqual([]);
  });

  it('leaves none running once SIGKILLed mid-run and the relay is launched on its data dir', async () => {
    const { replay, pids, dataDir } = await startReplay();
    const instance = await sigkill(replay.proc, dataDir, 'replay');
    await relaunchReaps(dataDir, pids, instance, 'replay');
  });
});
