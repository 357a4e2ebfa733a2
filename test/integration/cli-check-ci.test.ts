// `mcpscope check` as a CI step, as a real process against the demo server: progress on stderr group by group while it
// runs, --fail-on deciding whether a warning fails the job, and a JUnit file that the Jenkins xunit schema accepts.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_SERVER as DEMO } from '../helpers/relay-process.js';
import { junitSchemaErrors } from '../helpers/junit-schema.js';
import { runCli } from '../helpers/run-cli.js';

const scratch = () => mkdtempSync(join(tmpdir(), 'mcpscope-check-ci-'));
// The demo answers an unknown tool with isError: true, not a JSON-RPC error: tools/unknown-tool warns (a sentence with
// no keyword), and nothing fails.
const QUICK = ['--only', 'lifecycle,tools', '--no-robustness'];

describe.concurrent('mcpscope check in CI', () => {
  it('reports each group on stderr as it finishes, in the order they ran, with a warning as soon as it is graded', async () => {
    const run = await runCli(['check', ...QUICK, '--', process.execPath, DEMO]);
    expect(run.code).toBe(0);
    const lines = run.stderr.split('\n').filter((l) => l.startsWith('check:'));
    expect(lines[0]).toMatch(/^check: lifecycle 4\/4 passed \(\d+\.\d s\)$/);
    expect(lines.slice(1)).toEqual([expect.stringMatching(/^check: {3}WARN tools\/unknown-tool: /), expect.stringMatching(/^check: tools \d+\/\d+ passed, 1 warned(, \d+ skipped)? \(\d+\.\d s\)$/)]);
    // Not a terminal: no live line, so a CI log holds nothing but these lines.
    expect(run.stderr).not.toContain('\r');
    expect(run.stdout).toMatch(/\d+ checks: \d+ passed, 0 failed, 1 warned/);
  }, 120_000);

  it('exits 1 on a warning with --fail-on warn, and writes it to the JUnit file as a failure of type warning, valid for the schema', async () => {
    const junit = join(scratch(), 'check.xml');
    const run = await runCli(['check', ...QUICK, '--fail-on', 'warn', '--junit', junit, '--', process.execPath, DEMO]);
    expect(run.code).toBe(1);
    const xml = readFileSync(junit, 'utf8');
    expect(await junitSchemaErrors(xml)).toEqual([]);
    expect(xml).toMatch(/<testcase classname="mcpscope.check.tools" name="tools\/unknown-tool" time="\d+\.\d{3}"><failure type="warning" message="warning: /);
    expect(xml).toMatch(/<testsuites [^>]*failures="1" errors="0" time="\d+\.\d{3}">/);
  }, 120_000);

  it('writes the same warning as a skipped case of type warning by default, valid for the schema, and exits 0', async () => {
    const junit = join(scratch(), 'check.xml');
    const run = await runCli(['check', ...QUICK, '--junit', junit, '--', process.execPath, DEMO]);
    expect(run.code).toBe(0);
    const xml = readFileSync(junit, 'utf8');
    expect(await junitSchemaErrors(xml)).toEqual([]);
    expect(xml).toContain('<skipped type="warning" message="warning: ');
    expect(xml).toContain('<property name="mcpscope.warnings" value="tools/unknown-tool"/>');
  }, 120_000);

  it('refuses a --fail-on other than fail or warn with exit 2 before starting anything', async () => {
    const run = await runCli(['check', '--fail-on', 'skip', '--', process.execPath, DEMO]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--fail-on/);
  });
});
