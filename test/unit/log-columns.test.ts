import { describe, expect, it } from 'vitest';
import { gridTemplate, METHOD_CAP_PX, PRESENT_FIT } from '../../web/features/log/log-columns.js';

const methodOf = (template: string) => template.split(' ')[5];

describe('the log grid template', () => {
  it('fits the method column to its longest name when the table has room', () => {
    expect(methodOf(gridTemplate({}, 265, 1100))).toBe('265px');
  });

  it('caps the fitted method column, and leaves the summary room in a narrower table', () => {
    expect(methodOf(gridTemplate({}, 900, 2000))).toBe(`${METHOD_CAP_PX}px`);
    // 1000 px less the fixed columns (432), the gaps (72) and the summary's 160 leaves 336.
    expect(methodOf(gridTemplate({}, 500, 1000))).toBe('336px');
    expect(methodOf(gridTemplate({}, 500, 800))).toBe('136px');
  });

  it('never starves the summary to a few letters: the method column gives way first, down to its floor', () => {
    // A 1024 px window's log (about 574 px of rows): by and size fold away, and the method column shortens so the
    // summary keeps about 100 px, where it used to get 40.
    const cols = gridTemplate({}, 260, 574).split(' ');
    const fixed = cols.filter((_, i) => i !== 5 && i !== 7).reduce((sum, c) => sum + Number.parseInt(c, 10), 0);
    const summary = 574 - fixed - Number.parseInt(cols[5]!, 10) - 8 * 9;
    expect(Number.parseInt(cols[5]!, 10)).toBe(64);
    expect(summary).toBeGreaterThanOrEqual(95);
    // A 1440 px window (about 810 px): the summary keeps its 160.
    const wide = gridTemplate({}, 260, 810).split(' ');
    const wideFixed = wide.filter((_, i) => i !== 5 && i !== 7).reduce((sum, c) => sum + Number.parseInt(c, 10), 0);
    expect(810 - wideFixed - Number.parseInt(wide[5]!, 10) - 72).toBeGreaterThanOrEqual(160);
  });

  it('keeps a dragged width whatever the fit, and folds by and size away in a narrow table', () => {
    expect(methodOf(gridTemplate({ method: 70 }, 300, 1400))).toBe('70px');
    const narrow = gridTemplate({}, 300, 600).split(' ');
    expect([narrow[3], narrow[8]]).toEqual(['0px', '0px']);
    expect(gridTemplate({}, 300, 1400).split(' ')[3]).toBe('34px');
  });

  it('folds by and size away below a wider table while presenting, and keeps the summary 200 px beside a long method', () => {
    // 803 px: a 1024 px window at presentation zoom (1.25), panes stacked so the log has the whole width.
    expect(gridTemplate({}, 182, 803).split(' ')[3]).toBe('34px');
    const summaryOf = (cols: string[]) => 803 - cols.filter((_, i) => i !== 7).reduce((sum, c) => sum + Number.parseInt(c, 10), 0) - 8 * 9;
    const short = gridTemplate({}, 182, 803, PRESENT_FIT).split(' ');
    expect([short[3], short[8]]).toEqual(['0px', '0px']);
    expect(short[5]).toBe('182px');
    expect(summaryOf(short)).toBeGreaterThanOrEqual(200);
    // notifications/resources/list_changed (250 px) gives way: its end shows in 191 px, the summary keeps its 200.
    const long = gridTemplate({}, 250, 803, PRESENT_FIT).split(' ');
    expect(long[5]).toBe('191px');
    expect(summaryOf(long)).toBe(200);
  });
});
