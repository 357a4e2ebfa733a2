import { describe, expect, it } from 'vitest';
import { compareBaseline, type CheckReport, type CheckResult } from '../../../shared/check/index.js';
import { checkJobSummary, markdownText } from '../../../shared/check/check-summary.js';
import { checkResult } from './check-result.js';

const report = (results: CheckResult[], more: Partial<CheckReport> = {}): CheckReport => ({
  target: 'node s.js',
  transport: 'stdio',
  protocolVersion: '2025-11-25',
  startedAt: '2026-12-01T00:00:00Z',
  sessions: [{ name: 'check', frames: 9 }],
  results,
  ...more,
});

describe('the check job summary (--markdown <file>)', () => {
  it('heads with the verdict and the counts, and tables each failure and warning with its spec sentence and fix', () => {
    const md = checkJobSummary(
      report([
        checkResult('lifecycle/ping', 'pass'),
        checkResult('http/origin-403', 'fail', { detail: 'got 200' }),
        checkResult('tools/unknown-tool', 'warn', { spec: { keyword: 'silent', quote: 'an example', source: 'tools' } }),
        checkResult('http/delete-session', 'skip'),
      ]),
    );
    const lines = md.split('\n');
    expect(lines[0]).toBe('## mcpscope check ❌ failed (1 check): node s.js');
    expect(lines[2]).toMatch(/^\*\*4 checks\*\*: 1 passed, 1 failed, 1 warned, 1 skipped · stdio, protocol 2025-11-25/);
    expect(md).toContain(
      '| ❌ fail | `http/origin-403` | got 200 | **MUST**: "servers MUST respond with HTTP 403 Forbidden" (transports). Fix: Answer 403. | check #3, #4 |',
    );
    expect(md).toContain('| ⚠️ warn | `tools/unknown-tool` |');
    expect(md).not.toContain('lifecycle/ping');
    expect(md).not.toContain('### Baseline');
  });

  it('passes a run whose only problem is a warning, and fails it under --fail-on warn', () => {
    const results = [checkResult('tools/unknown-tool', 'warn')];
    expect(checkJobSummary(report(results)).split('\n')[0]).toBe('## mcpscope check ✅ passed: node s.js');
    const strict = checkJobSummary(report(results), { failOn: 'warn' });
    expect(strict.split('\n')[0]).toBe('## mcpscope check ❌ failed (1 check): node s.js');
    expect(strict).toContain('| ❌ warn | `tools/unknown-tool` |');
    expect(strict).toContain('`--fail-on warn`');
  });

  it('marks what the baseline accepts, and lists the delta: new problems and fixed ones', () => {
    const results = [checkResult('tools/unknown-tool', 'warn'), checkResult('http/origin-403', 'fail'), checkResult('lifecycle/ping', 'pass')];
    const comparison = compareBaseline(results, {
      version: 1,
      accepted: { 'tools/unknown-tool': { status: 'warn', reason: '' }, 'lifecycle/ping': { status: 'fail', reason: '' } },
    });
    const md = checkJobSummary(report(results), { failOn: 'warn', baseline: { file: 'baseline.json', comparison } });
    expect(md.split('\n')[0]).toBe('## mcpscope check ❌ failed (1 check): node s.js');
    expect(md).toContain('| accepted warn | `tools/unknown-tool` |');
    expect(md).toContain('### Baseline `baseline.json`\n\n1 known, 1 new, 1 fixed');
    expect(md).toContain('- new: `http/origin-403` (fail), not accepted in the baseline');
    expect(md).toContain('- fixed: `lifecycle/ping` passes now');
  });

  it("shows a server's text as text: no HTML, no link, no image, no broken table, no control character", () => {
    const hostile = 'a | b <img src=x onerror=alert(1)> [x](javascript:alert(1)) ![i](http://e/i.png) **bold**\nnext\u001b[2J';
    const md = checkJobSummary(report([checkResult('tools/call', 'fail', { detail: hostile })], { target: '<script>t</script>' }));
    expect(md).not.toMatch(/<img|<script|\]\(|\*\*bold/);
    expect(md).toContain('&lt;img src=x onerror=alert\\(1\\)&gt;');
    expect(md).toContain('a \\| b');
    expect(md).toContain('\\x1b');
    const row = md.split('\n').find((l) => l.includes('tools/call'))!;
    expect(row.split(/(?<!\\)\|/)).toHaveLength(7);
    expect(markdownText('plain words, 12 ms.')).toBe('plain words, 12 ms.');
  });

  it('links a problem to its first frame when its connection was recorded', () => {
    const md = checkJobSummary(report([checkResult('http/origin-403', 'fail')], { sessions: [{ name: 'check', frames: 9, id: 'mk1-ab' }] }));
    expect(md).toContain('check #3, #4 (open `#session=mk1-ab&seq=3`)');
  });
});

describe('the job summary of a check that could not run', () => {
  it('says so and why, as text', async () => {
    const { checkNotRunSummary } = await import('../../../shared/check/check-summary.js');
    expect(checkNotRunSummary('node <s>.js', 'the server exited (code 1, signal -)')).toBe(
      '## mcpscope check ⚠️ could not run: node &lt;s&gt;.js\n\nthe server exited \\(code 1, signal -\\)\n',
    );
  });
});
