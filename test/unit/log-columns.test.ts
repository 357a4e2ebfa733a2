import { describe, expect, it } from 'vitest';
import { gridTemplate, METHOD_CAP_PX } from '../../web/features/log/log-columns.js';

const methodOf = (template: string) => template.split(' ')[5];

describe('the log grid template', () => {
  it('fits the method column to its longest name when the table has room', () => {
    expect(methodOf(gridTemplate({}, 265, 1100))).toBe('265px');
  });

  it('caps the fitted method column, and leaves the summary room in a narrower table', () => {
    expect(methodOf(gridTemplate({}, 900, 2000))).toBe(`${METHOD_CAP_PX}px`);
    // 1000 px less the fixed columns (432), the gaps (72) and the summary's 120 leaves 376.
    expect(methodOf(gridTemplate({}, 500, 1000))).toBe('360px');
    expect(methodOf(gridTemplate({}, 500, 800))).toBe('176px');
  });

  it('keeps a dragged width whatever the fit, and folds by and size away in a narrow table', () => {
    expect(methodOf(gridTemplate({ method: 70 }, 300, 1400))).toBe('70px');
    const narrow = gridTemplate({}, 300, 600).split(' ');
    expect([narrow[3], narrow[8]]).toEqual(['0px', '0px']);
    expect(gridTemplate({}, 300, 1400).split(' ')[3]).toBe('34px');
  });
});
