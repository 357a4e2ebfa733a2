import { describe, expect, it } from 'vitest';
import { checkExitCode, checkJunit, type CheckReport, type CheckResult } from '../../../shared/check/index.js';
import { junitSchemaErrors } from '../../helpers/junit-schema.js';
import { checkResult } from './check-result.js';

const result = (id: string, status: CheckResult['status'], detail = 'seen', durationMs = 1234): CheckResult =>
  checkResult(id, status, {
    detail,
    durationMs,
    spec: { keyword: status === 'warn' ? 'SHOULD' : 'MUST', quote: 'servers MUST respond with HTTP 403 Forbidden', source: 'transports' },
  });

const report = (results: CheckResult[]): CheckReport => ({
  target: 'node s.js',
  transport: 'stdio',
  protocolVersion: '2025-11-25',
  startedAt: '2026-12-01T00:00:00Z',
  sessions: [{ name: 'check', frames: 9 }],
  results,
});
const mixed = () =>
  report([
    result('lifecycle/ping', 'pass', 'pong', 12),
    result('http/origin-403', 'fail', '<200> & "served"\u0007'),
    result('http/delete-session', 'skip', 'not HTTP', 0),
    result('tools/unknown-tool', 'warn', 'answered with a result', 40),
  ]);

describe('the check as JUnit XML', () => {
  it('validates against the Jenkins xunit JUnit schema, with a time on every case and suite', async () => {
    const xml = checkJunit(mixed());
    expect(await junitSchemaErrors(xml)).toEqual([]);
    expect(xml).toContain('<testsuites name="mcpscope check node s.js" tests="4" failures="1" errors="0" time="1.286">');
    expect(xml).toContain('<testsuite name="http" tests="2" failures="1" errors="0" skipped="1" time="1.234" timestamp="2026-12-01T00:00:00Z">');
    expect(xml).toContain('<testcase classname="mcpscope.check.lifecycle" name="lifecycle/ping" time="0.012">');
    expect(xml).not.toMatch(/<testsuites[^>]*skipped=/);
  });

  it('is also valid with every kind of result under --fail-on warn, and with no results at all', async () => {
    expect(await junitSchemaErrors(checkJunit(mixed(), { failOn: 'warn' }))).toEqual([]);
    expect(await junitSchemaErrors(checkJunit(report([])))).toEqual([]);
  });

  it('is refused by the schema when it carries the old skipped attribute on testsuites or a case without time', async () => {
    const good = checkJunit(mixed());
    expect((await junitSchemaErrors(good.replace('<testsuites name=', '<testsuites skipped="1" name='))).join('\n')).toMatch(/skipped.*not allowed/);
    expect((await junitSchemaErrors(good.replace(' time="0.012"', ''))).join('\n')).toMatch(/time.*required/);
  });

  it('carries a failure with its message, the spec sentence, the fix and the frame seqs, escaped', () => {
    const xml = checkJunit(mixed());
    expect(xml).toContain('<failure type="fail" message="&lt;200&gt; &amp; &quot;served&quot;">');
    expect(xml).toContain(
      'spec (MUST): &quot;servers MUST respond with HTTP 403 Forbidden&quot; (transports)\nfix: Answer 403.\nframes: check #3, #4</failure>',
    );
    expect(xml).not.toContain('\u0007');
  });

  it('shows a warning as a skip of type warning with its message, its evidence in system-out and its id in the suite properties', () => {
    const xml = checkJunit(mixed());
    expect(xml).toContain('<skipped type="warning" message="warning: answered with a result"/><system-out>answered with a result\nspec (SHOULD)');
    expect(xml).toContain('<property name="mcpscope.warnings" value="tools/unknown-tool"/>');
    expect(xml).toContain('<property name="mcpscope.warned" value="1"/>');
    expect(xml).toContain('<skipped type="not-applicable" message="not HTTP"/>');
  });

  it('makes a warning a failure of type warning under --fail-on warn, and counts it in failures and the exit code', () => {
    const xml = checkJunit(mixed(), { failOn: 'warn' });
    expect(xml).toContain('<failure type="warning" message="warning: answered with a result">');
    expect(xml).toContain('<testsuite name="tools" tests="1" failures="1" errors="0" skipped="0"');
    expect(xml).toContain('tests="4" failures="2"');
    const warnOnly = [result('lifecycle/ping', 'pass'), result('tools/unknown-tool', 'warn'), result('http/origin-403', 'skip')];
    expect(checkExitCode(warnOnly)).toBe(0);
    expect(checkExitCode(warnOnly, 'warn')).toBe(1);
    expect(checkExitCode([result('http/origin-403', 'skip')], 'warn')).toBe(0);
  });
});
