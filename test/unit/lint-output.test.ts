// The lint's JSON lines say who made the frame a finding is about, when the recording kept it, and the summary counts
// the findings on mcpscope's own bookkeeping apart.
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../shared/lint/index.js';
import type { FrameRecord } from '../../shared/relay-protocol.js';
import { findingLine, findingsSummary, originsOf, writeFindings } from '../../server/cli/lint-output.js';

const frame = (seq: number, origin?: FrameRecord['origin']): FrameRecord => ({
  seq,
  ts: seq,
  dir: 'out',
  kind: 'request',
  text: '{}',
  size: 2,
  method: 'tools/list',
  rpcId: String(seq),
  ...(origin ? { origin } : {}),
});
const finding = (seq: number, severity: Finding['severity'] = 'error'): Finding =>
  ({ ruleId: 'mcp/request-before-initialize', severity, seq, message: 'm', related: [] }) as Finding;

describe('lint output with frame origins', () => {
  it("adds the origin of the finding's frame to its line, and nothing when the recording has none", () => {
    const originOf = originsOf([frame(1, 'bookkeeping'), frame(2), frame(3, 'user')]);
    const lines: string[] = [];
    writeFindings([finding(3), finding(1), finding(2)], (l) => lines.push(l), originOf);
    expect(lines.map((l) => JSON.parse(l) as { seq: number; origin?: string }).map((l) => [l.seq, l.origin])).toEqual([
      [1, 'bookkeeping'],
      [2, undefined],
      [3, 'user'],
    ]);
    expect(findingLine(finding(5))).not.toContain('origin');
  });

  it("says in the summary how many findings are on mcpscope's own traffic", () => {
    const originOf = originsOf([frame(1, 'bookkeeping'), frame(2, 'user')]);
    expect(findingsSummary([finding(1), finding(2, 'warning')], originOf)).toBe(
      "2 findings (1 error, 1 warning, 0 info; 1 on mcpscope's own traffic (bookkeeping))",
    );
    expect(findingsSummary([finding(2)], originOf)).toBe('1 finding (1 error, 0 warning, 0 info)');
  });
});
