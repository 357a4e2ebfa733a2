import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../../shared/lint/index.js';
import { FindingSpill } from '../../../server/bundles/finding-spill.js';

const finding = (seq: number): Finding => ({ ruleId: 'r', severity: 'warning', seq, related: [], message: `finding ${seq}` }) as unknown as Finding;

describe('FindingSpill', () => {
  it('keeps every finding in order past what it holds in memory, and removes its file when disposed', async () => {
    const spill = new FindingSpill(3);
    await spill.add([1, 2].map(finding));
    await spill.add([3, 4, 5, 6, 7].map(finding));
    const out: number[] = [];
    for await (const f of spill.all()) out.push(f.seq);
    expect(out).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(spill.count).toBe(7);
    const dir = (spill as unknown as { file: { dir: string } }).file.dir;
    expect(existsSync(dir)).toBe(true);
    spill.dispose();
    expect(existsSync(dir)).toBe(false);
  });

  it('needs no file for a few findings', async () => {
    const spill = new FindingSpill(3);
    await spill.add([finding(1)]);
    const out = [];
    for await (const f of spill.all()) out.push(f);
    expect(out).toHaveLength(1);
    spill.dispose();
  });
});
