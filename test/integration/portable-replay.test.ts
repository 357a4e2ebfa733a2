// The done-when of issue 7: a bundle exported on one machine opens on another and replays with `mcpscope replay`,
// showing no difference against the same server. "Another machine" here is another directory with different absolute
// paths, its own data dir and a fresh relay, holding only the bundle and a copy of the server script.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../shared/archive-api.js';
import type { TranscriptDiff } from '../../shared/replay/transcript-diff.js';
import { recordLaunchSession } from '../helpers/demo-session.js';
import { FIXTURES, startRelay, type RelayHandle } from '../helpers/relay-process.js';
import { runCli } from '../helpers/run-cli.js';

const SERVER = join(FIXTURES, 'scripted-server.mjs');
const rpc = (id: number, method: string, params?: unknown) => JSON.stringify({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) });
const SCRIPT = [
  rpc(1, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'portable-test', version: '0' } }),
  '{"jsonrpc":"2.0","method":"notifications/initialized"}',
  rpc(2, 'tools/list'),
  rpc(3, 'ping'),
];

/** A fresh directory holding the server script at srv/server.mjs, optionally changed. */
function machine(prefix: string, change?: (src: string) => string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  mkdirSync(join(dir, 'srv'));
  const src = readFileSync(SERVER, 'utf8');
  writeFileSync(join(dir, 'srv', 'server.mjs'), change ? change(src) : src);
  return dir;
}

let first: string;
let bundleText: string;
const relays: RelayHandle[] = [];

beforeAll(async () => {
  first = machine('mcpscope-machine-a-');
  // Typed the way the demo and most scripts do it: this Node by its absolute path, the script by its absolute path.
  const relay = await startRelay({ cwd: first, command: [process.execPath, join(first, 'srv', 'server.mjs')] });
  relays.push(relay);
  const sid = await recordLaunchSession(relay, SCRIPT);
  const res = await relay.api<string>(`/api/sessions/${sid}/bundle`);
  expect(res.status).toBe(200);
  bundleText = typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
  await relay.stop();
}, 60_000);

afterAll(async () => {
  for (const r of relays) await r.stop();
});

/** Copies the bundle into `dir` and runs `mcpscope replay` there with no command. */
async function replayIn(dir: string, extra: string[] = []) {
  writeFileSync(join(dir, 'session.bundle.json'), bundleText);
  // --yes: the bundle's recipe came from a file; tests/integration/recipe-trust covers the refusal without it.
  return runCli(['replay', 'session.bundle.json', '--json', '--yes', ...extra], {}, dir);
}

describe('a bundle carried to another machine', () => {
  it('records the recipe with paths relative to where the server ran, and that directory beside it', () => {
    const header = JSON.parse(bundleText).header;
    expect(header.target).toEqual({ transport: 'stdio', command: 'node', args: ['srv/server.mjs'], env: {} });
    expect(header.origin).toMatchObject({ cwd: first, command: process.execPath, relativeArgs: [0] });
  });

  it('opens in a fresh relay with its own data dir, and replays there from the Replay API with no difference', async () => {
    const second = machine('mcpscope-machine-b-');
    writeFileSync(join(second, 'session.bundle.json'), bundleText);
    const relay = await startRelay({ cwd: second, dataDir: join(second, 'data'), leading: ['open', 'session.bundle.json', '--yes'] });
    relays.push(relay);
    const { body } = await relay.api<{ sessions: HistoryEntry[] }>('/api/session-history');
    expect(body.sessions).toHaveLength(1);
    const imported = body.sessions[0]!;
    expect(imported).toMatchObject({ origin: 'imported', target: { command: 'node', args: ['srv/server.mjs'] } });
    const replay = await relay.api<{ diff: TranscriptDiff }>(`/api/sessions/${imported.id}/replay`, { method: 'POST', body: '{}' });
    expect(replay.status).toBe(200);
    expect(replay.body.diff.identical).toBe(true);
    await relay.stop();
  }, 60_000);

  it('refuses an API replay with the path it looked for when the relay runs where the script is not', async () => {
    const bare = mkdtempSync(join(tmpdir(), 'mcpscope-machine-g-'));
    writeFileSync(join(bare, 'session.bundle.json'), bundleText);
    const relay = await startRelay({ cwd: bare, dataDir: join(bare, 'data'), leading: ['open', 'session.bundle.json'] });
    relays.push(relay);
    const { body } = await relay.api<{ sessions: HistoryEntry[] }>('/api/session-history');
    const replay = await relay.api<{ error: { message: string } }>(`/api/sessions/${body.sessions[0]!.id}/replay`, { method: 'POST', body: '{}' });
    expect(replay.status).toBe(400);
    expect(replay.body.error.message).toContain(
      `cannot find srv/server.mjs (recorded in ${first}), the server's argument 1: looked for ${join(bare, 'srv', 'server.mjs')}`,
    );
    await relay.stop();
  }, 60_000);

  it('replays there with no command given and shows no difference against the same server', async () => {
    const second = machine('mcpscope-machine-b-');
    const run = await replayIn(second);
    // Nothing but the recipe it was told to run (--yes) and who made the frames it sends: no warning about paths or commands.
    expect(run.stderr).toMatch(/^The recipe from the bundle session.bundle.json would run:\n {2}command: node srv\/server.mjs\n/);
    expect(run.stderr).not.toContain('warn');
    expect(run.stderr.trim().split('\n').slice(-2)).toEqual([
      'mcpscope replay: confirmed by --yes; remembered for this exact recipe',
      expect.stringMatching(/^mcpscope replay: sending \d+ client frames, as recorded: /),
    ]);
    expect(run.code).toBe(0);
    expect((JSON.parse(run.stdout) as TranscriptDiff).identical).toBe(true);
  }, 60_000);

  it('exits 1 with exactly the one difference against a changed copy of the server', async () => {
    const changed = machine('mcpscope-machine-c-', (src) => src.replace("name: 'scripted-server'", "name: 'scripted-server-fixed'"));
    const run = await replayIn(changed);
    expect(run.code).toBe(1);
    const diff = JSON.parse(run.stdout) as TranscriptDiff;
    expect(diff.entries).toEqual([
      expect.objectContaining({
        status: 'changed',
        changes: [{ path: 'result.serverInfo.name', change: 'changed', old: 'scripted-server', new: 'scripted-server-fixed' }],
      }),
    ]);
  }, 60_000);

  it('names the missing script and the ways to override when run where it is not, and --cwd points at it', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'mcpscope-machine-d-'));
    const run = await replayIn(empty);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`cannot find srv/server.mjs (recorded in ${first})`);
    expect(run.stderr).toContain(`looked for ${join(empty, 'srv', 'server.mjs')}`);
    expect(run.stderr).toMatch(/--cwd <dir>.*-- <command>/);
    const elsewhere = machine('mcpscope-machine-e-');
    const pointed = await replayIn(empty, ['--cwd', elsewhere]);
    expect(pointed.code).toBe(0);
  }, 60_000);

  it('names the command it looked for on PATH when the server program is not installed', async () => {
    const dir = machine('mcpscope-machine-f-');
    writeFileSync(join(dir, 'x.bundle.json'), bundleText);
    // The CLI itself runs from this Node's absolute path; only the server's lookup sees the PATH without node on it.
    const run = await runCli(['replay', 'x.bundle.json'], { PATH: join(dir, 'srv') }, dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`cannot find the server command "node" on PATH (${join(dir, 'srv')})`);
  }, 60_000);
});
