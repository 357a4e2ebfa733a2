// Fixed-height row virtualization over a scroll extent scaled to stay under the browser's cap (row-geometry.ts): the
// rows in view, the spacer height, and scrolling a row into view.
import { useCallback, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { rowGeometry, rowsOffset, scrollCap, scrollTopFor, visibleRange, visibleRows, type RowItem } from './row-geometry.js';

export interface RowScroller {
  /** Height of the spacer that gives the scroll element its extent. */
  height: number;
  items: RowItem[];
  /** Brings a row into view with the least movement (nothing if it is in view already). */
  scrollToIndex: (index: number) => void;
  /** Px of rows per px of scroll: 1 until the rows outgrow the cap. */
  scale: number;
}

/**
 * `atEnd`: the owner keeps the view scrolled to the end (it follows the tail). The rows shown are then the last ones
 * from the first render on, before the owner's effect has moved the scroll position there and the scroll event has
 * said so: a huge session's rows are read from the relay as they are shown, and reading the top page first (which is
 * never shown) put the rows on screen a round trip later.
 */
export function useRowScroller(
  ref: RefObject<HTMLElement | null>,
  count: number,
  rowHeight: number,
  overscan: number,
  atEnd = false,
  readAhead?: (first: number, last: number) => void,
): RowScroller {
  const [cap] = useState(scrollCap);
  const [measured, setView] = useState({ top: 0, height: 0 });
  // What the scroll listener needs of the latest render, without subscribing again at each.
  const latest = useRef({ count, readAhead });
  useLayoutEffect(() => {
    latest.current = { count, readAhead };
  });
  const g = rowGeometry(count, rowHeight, measured.height, cap);
  // Where the view is, or will be once the owner has scrolled to the end.
  const view = atEnd ? { top: Math.max(0, g.height - measured.height), height: measured.height } : measured;
  // The rows' offset last shown: a new count rescales the extent, and the scroll position must then move to keep it.
  const shown = useRef(0);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const read = () => {
      const top = el.scrollTop;
      const height = el.clientHeight;
      setView({ top, height });
      // The rows about to be shown, told in the scroll event itself: a huge session's rows are read from the relay,
      // and asking for them here lets that read run while React renders the placeholders (a render of 60-80 rows),
      // where asking during the render put the whole render before the request.
      const { count: n, readAhead: ahead } = latest.current;
      if (ahead && n > 0) {
        const { first, last } = visibleRange(rowGeometry(n, rowHeight, height, cap), n, rowHeight, top, height, overscan);
        if (last >= first) ahead(first, last);
      }
    };
    read();
    el.addEventListener('scroll', read, { passive: true });
    const resize = new ResizeObserver(read);
    resize.observe(el);
    return () => {
      el.removeEventListener('scroll', read);
      resize.disconnect();
    };
  }, [ref, rowHeight, cap, overscan]);

  // Before the offset below is updated, so it still holds what was on screen (a follower of the tail is then moved
  // to the new end by its owner's effect, which runs after this one).
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || g.scale === 1) return;
    const top = Math.round(shown.current / g.scale);
    if (Math.abs(el.scrollTop - top) > 1) el.scrollTop = top;
  }, [ref, g.scale]);

  const offset = rowsOffset(g, view.top, view.height);
  useLayoutEffect(() => {
    shown.current = offset;
  }, [offset]);

  const items = useMemo(
    () => visibleRows(rowGeometry(count, rowHeight, view.height, cap), count, rowHeight, view.top, view.height, overscan),
    [count, rowHeight, view.top, view.height, overscan, cap],
  );

  const scrollToIndex = useCallback(
    (index: number) => {
      const el = ref.current;
      if (!el) return;
      const top = scrollTopFor(rowGeometry(count, rowHeight, el.clientHeight, cap), index, rowHeight, el.scrollTop, el.clientHeight);
      if (top !== null) el.scrollTop = top;
    },
    [ref, count, rowHeight, cap],
  );

  return { height: g.height, items, scrollToIndex, scale: g.scale };
}
