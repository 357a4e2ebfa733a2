import { describe, expect, it } from 'vitest';
import {
  baselineOf,
  checkExitCode,
  checkJunit,
  CheckBaselineSchema,
  compareBaseline,
  type CheckBaseline,
  type CheckReport,
  type CheckResult,
} from '../../../shared/check/index.js';
import { parseCheckArgs } from '../../../server/check/check-args.js';
import { junitSchemaErrors } from '../../helpers/junit-schema.js';
import { checkResult } from './check-result.js';

const result = (id: string, status: CheckResult['status'], detail = 'seen'): CheckResult =>
  checkResult(id, status, { detail, title: id, spec: { keyword: 'MUST', quote: 'q', source: 's' }, frames: [1], fix: 'f', durationMs: 5 });
const baseline = (accepted: CheckBaseline['accepted']): CheckBaseline => ({ version: 1, accepted });

describe('a check baseline', () => {
  it('keeps an accepted problem green, fails a new one, and names an accepted check that passes now as fixed', () => {
    const results = [result('tools/call', 'fail'), result('tools/unknown-tool', 'warn'), result('lifecycle/ping', 'pass'), result('http/origin-403', 'fail')];
    const c = compareBaseline(
      results,
      baseline({
        'tools/call': { status: 'fail', reason: 'known' },
        'tools/unknown-tool': { status: 'warn', reason: '' },
        'lifecycle/ping': { status: 'fail', reason: 'flaky once' },
      }),
    );
    expect(c.known.map((r) => r.id)).toEqual(['tools/call', 'tools/unknown-tool']);
    expect(c.fresh.map((r) => r.id)).toEqual(['http/origin-403']);
    expect(c.fixed).toEqual(['lifecycle/ping']);
    const known = new Set(c.known.map((r) => r.id));
    expect(checkExitCode(results, 'warn', known)).toBe(1);
    expect(
      checkExitCode(
        results.filter((r) => r.id !== 'http/origin-403'),
        'warn',
        known,
      ),
    ).toBe(0);
  });

  it('treats an accepted warning that became a failure as new, and an accepted check that did not run as neither known nor fixed', () => {
    const c = compareBaseline(
      [result('tools/unknown-tool', 'fail'), result('http/origin-403', 'skip')],
      baseline({ 'tools/unknown-tool': { status: 'warn', reason: '' }, 'http/origin-403': { status: 'fail', reason: '' } }),
    );
    expect(c).toEqual({ known: [], fresh: [expect.objectContaining({ id: 'tools/unknown-tool' })], fixed: [] });
  });

  it('is rebuilt from a run keeping written reasons and the entries of checks the run did not look at', () => {
    const next = baselineOf(
      [result('tools/call', 'fail', 'new detail'), result('tools/unknown-tool', 'warn', 'isError'), result('lifecycle/ping', 'pass')],
      baseline({
        'tools/call': { status: 'fail', reason: 'upstream bug #12' },
        'lifecycle/ping': { status: 'fail', reason: 'old' },
        'http/origin-403': { status: 'fail', reason: 'not run here' },
      }),
    );
    expect(next).toEqual(
      baseline({
        'http/origin-403': { status: 'fail', reason: 'not run here' },
        'tools/call': { status: 'fail', reason: 'upstream bug #12' },
        'tools/unknown-tool': { status: 'warn', reason: 'isError' },
      }),
    );
  });

  it('refuses a file that is not one: another version, an unknown key, a status other than fail or warn', () => {
    expect(CheckBaselineSchema.safeParse({ version: 1, accepted: { 'tools/call': { status: 'fail' } } }).success).toBe(true);
    expect(CheckBaselineSchema.safeParse({ version: 2, accepted: {} }).success).toBe(false);
    expect(CheckBaselineSchema.safeParse({ version: 1, accepted: {}, run: 'rm -rf /' }).success).toBe(false);
    expect(CheckBaselineSchema.safeParse({ version: 1, accepted: { 'tools/call': { status: 'pass' } } }).success).toBe(false);
  });

  it('shows an accepted problem in the JUnit as a skip of type accepted, still valid for the schema', async () => {
    const report: CheckReport = {
      target: 't',
      transport: 'stdio',
      protocolVersion: null,
      startedAt: 'now',
      sessions: [],
      results: [result('tools/call', 'fail', 'no content')],
    };
    const xml = checkJunit(report, { known: new Set(['tools/call']) });
    expect(xml).toContain('<skipped type="accepted" message="accepted in the baseline (fail): no content"/>');
    expect(xml).toContain('tests="1" failures="0" errors="0" skipped="1"');
    expect(await junitSchemaErrors(xml)).toEqual([]);
  });

  it('needs a file to write for --update-baseline', () => {
    expect(() => parseCheckArgs(['--update-baseline', '--', 'node'])).toThrow(/--update-baseline needs --baseline <file>/);
    expect(parseCheckArgs(['--baseline', 'b.json', '--update-baseline', '--', 'node'])).toMatchObject({
      baseline: 'b.json',
      updateBaseline: true,
      failOn: 'fail',
    });
  });
});
