// The log's scaled scroll extent: a 3-million-row log fits under the browser's height cap and every row, first, last
// and any between, can be brought into view and is then among the rows rendered.
import { describe, expect, it } from 'vitest';
import { MAX_SCROLL_PX, rowGeometry, rowsOffset, scrollTopFor, visibleRows } from '../../web/lib/ui/row-geometry.js';

const ROW = 22;
const VIEW = 900;

/** Scrolls (as the browser would, to whole pixels within the extent) so that row `index` is in view, from `from`. */
function scrollTo(count: number, index: number, from: number): number {
  const g = rowGeometry(count, ROW, VIEW, MAX_SCROLL_PX);
  const top = scrollTopFor(g, index, ROW, from, VIEW);
  return top === null ? from : Math.max(0, Math.min(g.height - VIEW, Math.round(top)));
}

/** Whether row `index` is rendered wholly inside the viewport at this scroll position. */
function inView(count: number, index: number, scrollTop: number): boolean {
  const g = rowGeometry(count, ROW, VIEW, MAX_SCROLL_PX);
  const row = visibleRows(g, count, ROW, scrollTop, VIEW, 0).find((r) => r.index === index);
  return row !== undefined && row.top >= scrollTop && row.top + ROW <= scrollTop + VIEW;
}

describe('rowGeometry', () => {
  it('keeps one pixel a pixel while the rows fit under the cap', () => {
    const g = rowGeometry(100_000, ROW, VIEW, MAX_SCROLL_PX);
    expect(g).toEqual({ total: 2_200_000, height: 2_200_000, scale: 1 });
    expect(
      visibleRows(g, 100_000, ROW, 22_000, VIEW, 2)
        .map((r) => [r.index, r.top])
        .slice(0, 3),
    ).toEqual([
      [998, 21_956],
      [999, 21_978],
      [1000, 22_000],
    ]);
  });

  it('scales a 3-million-row log into an extent under the cap, ends landing on the first and last rows', () => {
    const count = 3_000_000;
    const g = rowGeometry(count, ROW, VIEW, MAX_SCROLL_PX);
    expect(g.height).toBe(MAX_SCROLL_PX);
    expect(g.scale).toBeGreaterThan(8);
    expect(rowsOffset(g, 0, VIEW)).toBe(0);
    expect(rowsOffset(g, g.height - VIEW, VIEW)).toBeCloseTo(g.total - VIEW, 3);
    expect(inView(count, 0, 0)).toBe(true);
    expect(inView(count, count - 1, g.height - VIEW)).toBe(true);
  });

  it('brings any row of a 3-million-row log into view, from the top and from the bottom', () => {
    const count = 3_000_000;
    const bottom = MAX_SCROLL_PX - VIEW;
    for (const index of [1, 40, 1_499_999, 1_500_000, 2_345_678, 2_999_960, count - 1]) {
      expect(inView(count, index, scrollTo(count, index, 0)), `row ${index} from the top`).toBe(true);
      expect(inView(count, index, scrollTo(count, index, bottom)), `row ${index} from the bottom`).toBe(true);
    }
  });

  it('does not move for a row already in view, and moves by rows, not pages, to the next one below it', () => {
    const count = 3_000_000;
    const g = rowGeometry(count, ROW, VIEW, MAX_SCROLL_PX);
    const at = scrollTo(count, 1_000_000, 0);
    const first = Math.ceil(rowsOffset(g, at, VIEW) / ROW);
    expect(scrollTopFor(g, first + 3, ROW, at, VIEW)).toBeNull();
    const last = Math.floor((rowsOffset(g, at, VIEW) + VIEW) / ROW) - 1;
    const next = scrollTo(count, last + 1, at);
    expect(inView(count, last + 1, next)).toBe(true);
    expect(Math.abs(rowsOffset(g, next, VIEW) - rowsOffset(g, at, VIEW))).toBeLessThan(3 * ROW);
  });
});
