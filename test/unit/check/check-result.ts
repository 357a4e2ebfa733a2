// One check result for the check report's unit tests (report, JUnit, progress, baseline): each file states only what
// its cases need to differ in.
import type { CheckResult } from '../../../shared/check/index.js';

export function checkResult(id: string, status: CheckResult['status'], more: Partial<CheckResult> = {}): CheckResult {
  return {
    id,
    group: id.split('/')[0] as CheckResult['group'],
    title: `${id} title`,
    status,
    detail: 'seen',
    spec: { keyword: 'MUST', quote: 'servers MUST respond with HTTP 403 Forbidden', source: 'transports' },
    frames: status === 'skip' ? [] : [3, 4],
    session: 'check',
    fix: 'Answer 403.',
    ...more,
  };
}
