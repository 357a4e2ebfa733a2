// `mcpscope fuzz` against the fragile fixture, which crashes on one input class per tool: each class found within the
// run budget documented in docs/fuzz.md and shrunk to its smallest input; the same seed gives the same campaign; the
// kept bundle replays to the same failure; and the read-only safety rule holds on the demo server.
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FuzzFailure, FuzzReport } from '../../shared/fuzz/fuzz-report.js';
import { DEMO_SERVER, FIXTURES } from '../helpers/relay-process.js';
import { runCli } from '../helpers/run-cli.js';
import { startRemoteServer } from '../helpers/remote-server.js';

const FRAGILE = ['--', process.execPath, join(FIXTURES, 'fragile-server.mjs')];

async function fuzz(
  args: string[],
  out = mkdtempSync(join(tmpdir(), 'mcpscope-fuzz-')),
): Promise<{ code: number | null; report: FuzzReport; out: string; stderr: string }> {
  const run = await runCli(['fuzz', '--json', '--no-record', '--out', out, ...args]);
  expect(run.stderr).not.toMatch(/could not run/);
  return { code: run.code, report: JSON.parse(run.stdout) as FuzzReport, out, stderr: run.stderr };
}

const only = (r: FuzzReport): FuzzFailure => {
  expect(r.failures.map((f) => f.key)).toHaveLength(1);
  return r.failures[0]!;
};

function depthOf(v: unknown): number {
  if (v === null || typeof v !== 'object') return 0;
  const inner = Object.values(v).map(depthOf);
  return 1 + (inner.length === 0 ? 0 : Math.max(...inner));
}

