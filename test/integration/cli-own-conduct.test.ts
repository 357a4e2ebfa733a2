// `mcpscope call` keeps its own conduct clean: against a server that declares only tools, what it sends on its own
// (handshake, the tools/list before a tools/call) draws no finding, and in a fault-lab run every finding is about a
// frame the lab sent on purpose, never one of mcpscope's own.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { STDIO_VERDICTS } from '../helpers/fault-expectations.js';
import { faultLanes } from '../helpers/fault-lanes.js';
import { verdictMismatches } from '../helpers/fault-lab-page.js';
import { EVERYTHING_SERVER, FIXTURES } from '../helpers/relay-process.js';
import { runCli } from '../helpers/run-cli.js';

const toolsOnly = ['--', process.execPath, join(FIXTURES, 'tools-only-server.mjs')];

/** The JSON finding lines `--lint` writes on stderr (other stderr lines are notes). */
function findings(stderr: string): { ruleId: string; seq: number; origin?: string }[] {
  return stderr.split('\n').flatMap((l) => (l.startsWith('{"ruleId"') ? [JSON.parse(l) as { ruleId: string; seq: number; origin?: string }] : []));
}

// Each test runs its own processes and mostly waits on them (the fault run on preset windows): side by side.
describe.concurrent('mcpscope call, conduct of its own', () => {
  for (const protocol of ['2025-11-25', '2026-07-28']) {
    it(`calls a tool of a tools-only server at ${protocol} with no finding at all, its tools/list first included`, async () => {
      const run = await runCli([
        'call',
        '--method',
        'tools/call',
        '--params',
        '{"name":"add","arguments":{"a":2,"b":3}}',
        '--protocol',
        protocol,
        '--lint',
        '--strict',
        ...toolsOnly,
      ]);
      expect(run.stderr).toMatch(/listed the tools first/);
      expect(findings(run.stderr)).toEqual([]);
      expect(run.code, run.stderr).toBe(0);
      expect(JSON.parse(run.stdout)).toMatchObject({ content: [{ type: 'text', text: '5' }] });
    }, 60_000);
  }

  it('sends the prompts/get a user asks of a server that declared no prompts as theirs, with no bookkeeping of its own', async () => {
    const run = await runCli(['call', '--method', 'prompts/get', '--params', '{"name":"x"}', '--lint', ...toolsOnly]);
    expect(run.stderr).toMatch(/did not declare the capability "prompts"/);
    // The user's own request is judged like any other: the finding names its maker.
    const own = findings(run.stderr).filter((f) => f.origin === 'bookkeeping');
    expect(own).toEqual([]);
    expect(findings(run.stderr).some((f) => f.origin === 'user')).toBe(true);
  }, 60_000);

  // The one run of every stdio preset against server-everything: it also checks every verdict against the table
  // (test/integration/cli-fault.test.ts runs the demo server's), so the slow run is not made twice. The presets go in
  // three lists side by side (test/helpers/fault-lanes.ts), each a session of its own, linted whole.
  it('runs every fault preset against server-everything, graded as MCP-FACTS documents, without a finding on any frame mcpscope sent on its own', async () => {
    const everything = ['--', process.execPath, EVERYTHING_SERVER, 'stdio'];
    // The before-initialize preset needs a session without a handshake, so a run of its own, beside the others.
    const [{ runs, outcomes }, before] = await Promise.all([
      faultLanes(STDIO_VERDICTS, ['--timeout', '2500', '--lint', ...everything]),
      runCli(['call', '--fault', 'before-initialize', '--no-handshake', '--timeout', '15000', ...everything]),
    ]);
    const stderr = runs.map((r) => r.stderr).join('\n');
    expect(verdictMismatches(outcomes, STDIO_VERDICTS), stderr).toEqual([]);
    expect(Math.max(...runs.map((r) => r.code ?? -1))).toBe(3);
    for (const run of runs) {
      const own = findings(run.stderr);
      expect(own.filter((f) => f.origin === 'bookkeeping')).toEqual([]);
      expect(run.stderr).not.toMatch(/on mcpscope's own traffic/);
    }
    const all = findings(stderr);
    expect(all.length).toBeGreaterThan(0);
    expect(all.some((f) => f.origin === 'lab')).toBe(true);
    expect(JSON.parse(before.stdout)).toMatchObject({ verdict: { outcome: 'as-spec' } });
  }, 180_000);
});
