// Where fixed-height rows sit in a scroll extent that browsers cap (Chromium near 33.5 million px, 1.5 million rows
// of 22 px; Firefox lower): past the cap one pixel of scrolling stands for more than one pixel of rows, linearly from
// end to end, so a log of any length scrolls and jumps anywhere. Pure arithmetic, for the scroller and its tests.

/** The tallest scroll extent used, well under every engine's cap. `?scrollCap=N` in the page URL lowers it (tests). */
export const MAX_SCROLL_PX = 8_000_000;

export function scrollCap(): number {
  const n = Number(new URLSearchParams(window.location.search).get('scrollCap'));
  return Number.isInteger(n) && n > 0 ? n : MAX_SCROLL_PX;
}

export interface RowGeometry {
  /** The rows' full height. */
  total: number;
  /** The scroll extent: the rows' height, or the cap. */
  height: number;
  /** Px of rows per px of scroll: 1 until the rows outgrow the cap. */
  scale: number;
}

export function rowGeometry(count: number, rowHeight: number, viewport: number, cap: number): RowGeometry {
  const total = count * rowHeight;
  const height = Math.min(total, cap);
  const scale = total > height && height > viewport ? (total - viewport) / (height - viewport) : 1;
  return { total, height, scale };
}

/** How far down the rows the top of the viewport is, at a scroll position. */
export function rowsOffset(g: RowGeometry, scrollTop: number, viewport: number): number {
  const end = Math.max(0, g.total - viewport);
  // At the end of the extent exactly the end of the rows, not a rounding error short of it.
  return scrollTop >= g.height - viewport ? end : Math.max(0, Math.min(end, scrollTop * g.scale));
}

export interface RowItem {
  index: number;
  /** Where the row goes inside the scroll extent, in px. */
  top: number;
}

/** The indexes of the first and last rows in view (and `overscan` more each side); last < first when there is none. */
export function visibleRange(
  g: RowGeometry,
  count: number,
  rowHeight: number,
  scrollTop: number,
  viewport: number,
  overscan: number,
): { first: number; last: number } {
  const offset = rowsOffset(g, scrollTop, viewport);
  return { first: Math.max(0, Math.floor(offset / rowHeight) - overscan), last: Math.min(count - 1, Math.ceil((offset + viewport) / rowHeight) + overscan) };
}

/** The rows in view (and `overscan` more each side), placed so they appear where the rows' offset says. */
export function visibleRows(g: RowGeometry, count: number, rowHeight: number, scrollTop: number, viewport: number, overscan: number): RowItem[] {
  if (count === 0) return [];
  const offset = rowsOffset(g, scrollTop, viewport);
  const { first, last } = visibleRange(g, count, rowHeight, scrollTop, viewport, overscan);
  const out: RowItem[] = [];
  for (let i = first; i <= last; i++) out.push({ index: i, top: i * rowHeight - offset + scrollTop });
  return out;
}

/**
 * The scroll position that brings row `index` wholly into view with the least movement, or null when it is in view.
 * Rounded toward the row, so a scroll position of whole pixels still shows all of it.
 */
export function scrollTopFor(g: RowGeometry, index: number, rowHeight: number, scrollTop: number, viewport: number): number | null {
  const offset = rowsOffset(g, scrollTop, viewport);
  const rowTop = index * rowHeight;
  if (rowTop < offset) return Math.floor(rowTop / g.scale);
  if (rowTop + rowHeight > offset + viewport) return Math.ceil((rowTop + rowHeight - viewport) / g.scale);
  return null;
}
