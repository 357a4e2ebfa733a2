// `mcpscope run <collection>` as a real process: the demo server for every assertion kind passing and failing and
// variables between steps, server-everything for a sampling request answered from the collection's answers; the JUnit
// file against the Jenkins xunit schema, --json against the shipped schema, --record for links to the frames.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Validator, type Schema } from '@cfworker/json-schema';
import { describe, expect, it } from 'vitest';
import type { RunReport } from '../../shared/collections/index.js';
import { junitSchemaErrors } from '../helpers/junit-schema.js';
import { DEMO_SERVER, EVERYTHING_SERVER, FIXTURES, ROOT } from '../helpers/relay-process.js';
import { runCli } from '../helpers/run-cli.js';

const COLLECTIONS = join(FIXTURES, 'collections');
const REPORT_SCHEMA = new Validator(JSON.parse(readFileSync(join(ROOT, 'schemas', 'run-report.v1.json'), 'utf8')) as Schema, '2020-12');
const demo = ['--', process.execPath, DEMO_SERVER];
const scratch = () => mkdtempSync(join(tmpdir(), 'mcpscope-run-'));

describe.concurrent('mcpscope run', () => {
  it('passes every assertion kind with variables between steps, exit 0, --json valid for the shipped schema', async () => {
    const run = await runCli(['run', join(COLLECTIONS, 'demo-pass.collection.json'), '--json', ...demo], { GREETING: 'hello' });
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as RunReport;
    expect(REPORT_SCHEMA.validate(report).valid).toBe(true);
    expect(report.steps.map((s) => [s.name, s.status])).toEqual([
      ['list', 'pass'],
      ['greet', 'pass'],
      ['again', 'pass'],
    ]);
    // The variables as sent: the environment's, then one step's result in the next one's params.
    const firstTool = (report.steps[0]!.response!.result as { tools: { name: string }[] }).tools[0]!.name;
    expect(report.steps[1]!.params).toEqual({ name: 'echo', arguments: { text: `hello from ${firstTool}` } });
    expect(report.steps[2]!.params).toEqual({ name: 'echo', arguments: { text: `hello from ${firstTool}`, times: 2 } });
    expect(report.steps.flatMap((s) => s.assertions).every((a) => a.pass)).toBe(true);
    expect(report.steps[0]!.frames.length).toBeGreaterThanOrEqual(2);
    expect(run.stderr.split('\n').filter((l) => l.startsWith('run: '))).toEqual([
      expect.stringMatching(/^run: PASS list \(\d+ ms\)$/),
      expect.stringMatching(/^run: PASS greet/),
      expect.stringMatching(/^run: PASS again/),
    ]);
  }, 120_000);

  it('fails on a broken assertion with exit 1, each failure saying what was seen and linking its frames, JUnit valid', async () => {
    const dir = scratch();
    const junit = join(dir, 'run.xml');
    const run = await runCli(['run', join(COLLECTIONS, 'demo-fail.collection.json'), '--junit', junit, '--record', '--data-dir', dir, ...demo]);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toContain('FAIL  divide  tools/call');
    expect(run.stdout).toContain('assert {"isError":false}: the tool answered isError: true: "Cannot divide 1 by zero."');
    expect(run.stdout).toContain('/content/0/text is "Cannot divide 1 by zero.", not "1 / 0 = Infinity"');
    expect(run.stdout).toMatch(/which does not match \/\^\\d\//);
    expect(run.stdout).toContain('fails the schema');
    expect(run.stdout).toMatch(/answered in \d+ ms, not under 1 ms/);
    const link = /open: <inspector URL>(#session=([\w-]+)&seq=(\d+))/.exec(run.stdout);
    expect(link).not.toBeNull();
    expect(run.stdout).toContain(`recorded: session ${link![2]}`);
    expect(run.stdout).toMatch(/PASS {2}after {2}ping/);
    const xml = readFileSync(junit, 'utf8');
    expect(await junitSchemaErrors(xml)).toEqual([]);
    expect(xml).toMatch(/<testsuites name="mcpscope run demo-broken" tests="3" failures="1" errors="0" time="\d+\.\d{3}">/);
    expect(xml).toContain(`open: &lt;inspector URL&gt;${link![1]!.replace('&', '&amp;')}`);
  }, 120_000);

  it('with --bail stops at the failing step and reports the rest as skipped, also in the JUnit file', async () => {
    const junit = join(scratch(), 'run.xml');
    const run = await runCli(['run', join(COLLECTIONS, 'demo-fail.collection.json'), '--bail', '--junit', junit, ...demo]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/SKIP {2}after {2}ping/);
    const xml = readFileSync(junit, 'utf8');
    expect(await junitSchemaErrors(xml)).toEqual([]);
    expect(xml).toContain('<skipped type="bail" message="an earlier step did not pass (--bail)"/>');
  }, 120_000);

  it("answers the server's sampling request from the collection's answers, and the assertion says so; without answers it fails", async () => {
    const everything = ['--', process.execPath, EVERYTHING_SERVER, 'stdio'];
    const run = await runCli(['run', join(COLLECTIONS, 'sampling.collection.json'), '--json', ...everything]);
    expect(run.code, run.stderr + run.stdout).toBe(0);
    const step = (JSON.parse(run.stdout) as RunReport).steps[0]!;
    expect(step.assertions[0]).toMatchObject({ pass: true, detail: 'sampling/createMessage asked 1× and answered from the answers' });
    // The same steps with answers that refuse: the request is asked and answered with an error, so the assertion fails.
    const dir = scratch();
    const refusing = join(dir, 'answers.json');
    writeFileSync(refusing, JSON.stringify({ sampling: { action: 'reject', message: 'no' } }));
    const refused = await runCli(['run', join(COLLECTIONS, 'sampling.collection.json'), '--answers', refusing, ...everything]);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain('sampling/createMessage was asked, but not answered with a result');
  }, 120_000);

  it('could not run (exit 2): a collection that is not one, an unset environment variable, a server that cannot start', async () => {
    const dir = scratch();
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ version: 1, name: 'x', steps: [{ name: 'a', method: 'ping', assert: [{ pointer: '/x', near: 1 }] }] }));
    const notOne = await runCli(['run', bad, ...demo]);
    expect(notOne.code).toBe(2);
    expect(notOne.stderr).toMatch(/bad\.json is not a collection: steps\.0\.assert\.0/);
    const unset = await runCli(['run', join(COLLECTIONS, 'demo-pass.collection.json'), ...demo]);
    expect(unset.code).toBe(2);
    expect(unset.stderr).toContain('step greet: the environment variable GREETING is not set');
    const dead = await runCli(['run', join(COLLECTIONS, 'demo-fail.collection.json'), '--', process.execPath, '-e', 'process.exit(3)']);
    expect(dead.code).toBe(2);
    expect(dead.stderr).toContain('mcpscope run: could not run:');
  }, 120_000);
});
