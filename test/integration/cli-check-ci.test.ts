// `mcpscope check` as a CI step, as a real process against a server with two warnings: progress on stderr group by group while it
// runs, --fail-on deciding whether a warning fails the job, a JUnit file that the Jenkins xunit schema accepts, and a
// baseline of accepted problems (written, a known one green, a new one failing, a fixed one reported).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/relay-process.js';
import { junitSchemaErrors } from '../helpers/junit-schema.js';
import { runCli } from '../helpers/run-cli.js';

const scratch = () => mkdtempSync(join(tmpdir(), 'mcpscope-check-ci-'));
// Two warnings and no failure (our own demo has none since it answers a nameless tools/call with -32602): the scripted
// fixture answers an unsupported version offer with the oldest it supports (lifecycle/version-support, a SHOULD) and its
// tool's failure with -32603 (tools/call, lint's mcp/tool-failure-channel, a SHOULD graded after the transcript's lint).
const QUICK = ['--only', 'lifecycle,tools', '--no-robustness'];
const SERVER = [
  process.execPath,
  join(ROOT, 'test', 'fixtures', 'scripted-server.mjs'),
  '--tool-internal-error',
  '--versions',
  '2024-11-05,2025-03-26,2025-06-18,2025-11-25',
  '--pick',
  'oldest',
];

describe.concurrent('mcpscope check in CI', () => {
  it('reports each group on stderr as it finishes, in the order they ran, with a warning as soon as it is graded', async () => {
    const run = await runCli(['check', ...QUICK, '--', ...SERVER]);
    expect(run.code).toBe(0);
    const lines = run.stderr.split('\n').filter((l) => l.startsWith('check:'));
    // The group's line comes as its checks end; the lint of the whole transcript turns tools/call into a warning after.
    expect(lines).toEqual([
      expect.stringMatching(/^check: {3}WARN lifecycle\/version-support: /),
      expect.stringMatching(/^check: lifecycle 6\/7 passed, 1 warned \(\d+\.\d s\)$/),
      expect.stringMatching(/^check: tools \d+\/\d+ passed(, \d+ skipped)? \(\d+\.\d s\)$/),
    ]);
    // Not a terminal: no live line, so a CI log holds nothing but these lines.
    expect(run.stderr).not.toContain('\r');
    expect(run.stdout).toMatch(/\d+ checks: \d+ passed, 0 failed, 2 warned/);
  }, 120_000);

  it('exits 1 on a warning with --fail-on warn, and writes it to the JUnit file as a failure of type warning, valid for the schema', async () => {
    const junit = join(scratch(), 'check.xml');
    const run = await runCli(['check', ...QUICK, '--fail-on', 'warn', '--junit', junit, '--', ...SERVER]);
    expect(run.code).toBe(1);
    const xml = readFileSync(junit, 'utf8');
    expect(await junitSchemaErrors(xml)).toEqual([]);
    expect(xml).toMatch(
      /<testcase classname="mcpscope.check.lifecycle" name="lifecycle\/version-support" time="\d+\.\d{3}"><failure type="warning" message="warning: /,
    );
    expect(xml).toMatch(/<testsuites [^>]*failures="2" errors="0" time="\d+\.\d{3}">/);
  }, 120_000);

  it('writes the same warning as a skipped case of type warning by default, valid for the schema, and exits 0', async () => {
    const junit = join(scratch(), 'check.xml');
    const run = await runCli(['check', ...QUICK, '--junit', junit, '--', ...SERVER]);
    expect(run.code).toBe(0);
    const xml = readFileSync(junit, 'utf8');
    expect(await junitSchemaErrors(xml)).toEqual([]);
    expect(xml).toContain('<skipped type="warning" message="warning: ');
    expect(xml).toContain('<property name="mcpscope.warnings" value="tools/call"/>');
  }, 120_000);

  it('refuses a --fail-on other than fail or warn with exit 2 before starting anything', async () => {
    const run = await runCli(['check', '--fail-on', 'skip', '--', ...SERVER]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--fail-on/);
  });

  it('writes a baseline with --update-baseline, then stays green on its known warning under --fail-on warn', async () => {
    const file = join(scratch(), 'baseline.json');
    const first = await runCli(['check', ...QUICK, '--baseline', file, '--update-baseline', '--', ...SERVER]);
    expect(first.code).toBe(0);
    const written = JSON.parse(readFileSync(file, 'utf8')) as { version: number; accepted: Record<string, { status: string }> };
    expect(written.version).toBe(1);
    expect(Object.entries(written.accepted).map(([id, e]) => [id, e.status])).toEqual([
      ['lifecycle/version-support', 'warn'],
      ['tools/call', 'warn'],
    ]);
    const again = await runCli(['check', ...QUICK, '--fail-on', 'warn', '--baseline', file, '--', ...SERVER]);
    expect(again.code).toBe(0);
    expect(again.stderr).toContain(`check: baseline ${file}: 2 known, 0 new, 0 fixed`);
  }, 180_000);

  it('fails on a problem the baseline does not accept, and reports an accepted check that passes now as fixed', async () => {
    const file = join(scratch(), 'baseline.json');
    writeFileSync(file, JSON.stringify({ version: 1, accepted: { 'lifecycle/ping': { status: 'fail', reason: 'hung once' } } }));
    const run = await runCli(['check', ...QUICK, '--fail-on', 'warn', '--baseline', file, '--', ...SERVER]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`check: new: tools/call (warn), not accepted in ${file}`);
    expect(run.stderr).toContain(`check: fixed: lifecycle/ping passes now: remove it from ${file} or run --update-baseline`);
    expect(run.stderr).toContain(`check: new: lifecycle/version-support (warn), not accepted in ${file}`);
    expect(run.stderr).toContain(`check: baseline ${file}: 0 known, 2 new, 1 fixed`);
  }, 120_000);

  it('refuses a baseline that is not one, or is missing, with exit 2 before starting the server, and leaves the file as it was', async () => {
    const dir = scratch();
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{"version": 1, "accepted": {"tools/call": {"status": "ok"}}}');
    const run = await runCli(['check', '--baseline', bad, '--', ...SERVER]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/bad\.json is not a check baseline: accepted\.tools\/call\.status: /);
    expect(run.stderr).not.toMatch(/^check: /m);
    expect(readFileSync(bad, 'utf8')).toBe('{"version": 1, "accepted": {"tools/call": {"status": "ok"}}}');
    const missing = await runCli(['check', '--baseline', join(dir, 'none.json'), '--', ...SERVER]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/no baseline at .*none\.json: create it with --update-baseline/);
  });

  it('writes a job summary that says the check could not run when the server does not start (exit 2)', async () => {
    const summary = join(scratch(), 'summary.md');
    const run = await runCli(['check', '--markdown', summary, '--', process.execPath, '-e', 'process.exit(3)']);
    expect(run.code).toBe(2);
    expect(readFileSync(summary, 'utf8')).toMatch(/^## mcpscope check ⚠️ could not run: .*\n\n.*exited/);
  });
});
