// What the CLI loads at start-up, read from a module-load hook in the real process (test/fixtures/module-trace/): a
// plain `--help`, a command's `--help` and a `call` of the demo server load neither zod nor the relay (Express, the
// recorder, the relay protocol's schemas), nor does `tap` load zod or Express, which cost each run ~0.2-0.3 s of CPU the integration tests pay
// hundreds of times (docs/development.md, "Start-up CPU"). The relay, which needs them, is the control: the trace sees
// them there; it loads what only some requests use (a check, a bundle, the relay's own lint, an HTTP probe) with the
// first such request. And the relay's ready line comes before any of them: they load once it listens; what its first
// answer needs (the sessions and the guard) loads before Express, which comes last.
// The CLI runs from its bundle (dist/bundle/, scripts/bundle-server.mjs): the hook sees chunks, and each chunk is read
// as the source modules it holds (dist/bundle/modules.json), so what is checked is how the bundle is split.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BIN, DEMO_SERVER, FIXTURES, ROOT, startRelay } from '../helpers/relay-process.js';
import { runNode, type CliRun } from '../helpers/run-cli.js';

const REGISTER = join(FIXTURES, 'module-trace', 'register.mjs');
const dir = mkdtempSync(join(tmpdir(), 'mcpscope-module-trace-'));

/** What a load of these must not bring: zod, Express, the relay and its recorder, the relay protocol's schemas. */
const HEAVY = [
  /\/node_modules\/zod\//,
  /\/node_modules\/express\//,
  /\/dist\/server\/relay\/app\.js$/,
  /\/dist\/server\/store\/recorder\.js$/,
  /\/dist\/shared\/relay-protocol\.js$/,
];

function heavyIn(urls: string[]): string[] {
  return urls.filter((u) => HEAVY.some((re) => re.test(u)));
}

const BUNDLE = pathToFileURL(join(ROOT, 'dist', 'bundle')).href + '/';
const ROOT_URL = pathToFileURL(ROOT).href + '/';
const CHUNKS = JSON.parse(readFileSync(join(ROOT, 'dist', 'bundle', 'modules.json'), 'utf8')) as Record<string, string[]>;

/** The URLs a process loaded; a chunk of the bundle stands for the source modules in it (as URLs under the package). */
function loaded(file: string, upTo?: RegExp): string[] {
  const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
  const end = upTo ? lines.findIndex((l) => l.startsWith('stdout ') && upTo.test(l)) : lines.length;
  if (end === -1) throw new Error(`the trace has no stdout line matching ${upTo}`);
  const urls = lines.slice(0, end).filter((l) => !l.startsWith('stdout '));
  const modules = urls.flatMap((u) => {
    if (!u.startsWith(BUNDLE)) return [u];
    const chunk = CHUNKS[u.slice(BUNDLE.length)];
    if (!chunk) throw new Error(`${u} is not in dist/bundle/modules.json: a bundle older than its list?`);
    return chunk.map((m) => ROOT_URL + m);
  });
  return [...new Set(modules)];
}

async function traced(name: string, args: string[]): Promise<{ run: CliRun; urls: string[] }> {
  const file = join(dir, `${name}.txt`);
  const run = await runNode(['--import', REGISTER, BIN, ...args], { MODULE_TRACE_FILE: file });
  return { run, urls: loaded(file) };
}

