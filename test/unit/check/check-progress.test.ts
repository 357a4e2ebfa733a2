import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../../../shared/check/index.js';
import { CheckProgress, groupLine } from '../../../server/check/check-progress.js';
import { checkResult } from './check-result.js';

const result = (id: string, status: CheckResult['status'], detail = 'seen'): CheckResult =>
  checkResult(id, status, { detail, title: id, spec: { keyword: 'MUST', quote: 'q', source: 's' }, frames: [], fix: 'f' });

function collect(isTTY: boolean) {
  const chunks: string[] = [];
  return { stream: { isTTY, write: (t: string) => chunks.push(t) }, text: () => chunks.join('') };
}

describe('check progress on stderr', () => {
  it('says passed of total, then what failed, warned or was skipped, and the time', () => {
    expect(groupLine('lifecycle', [result('lifecycle/a', 'pass'), result('lifecycle/b', 'pass')], 1234)).toBe('check: lifecycle 2/2 passed (1.2 s)');
    expect(groupLine('tools', [result('tools/a', 'pass'), result('tools/b', 'fail'), result('tools/c', 'warn'), result('tools/d', 'skip')], 50)).toBe(
      'check: tools 1/4 passed, 1 failed, 1 warned, 1 skipped (0.1 s)',
    );
  });

  it('writes a group line when the next group starts and at the end, and a failure the moment it comes, with no live line off a terminal', () => {
    const out = collect(false);
    const p = new CheckProgress(out.stream);
    p.onResult(result('lifecycle/a', 'pass'));
    p.onResult(result('tools/a', 'fail', 'got\nnothing \u001b[2J'));
    expect(out.text()).toMatch(/^check: lifecycle 1\/1 passed \(\d\.\d s\)\ncheck: {3}FAIL tools\/a: got\\nnothing \\x1b\[2J\n$/);
    p.finish();
    expect(out.text().split('\n').at(-2)).toMatch(/^check: tools 0\/1 passed, 1 failed/);
    expect(out.text()).not.toContain('\r');
  });

  it('keeps a live line on a terminal, erased before each permanent line and at the end', () => {
    const out = collect(true);
    const p = new CheckProgress(out.stream);
    p.onResult(result('lifecycle/a', 'pass'));
    expect(out.text()).toBe('\r\x1b[2Kcheck: lifecycle 1 done, last lifecycle/a');
    p.onResult(result('tools/a', 'pass'));
    const ERASE = '\r\x1b[2K';
    expect(out.text().split(ERASE).slice(1)).toEqual([
      'check: lifecycle 1 done, last lifecycle/a',
      expect.stringMatching(/^check: lifecycle 1\/1 passed \(\d\.\d s\)\n$/),
      'check: tools 1 done, last tools/a',
    ]);
    p.finish();
    expect(out.text().split(ERASE).at(-1)).toMatch(/^check: tools 1\/1 passed \(\d\.\d s\)\n$/);
  });

  it("keeps the robustness presets apart when they run beside the suite: the suite's groups close in order, theirs at the end", () => {
    const out = collect(false);
    const p = new CheckProgress(out.stream);
    const preset = (id: string, durationMs: number): CheckResult => ({ ...result(`robustness/${id}`, 'pass'), group: 'robustness', durationMs });
    p.onResult(result('lifecycle/a', 'pass'));
    p.onResult(preset('invalid-json', 2000));
    p.onResult(result('lifecycle/b', 'pass'));
    p.onResult({ ...preset('null-id', 2000), status: 'warn', detail: 'silent' });
    p.onResult(result('tools/a', 'pass'));
    p.finish();
    const lines = out.text().trimEnd().split('\n');
    expect(lines).toEqual([
      'check:   WARN robustness/null-id: silent',
      expect.stringMatching(/^check: lifecycle 2\/2 passed \(\d\.\d s\)$/),
      expect.stringMatching(/^check: tools 1\/1 passed \(\d\.\d s\)$/),
      // From its first preset's start (2 s before it was graded), not from when the suite began.
      expect.stringMatching(/^check: robustness 1\/2 passed, 1 warned \(2\.\d s\)$/),
    ]);
  });
});