describe.concurrent('mcpscope fuzz finds each input class of the fragile server and shrinks it', () => {
  it('a length threshold: a 40-character query, with the stack trace it threw', async () => {
    const { code, report } = await fuzz(['--tools', 'lookup', '--runs', '20', '--seed', '11', '--timeout', '2000', ...FRAGILE]);
    expect(code).toBe(1);
    const f = only(report);
    expect(f).toMatchObject({ oracle: 'crash', subject: 'lookup', signature: 'exit 1 · RangeError', exitCode: 1, reproduced: true });
    expect(f.input).toEqual({ query: ' '.repeat(40) });
    expect(f.foundAtRun).toBeLessThanOrEqual(20);
    expect(f.stderr.join('\n')).toMatch(/RangeError: lookup buffer overflow at 40 characters/);
    expect(JSON.parse(f.frame)).toMatchObject({ method: 'tools/call', params: { name: 'lookup', arguments: { query: ' '.repeat(40) } } });
  }, 240_000);

  it('a character class: one C0 control character, and the kill signal', async () => {
    const { report } = await fuzz(['--tools', 'greet', '--runs', '40', '--seed', '12', '--timeout', '2000', ...FRAGILE]);
    const f = only(report);
    expect(f).toMatchObject({ oracle: 'crash', signature: 'signal SIGKILL', signal: 'SIGKILL', reproduced: true });
    const name = (f.input as { name: string }).name;
    expect(name).toHaveLength(1);
    expect(name.charCodeAt(0)).toBeLessThan(0x20);
  }, 240_000);

  it('a nesting depth: five objects deep, one member each', async () => {
    const { report } = await fuzz(['--tools', 'nest', '--runs', '20', '--seed', '13', '--timeout', '2000', ...FRAGILE]);
    const f = only(report);
    expect(f).toMatchObject({ oracle: 'crash', signature: 'exit 70', reproduced: true });
    const tree = (f.input as { tree: unknown }).tree;
    expect(depthOf(tree)).toBe(5);
    expect(JSON.stringify(tree)).toMatch(/^(\{"[^"]*":){4}\{\}\}\}\}\}$/);
  }, 240_000);

  it('a combination of two fields: mode sync with the least count over 500', async () => {
    const { report } = await fuzz(['--tools', 'pair', '--runs', '60', '--seed', '14', '--timeout', '2000', ...FRAGILE]);
    expect(only(report)).toMatchObject({ oracle: 'crash', signature: 'exit 3', input: { mode: 'sync', count: 501 }, reproduced: true });
  }, 240_000);

  it('a hang: the least wait that blocks the server, which is then started again', async () => {
    const { report } = await fuzz(['--tools', 'wait', '--runs', '15', '--seed', '15', '--timeout', '300', ...FRAGILE]);
    expect(only(report)).toMatchObject({ oracle: 'hang', signature: 'no answer', input: { ms: 5001 }, reproduced: true });
    expect(report.restarts).toBeGreaterThan(0);
  }, 240_000);

  it('an id of the wrong type, by protocol mutations', async () => {
    const { report } = await fuzz([
      '--mode',
      'protocol',
      '--tools',
      'pair',
      '--runs',
      '80',
      '--seed',
      '16',
      '--timeout',
      '2000',
      '--reply-wait',
      '100',
      ...FRAGILE,
    ]);
    const f = report.failures.find((x) => x.subject === 'id');
    expect(f).toMatchObject({ oracle: 'crash', signature: 'exit 1 · TypeError', mode: 'protocol', reproduced: true });
    const id = (f!.input as { id: unknown }).id;
    expect([false, true, {}, []]).toContainEqual(id);
    // The fault lab's presets went first, each graded with the lab's verdicts.
    expect(report.verdicts['invalid-json']).toBeDefined();
    expect(report.failures.filter((x) => x.subject !== 'id')).toEqual([]);
  }, 240_000);
});

describe.concurrent('mcpscope fuzz reads the lint: a tool failure on the wrong channel, a result against its outputSchema', () => {
  const faulty = (flag: string) => [
    '--tools',
    'weather',
    '--allow-tools',
    'weather',
    '--runs',
    '10',
    '--seed',
    '1',
    '--timeout',
    '2000',
    '--',
    process.execPath,
    join(FIXTURES, 'faulty-server.mjs'),
    flag,
  ];

  it('a JSON-RPC error for a tool that ran is tool-channel; structuredContent breaking the schema is output-schema', async () => {
    const [channel, schema] = await Promise.all([fuzz(faulty('--business-error-as-protocol-error')), fuzz(faulty('--bad-structured-content'))]);
    expect(only(channel.report)).toMatchObject({ oracle: 'tool-channel', signature: 'mcp/tool-failure-channel', input: {}, reproduced: true });
    // The schema is learnt from tools/list, which every new connection (a restart, the repro) asks again.
    expect(only(schema.report)).toMatchObject({ oracle: 'output-schema', signature: 'mcp/structured-content-schema', input: {}, reproduced: true });
  }, 240_000);
});

describe('mcpscope fuzz keeps what it finds', () => {
  it('the same seed gives the same campaign, and the kept bundle replays to the same failure', async () => {
    const args = ['--tools', 'pair', '--runs', '40', '--seed', '99', '--timeout', '2000', ...FRAGILE];
    const [a, b] = await Promise.all([fuzz(args), fuzz(args)]);
    const facts = (r: FuzzReport) => ({
      runs: r.runs,
      shrinkRuns: r.shrinkRuns,
      failures: r.failures.map((f) => [f.key, f.input, f.original, f.foundAtRun, f.shrinkRuns]),
    });
    expect(facts(a.report)).toEqual(facts(b.report));
    const bundle = only(a.report).bundle!;
    expect(readdirSync(a.out)).toEqual(['01-crash-pair.mcpscope.json']);
    const replay = await runCli(['replay', bundle, '--', process.execPath, join(FIXTURES, 'fragile-server.mjs')]);
    expect([replay.code, replay.stdout]).toEqual([0, expect.stringMatching(/^identical/)]);
    // A server without the bug answers the call the recording never got an answer to.
    const fixed = await runCli(['replay', bundle, '--', process.execPath, join(FIXTURES, 'scripted-server.mjs')]);
    expect(fixed.code).toBe(1);
  }, 240_000);

  it('calls only read-only tools unless --allow-tools names them, and prints one line per failure', async () => {
    const run = await runCli([
      'fuzz',
      '--no-record',
      '--runs',
      '12',
      '--seed',
      '5',
      '--timeout',
      '3000',
      '--out',
      mkdtempSync(join(tmpdir(), 'mcpscope-fuzz-')),
      '--',
      process.execPath,
      DEMO_SERVER,
    ]);
    expect(run.stderr).toMatch(/skipped create_order: not annotated read-only: name it with --allow-tools/);
    expect(run.stderr).toMatch(/skipped add_note: not annotated read-only/);
    expect(run.stdout).toMatch(/^no failure in 12 runs \(\+0 shrinking\), 0 restarts, [\d.]+ s, seed 5$/m);
    expect(run.code).toBe(0);
    const lines = await runCli([
      'fuzz',
      '--no-record',
      '--tools',
      'pair',
      '--runs',
      '30',
      '--seed',
      '14',
      '--timeout',
      '2000',
      '--out',
      mkdtempSync(join(tmpdir(), 'mcpscope-fuzz-')),
      ...FRAGILE,
    ]);
    expect(lines.stdout).toMatch(/^crash {9}pair: the server exited with code 3 · input \{"mode":"sync","count":501\} · .*01-crash-pair\.mcpscope\.json$/m);
  }, 240_000);
});

describe('mcpscope fuzz --url', () => {
  it('fuzzes a Streamable HTTP server on 127.0.0.1: the outputSchema break found and shrunk to one digit, the destructive tool left alone', async () => {
    const server = await startRemoteServer(join(FIXTURES, 'fragile-http-server.mjs'));
    try {
      const { code, report } = await fuzz(['--runs', '60', '--seed', '5', '--timeout', '3000', '--url', server.url('/mcp')]);
      expect(code).toBe(1);
      expect(report.skipped.map((s) => s.name)).toEqual(['erase']);
      const f = only(report);
      expect(f).toMatchObject({ oracle: 'output-schema', subject: 'measure', signature: 'mcp/structured-content-schema', reproduced: true });
      // The smallest text that still breaks the schema: one digit.
      expect(f.input).toEqual({ text: expect.stringMatching(/^[0-9]$/) });
    } finally {
      await server.stop();
    }
  }, 120_000);
});