describe('what the CLI loads at start-up', () => {
  it('--help, call --help and help call print their usage without zod or the relay', async () => {
    const runs = await Promise.all([traced('help', ['--help']), traced('call-help', ['call', '--help']), traced('help-call', ['help', 'call'])]);
    for (const { run, urls } of runs) {
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/usage: mcpscope/i);
      expect(urls.some((u) => u.endsWith('/dist/server/cli.js'))).toBe(true);
      expect(heavyIn(urls)).toEqual([]);
    }
  });

  it('a plain call of the demo server lists its tools without zod or the relay', async () => {
    const { run, urls } = await traced('call', ['call', '--method', 'tools/list', '--', process.execPath, DEMO_SERVER]);
    expect(run.code).toBe(0);
    expect((JSON.parse(run.stdout) as { tools: unknown[] }).tools.length).toBeGreaterThan(0);
    expect(urls.some((u) => u.endsWith('/dist/server/commands/call.js'))).toBe(true);
    expect(heavyIn(urls)).toEqual([]);
  });

  it('tap records a server (its stdin closed at once, so it stops the server and exits) without zod or Express', async () => {
    const { run, urls } = await traced('tap', ['tap', '--data-dir', join(dir, 'tap-data'), '--', process.execPath, DEMO_SERVER]);
    expect(run.stderr).toMatch(/mcpscope tap: recording session \S+ in /);
    expect(urls.some((u) => u.endsWith('/dist/server/store/recorder.js'))).toBe(true);
    expect(heavyIn(urls).filter((u) => !u.endsWith('/dist/server/store/recorder.js'))).toEqual([]);
  });

  it('the relay, which validates what it is sent, loads them (the trace sees what it looks for), but not the check, bundles, the linter or the HTTP prober until asked', async () => {
    const file = join(dir, 'relay.txt');
    const relay = await startRelay({ node: ['--import', REGISTER], env: { MODULE_TRACE_FILE: file }, command: [process.execPath, DEMO_SERVER] });
    await relay.stop();
    const urls = loaded(file);
    const heavy = heavyIn(urls);
    for (const re of HEAVY) expect(heavy.some((u) => re.test(u))).toBe(true);
    const later = [
      'server/relay/relay-check.js',
      'server/bundles/bundle-writer.js',
      'server/bundles/bundle-importer.js',
      'server/repro/repro-writers.js',
      'server/store/lint-runner.js',
      'shared/lint/linter.js',
      'server/core/raw-http-probe.js',
      'server/store/archive/session-stats.js',
    ];
    // Each is a module the build has: a name left behind by a move would make this check pass on nothing.
    for (const m of later) expect(existsSync(join(ROOT, 'dist', m)), m).toBe(true);
    expect(urls.filter((u) => later.some((m) => u.endsWith(`/dist/${m}`)))).toEqual([]);
  });

  it('the relay prints its ready line with its store open but before Express, zod or the schemas load (they come after)', async () => {
    const file = join(dir, 'relay-ready.txt');
    const relay = await startRelay({ node: ['--import', REGISTER], env: { MODULE_TRACE_FILE: file }, args: ['--demo'] });
    // Past the ready line the app is built and the launch session started: its first request is answered with it.
    const { body } = await relay.api<{ launchSessionId: string | null }>('/api/config');
    expect(body.launchSessionId).toMatch(/\S/);
    await relay.stop();
    const before = loaded(file, /ready: http/);
    const store = (u: string) => u.endsWith('/dist/server/store/recorder.js');
    expect(before.some(store)).toBe(true);
    expect(heavyIn(before).filter((u) => !store(u))).toEqual([]);
    expect(heavyIn(loaded(file)).length).toBeGreaterThan(0);
  });

  it("what the page's first answer needs (the sessions, the guard, the front) loads without Express; the app's chunk brings it", async () => {
    const chunk = (name: string) => {
      const file = Object.keys(CHUNKS).find((f) => f.startsWith(`${name}-`) && f.endsWith('.js'));
      if (!file) throw new Error(`no ${name} chunk in dist/bundle/modules.json`);
      return BUNDLE + file;
    };
    const importIn = async (name: string, url: string) => {
      const file = join(dir, `${name}.txt`);
      const run = await runNode(['--import', REGISTER, '--input-type=module', '-e', `await import(${JSON.stringify(url)})`], { MODULE_TRACE_FILE: file });
      expect(run.code, run.stderr).toBe(0);
      return loaded(file);
    };
    const express = /\/node_modules\/express\//;
    const first = await importIn('relay-first', chunk('relay-first'));
    expect(first.some((u) => u.endsWith('/dist/server/relay/first-answer.js'))).toBe(true);
    expect(first.some((u) => u.endsWith('/dist/server/relay/session-manager.js'))).toBe(true);
    expect(first.filter((u) => express.test(u))).toEqual([]);
    // Nor the lint rules: the window reads' preview cap is a plain constant (shared/relay-names.ts), not the schemas' module.
    expect(first.filter((u) => u.endsWith('/dist/shared/lint/rules.js'))).toEqual([]);
    expect((await importIn('relay-parts', chunk('relay-parts'))).some((u) => express.test(u))).toBe(true);
  });

  it('a relay signalled as soon as it prints its ready line (its app still loading, as a rule) stops with code 0 and leaves no server running', async () => {
    const pidFile = join(dir, 'server.pid');
    const server = `require('node:fs').writeFileSync(${JSON.stringify(pidFile)}, String(process.pid)); setInterval(() => {}, 1000);`;
    const relay = await startRelay({ command: [process.execPath, '-e', server] });
    expect(await relay.stop('SIGTERM')).toBe(0);
    expect(relay.output()).toMatch(/SIGTERM: stopping servers/);
    // Started or not (a signal before the app is built skips the launch session), it is not running now.
    if (existsSync(pidFile)) expect(() => process.kill(Number(readFileSync(pidFile, 'utf8')), 0)).toThrow();
  });
});
