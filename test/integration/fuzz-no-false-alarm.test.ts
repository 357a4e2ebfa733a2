// A correct server gives `mcpscope fuzz` nothing to report: 1,000 runs on the demo server's and server-everything's
// read-only tools find no failure. Slow tools (slow_count, trigger-long-running-operation) outlive the short timeout
// now and then; the server still answers a ping (or sends progress), so those inputs count as slow, never as a hang.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FuzzReport } from '../../shared/fuzz/fuzz-report.js';
import { DEMO_SERVER, EVERYTHING_SERVER } from '../helpers/relay-process.js';
import { runCli } from '../helpers/run-cli.js';

async function campaign(server: string[]): Promise<FuzzReport> {
  const out = mkdtempSync(join(tmpdir(), 'mcpscope-fuzz-'));
  const run = await runCli([
    'fuzz',
    '--json',
    '--no-record',
    '--runs',
    '1000',
    '--seed',
    '2026',
    '--timeout',
    '500',
    '--out',
    out,
    '--',
    process.execPath,
    ...server,
  ]);
  expect(run.stderr).not.toMatch(/could not run/);
  return JSON.parse(run.stdout) as FuzzReport;
}

describe.concurrent('mcpscope fuzz on correct servers', () => {
  it('finds nothing in 1,000 runs of the demo server', async () => {
    const r = await campaign([DEMO_SERVER]);
    expect(r.failures.map((f) => `${f.key}: ${JSON.stringify(f.input)}`)).toEqual([]);
    expect(r).toMatchObject({ runs: 1000, restarts: 0, tools: ['get_weather', 'divide', 'echo', 'plan_trip', 'slow_count', 'log_message'] });
  }, 600_000);

  it("finds nothing in 1,000 runs of server-everything's read-only tools", async () => {
    const r = await campaign([EVERYTHING_SERVER, 'stdio']);
    expect(r.failures.map((f) => `${f.key}: ${JSON.stringify(f.input)}`)).toEqual([]);
    expect(r.runs).toBe(1000);
    expect(r.restarts).toBe(0);
    expect(r.tools).toContain('echo');
    expect(r.skipped.map((s) => s.name)).toContain('simulate-research-query');
  }, 600_000);
});
