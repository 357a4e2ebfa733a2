import { describe, expect, it } from 'vitest';
import {
  checkAssertions,
  runExitCode,
  runJunit,
  runSummary,
  type Assertion,
  type RunReport,
  type StepOutcome,
  type StepResult,
} from '../../../shared/collections/index.js';
import { junitSchemaErrors } from '../../helpers/junit-schema.js';
import { JsonSchemaValidator } from '../../../shared/lint/index.js';

const outcome = (more: Partial<StepOutcome> = {}): StepOutcome => ({
  method: 'tools/call',
  response: { jsonrpc: '2.0', id: 3, result: { content: [{ type: 'text', text: 'hello 42' }], structuredContent: { n: 42 } } },
  latencyMs: 12,
  findings: [],
  serverRequests: [],
  ...more,
});
const grade = (a: Assertion, o = outcome()) => checkAssertions([a], o, new JsonSchemaValidator())[0]!;

describe('each assertion kind', () => {
  const cases: [string, Assertion, Partial<StepOutcome>, Assertion | null, Partial<StepOutcome>, RegExp][] = [
    [
      'pointer equals',
      { pointer: '/structuredContent', equals: { n: 42 } },
      {},
      { pointer: '/structuredContent/n', equals: '42' },
      {},
      /\/structuredContent\/n is 42, not "42"/,
    ],
    [
      'pointer matches',
      { pointer: '/content/0/text', matches: '^hello \\d+$' },
      {},
      { pointer: '/structuredContent/n', matches: '4' },
      {},
      /is 42, not a string to match/,
    ],
    [
      'schema',
      { pointer: '/structuredContent', schema: { type: 'object', properties: { n: { type: 'integer', minimum: 1 } } } },
      {},
      { schema: { required: ['isError'] } },
      {},
      /fails the schema: .*isError/,
    ],
    [
      'isError false',
      { isError: false },
      {},
      null,
      { response: { jsonrpc: '2.0', id: 3, result: { isError: true, content: [{ type: 'text', text: 'boom' }] } } },
      /isError: true: "boom"/,
    ],
    ['latency', { latencyUnderMs: 100 }, {}, null, { latencyMs: 250 }, /answered in 250 ms, not under 100 ms/],
    [
      'no lint finding',
      { noLintAtOrAbove: 'warning' },
      { findings: [{ ruleId: 'mcp/x', severity: 'info', seq: 4, message: 'drift' }] },
      null,
      { findings: [{ ruleId: 'jsonrpc/missing-version', severity: 'error', seq: 4, message: 'no jsonrpc' }] },
      /1 finding: jsonrpc\/missing-version \(error\) at #4/,
    ],
    [
      'server request answered',
      { serverRequest: 'sampling/createMessage' },
      { serverRequests: [{ method: 'sampling/createMessage', answered: true }] },
      null,
      { serverRequests: [{ method: 'sampling/createMessage', answered: false }] },
      /was asked, but not answered/,
    ],
  ];
  for (const [kind, passing, passWith, failing, failWith, why] of cases) {
    it(`${kind}: passes, and fails saying what was seen`, () => {
      expect(grade(passing, outcome(passWith))).toMatchObject({ pass: true });
      const failed = grade(failing ?? passing, outcome(failWith));
      expect(failed.pass).toBe(false);
      expect(failed.detail).toMatch(why);
    });
  }

  it('fails every result assertion on a JSON-RPC error or no answer, saying so', () => {
    const error = outcome({ response: { jsonrpc: '2.0', id: 3, error: { code: -32601, message: 'Method not found' } } });
    for (const a of [{ pointer: '', equals: {} }, { isError: false }, { pointer: '/x', matches: 'y' }] as Assertion[])
      expect(grade(a, error).detail).toBe('the server answered with error -32601: Method not found');
    expect(grade({ latencyUnderMs: 5 }, outcome({ response: null, latencyMs: null })).detail).toBe('no answer came');
    expect(grade({ serverRequest: 'roots/list' }).detail).toBe('the server sent no roots/list request');
  });

  it('takes a regular expression that cannot be compiled as a failure, not a crash', () => {
    expect(grade({ pointer: '/content/0/text', matches: '(' }).detail).toMatch(/is not a regular expression/);
    expect(grade({ pointer: '/content/0/text', equals: 'hello 42' }).pass).toBe(true);
  });
});

describe('the run report forms', () => {
  const step = (name: string, status: StepResult['status'], more: Partial<StepResult> = {}): StepResult => ({
    name,
    method: 'ping',
    status,
    latencyMs: 3,
    response: { result: {} },
    assertions: [],
    frames: [4, 5],
    durationMs: 3.5,
    ...more,
  });
  const report = (steps: StepResult[]): RunReport => ({
    collection: 'c <&>',
    target: 'node s.js',
    transport: 'stdio',
    protocolVersion: '2025-11-25',
    startedAt: '2026-12-05T09:00:00Z',
    session: 'mk1-ab',
    steps,
  });

  it('exits 0 when every step passed, 1 on a failed assertion, 2 when a step could not run', () => {
    expect(runExitCode([step('a', 'pass')])).toBe(0);
    expect(runExitCode([step('a', 'pass'), step('b', 'fail'), step('c', 'skipped')])).toBe(1);
    expect(runExitCode([step('a', 'fail'), step('b', 'error')])).toBe(2);
  });

  it('writes JUnit the XSD accepts for every status: a failure, an error, a skip, a pass', async () => {
    const failed = { assertion: { isError: false }, pass: false, detail: 'the tool answered isError: true: "x\u0001"' };
    const xml = runJunit(
      report([
        step('a', 'pass'),
        step('b', 'fail', { assertions: [failed] }),
        step('c', 'error', { error: 'no answer came', response: null }),
        step('d', 'skipped', { error: 'an earlier step did not pass (--bail)', frames: [] }),
      ]),
    );
    expect(await junitSchemaErrors(xml)).toEqual([]);
    expect(xml).toContain('<failure type="assertion" message="the tool answered isError: true: &quot;x&quot;">');
    expect(xml).toContain('<error type="could-not-run" message="no answer came">');
    expect(xml).toContain('open: &lt;inspector URL&gt;#session=mk1-ab&amp;seq=4');
    expect(xml).toMatch(/<testsuites name="mcpscope run c &lt;&amp;&gt;" tests="4" failures="1" errors="1" time="0\.014">/);
  });

  it('prints a summary whose failures say what was seen and link their frames, with the server’s text escaped', () => {
    const text = runSummary(
      report([step('b\u001b[2J', 'fail', { assertions: [{ assertion: { latencyUnderMs: 1 }, pass: false, detail: 'answered in 3 ms, not under 1 ms' }] })]),
    );
    expect(text).toContain('FAIL  b\\x1b[2J  ping 3 ms [#4, #5]');
    expect(text).toContain('assert {"latencyUnderMs":1}: answered in 3 ms, not under 1 ms');
    expect(text).toContain('open: <inspector URL>#session=mk1-ab&seq=4');
    expect(text).toContain('1 steps: 0 passed, 1 failed, 0 could not run, 0 skipped');
  });
});
