import { describe, expect, it } from 'vitest';
import { checkAssertions, type Assertion, type StepOutcome } from '../../../shared/collections/index.js';
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
    ['pointer equals', { pointer: '/structuredContent', equals: { n: 42 } }, {}, { pointer: '/structuredContent/n', equals: '42' }, {}, /\/structuredContent\/n is 42, not "42"/],
    ['pointer matches', { pointer: '/content/0/text', matches: '^hello \\d+$' }, {}, { pointer: '/structuredContent/n', matches: '4' }, {}, /is 42, not a string to match/],
    ['schema', { pointer: '/structuredContent', schema: { type: 'object', properties: { n: { type: 'integer', minimum: 1 } } } }, {}, { schema: { required: ['isError'] } }, {}, /fails the schema: .*isError/],
    ['isError false', { isError: false }, {}, null, { response: { jsonrpc: '2.0', id: 3, result: { isError: true, content: [{ type: 'text', text: 'boom' }] } } }, /isError: true: "boom"/],
    ['latency', { latencyUnderMs: 100 }, {}, null, { latencyMs: 250 }, /answered in 250 ms, not under 100 ms/],
    ['no lint finding', { noLintAtOrAbove: 'warning' }, { findings: [{ ruleId: 'mcp/x', severity: 'info', seq: 4, message: 'drift' }] }, null, { findings: [{ ruleId: 'jsonrpc/missing-version', severity: 'error', seq: 4, message: 'no jsonrpc' }] }, /1 finding: jsonrpc\/missing-version \(error\) at #4/],
    ['server request answered', { serverRequest: 'sampling/createMessage' }, { serverRequests: [{ method: 'sampling/createMessage', answered: true }] }, null, { serverRequests: [{ method: 'sampling/createMessage', answered: false }] }, /was asked, but not answered/],
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
    for (const a of [{ pointer: '', equals: {} }, { isError: false }, { pointer: '/x', matches: 'y' }] as Assertion[]) expect(grade(a, error).detail).toBe('the server answered with error -32601: Method not found');
    expect(grade({ latencyUnderMs: 5 }, outcome({ response: null, latencyMs: null })).detail).toBe('no answer came');
    expect(grade({ serverRequest: 'roots/list' }).detail).toBe('the server sent no roots/list request');
  });

  it('takes a regular expression that cannot be compiled as a failure, not a crash', () => {
    expect(grade({ pointer: '/content/0/text', matches: '(' }).detail).toMatch(/is not a regular expression/);
    expect(grade({ pointer: '/content/0/text', equals: 'hello 42' }).pass).toBe(true);
  });
});
