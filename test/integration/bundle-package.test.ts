// What the package runs is dist/bundle/ alone: stack traces from it name the TypeScript (bin/mcpscope.js reads the
// maps shipped beside each chunk when a trace is written), and it needs nothing installed but the package's runtime
// dependencies (today better-sqlite3 alone: everything else is bundled, so it is a devDependency). scripts/package-smoke.mjs checks the
// same on a packed, installed tarball; this is the quick check of it on every run.
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { track } from '../helpers/child-sweep.js';
import { BIN, FIXTURES, ROOT, waitFor } from '../helpers/relay-process.js';
import { runNode } from '../helpers/run-cli.js';

interface Manifest {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

const manifest = (dir: string) => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;

/** The package as installed with nothing but its runtime dependencies (and theirs), as npm would lay them out flat. */
function installedAlone(): string {
  const app = mkdtempSync(join(tmpdir(), 'mcpscope-bundle-alone-'));
  for (const part of ['bin', 'package.json', join('dist', 'bundle')]) cpSync(join(ROOT, part), join(app, part), { recursive: true });
  mkdirSync(join(app, 'node_modules'));
  const todo = Object.keys(manifest(ROOT).dependencies ?? {});
  const copied = new Set<string>();
  for (let name = todo.pop(); name !== undefined; name = todo.pop()) {
    if (copied.has(name)) continue;
    copied.add(name);
    const from = join(ROOT, 'node_modules', name);
    mkdirSync(dirname(join(app, 'node_modules', name)), { recursive: true });
    cpSync(from, join(app, 'node_modules', name), { recursive: true, dereference: true });
    const m = manifest(from);
    todo.push(...Object.keys(m.dependencies ?? {}));
  }
  return app;
}

describe('the bundled CLI and relay', () => {
  it('print stack traces that name the TypeScript, not the bundle', async () => {
    const run = await runNode(['--import', join(FIXTURES, 'console-log-throws.mjs'), BIN, 'help']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('console.log failed for a test');
    expect(run.stderr).toMatch(/at help \(\S*server[/\\]cli\.ts:\d+:\d+\)/);
    expect(run.stderr).toMatch(/at (async )?main \(\S*server[/\\]cli\.ts:\d+:\d+\)/);
    expect(run.stderr).not.toMatch(/dist[/\\]bundle[/\\]cli\.js:\d+/);
  });

  it('look a bundled place up in its map only when a trace is written, and leave places outside the bundle alone', async () => {
    const { originalPlace } = (await import(pathToFileURL(join(ROOT, 'bin', 'stack-source-maps.js')).href)) as {
      originalPlace: (file: string, line: number, column: number) => { file: string; line: number; column: number } | null;
    };
    const chunk = join(ROOT, 'dist', 'bundle', 'cli.js');
    const lines = readFileSync(chunk, 'utf8').split('\n');
    const at = lines.findIndex((l) => l.includes('async function main('));
    expect(at).toBeGreaterThanOrEqual(0);
    const place = originalPlace(pathToFileURL(chunk).href, at + 1, lines[at]!.indexOf('main(') + 1);
    expect(place?.file).toBe(join(ROOT, 'server', 'cli.ts'));
    expect(readFileSync(join(ROOT, 'server', 'cli.ts'), 'utf8').split('\n')[place!.line - 1]).toContain('function main(');
    expect(originalPlace(join(ROOT, 'bin', 'mcpscope.js'), 1, 1)).toBeNull();
    expect(originalPlace('node:internal/modules/run_main', 1, 1)).toBeNull();
  });

  it('run with nothing installed but the runtime dependencies: a call of the demo server, and the relay serving its API', async () => {
    expect(Object.keys(manifest(ROOT).dependencies ?? {})).toEqual(['better-sqlite3']);
    const app = installedAlone();
    const bin = join(app, 'bin', 'mcpscope.js');
    const demo = join(app, 'dist', 'bundle', 'demo-server.js');
    const call = await runNode([bin, 'call', '--method', 'tools/list', '--', process.execPath, demo]);
    expect(call.stderr).toBe('');
    expect((JSON.parse(call.stdout) as { tools: unknown[] }).tools.length).toBeGreaterThan(0);

    const token = 'bundle-alone-token-0123456789';
    const relay = track(
      spawn(process.execPath, [bin, '--port', '0', '--no-open', '--data-dir', join(app, 'data'), '--', process.execPath, demo], {
        env: { ...process.env, MCPSCOPE_TOKEN: token },
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );
    let out = '';
    relay.stdout.on('data', (c: Buffer) => (out += c.toString()));
    relay.stderr.on('data', (c: Buffer) => (out += c.toString()));
    const exited = new Promise((r) => relay.on('exit', r));
    try {
      const base = await waitFor(() => /ready: (http:\/\/127\.0\.0\.1:\d+)\//.exec(out)?.[1], 'the relay to be ready', 45_000);
      const sessions = (await (await fetch(`${base}/api/sessions`, { headers: { authorization: `Bearer ${token}` } })).json()) as Array<{
        target: { args: string[] };
      }>;
      expect(sessions.map((s) => s.target.args)).toEqual([[demo]]);
    } finally {
      relay.kill('SIGTERM');
      await exited;
    }
  });
});
