// mcpscope installed without better-sqlite3's native addon (its install script blocked, or a failed build), or with one
// that does not load: the commands that open the store say what is wrong and what to run, exit 1 and print no stack;
// the ones that need no store still work. The installed layout is a copy of the package (bin/, dist/bundle/,
// package.json) beside a node_modules whose better-sqlite3 has its JavaScript and no build/: what
// `npm install --ignore-scripts` leaves on a machine with no prebuilt to fetch, without compiling anything.
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/relay-process.js';
import { exitedAndRead, runNode, type CliRun } from '../helpers/run-cli.js';

/** A folder of its own under the system's temp dir: nothing above it has a node_modules that could lend an addon. */
function installWithoutAddon(): string {
  const app = mkdtempSync(join(tmpdir(), 'mcpscope-no-addon-'));
  cpSync(join(ROOT, 'package.json'), join(app, 'package.json'));
  cpSync(join(ROOT, 'bin'), join(app, 'bin'), { recursive: true });
  // The maps are no part of what runs.
  cpSync(join(ROOT, 'dist', 'bundle'), join(app, 'dist', 'bundle'), { recursive: true, filter: (f) => !f.endsWith('.map') });
  const modules = join(app, 'node_modules');
  for (const dep of ['bindings', 'file-uri-to-path']) cpSync(join(ROOT, 'node_modules', dep), join(modules, dep), { recursive: true });
  for (const part of ['package.json', 'lib'])
    cpSync(join(ROOT, 'node_modules', 'better-sqlite3', part), join(modules, 'better-sqlite3', part), { recursive: true });
  return app;
}

let app: string;
const cli = (args: string[]): Promise<CliRun> => runNode([join(app, 'bin', 'mcpscope.js'), ...args], {}, app);

/** The message every store-opening command prints: the cause, the fix in the folder that holds better-sqlite3, no stack. */
function expectAddonMessage(run: CliRun, cause: RegExp): void {
  expect(run.code).toBe(1);
  expect(run.stderr).toMatch(cause);
  expect(run.stderr).toContain(`Fix: cd ${JSON.stringify(app)} && npm rebuild better-sqlite3`);
  expect(run.stderr).toMatch(/python3, make and a C\+\+ compiler/);
  expect(run.stderr).not.toMatch(/Could not locate the bindings file/);
  expect(run.stderr).not.toMatch(/^\s+at /m);
  expect(run.stdout).not.toMatch(/ready:/);
}

describe('a missing or unloadable SQLite addon', () => {
  beforeAll(() => {
    app = installWithoutAddon();
  });
  afterAll(() => rmSync(app, { recursive: true, force: true }));

  it('the relay with no built addon names the cause and the fix, exits 1 and prints no stack trace', async () => {
    const run = await cli(['--port', '0', '--no-open', '--data-dir', join(app, 'data')]);
    expectAddonMessage(run, /better-sqlite3's native addon \(better_sqlite3\.node\) is not built.*\n.*--ignore-scripts/);
    // One message, once.
    expect(run.stderr.match(/npm rebuild/g)).toHaveLength(1);
  });

  it('a command that opens the store (open, check --record) says the same', async () => {
    const bundle = join(app, 'some.bundle.json');
    writeFileSync(bundle, '{}');
    expectAddonMessage(await cli(['open', '--no-open', '--data-dir', join(app, 'data'), bundle]), /is not built/);
    expectAddonMessage(
      await cli(['check', '--record', '--data-dir', join(app, 'data'), '--', process.execPath, join(app, 'dist', 'bundle', 'demo-server.js')]),
      /is not built/,
    );
  });

  it('--help, --version and call, which need no store, still work without the addon', async () => {
    const help = await cli(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/usage: mcpscope/i);
    const version = await cli(['--version']);
    expect(version.code).toBe(0);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    const call = await cli(['call', '--method', 'tools/list', '--', process.execPath, join(app, 'dist', 'bundle', 'demo-server.js')]);
    expect(call.code).toBe(0);
    expect((JSON.parse(call.stdout) as { tools: unknown[] }).tools.length).toBeGreaterThan(0);
  });

  it("tap passes the server's traffic through unchanged and says recording stopped, with the fix", async () => {
    const tap = spawn(
      process.execPath,
      [join(app, 'bin', 'mcpscope.js'), 'tap', '--data-dir', join(app, 'tap-data'), '--', process.execPath, join(app, 'dist', 'bundle', 'demo-server.js')],
      {
        cwd: app,
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    tap.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    tap.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    tap.stdin.end('{"jsonrpc":"2.0","id":1,"method":"ping"}\n');
    expect(await exitedAndRead(tap)).toBe(0);
    expect(JSON.parse(stdout)).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
    expect(stderr).toMatch(/recording stopped \(better-sqlite3's native addon .* is not built/);
    expect(stderr).toContain('npm rebuild better-sqlite3');
    expect(stderr).not.toMatch(/^\s+at /m);
  });

  it("an addon that does not load (built for another Node, or broken) gets the loader's own words and the same fix", async () => {
    const release = join(app, 'node_modules', 'better-sqlite3', 'build', 'Release');
    mkdirSync(release, { recursive: true });
    writeFileSync(join(release, 'better_sqlite3.node'), 'not a shared object\n');
    const run = await cli(['--port', '0', '--no-open', '--data-dir', join(app, 'data')]);
    expectAddonMessage(run, new RegExp(`does not load in Node ${process.version.replaceAll('.', '\\.')} .*\\n.*better_sqlite3\\.node: `));
  });
});
