// The log's column widths: dragged ones kept in localStorage, the method column auto-fitted to the longest method
// name the session has (measured in the row's own font by an off-screen probe, so presentation zoom counts too), and
// whether the rows shorten their cells and abbreviate method names to fit (see logLayout).
import { useCallback, useLayoutEffect, useMemo, useState, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';
import { usePresenting } from '../../lib/ui/presentation.js';
import { abbreviateMethod, logLayout, MIN_COLUMN_PX, PRESENT_FIT, type ColumnId, type ColumnWidths, type MethodFit } from './log-columns.js';

const STORAGE_KEY = 'mcpscope.log.columns';

function loadWidths(): ColumnWidths {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}');
    if (raw === null || typeof raw !== 'object') return {};
    return Object.fromEntries(Object.entries(raw).filter(([, v]) => typeof v === 'number' && Number.isFinite(v) && v >= MIN_COLUMN_PX));
  } catch {
    return {};
  }
}

export interface LogColumnsState {
  template: string;
  /** Rows show short kind labels and the time without the hour (a narrow table). */
  compact: boolean;
  /** Rows show method names with known prefixes abbreviated (the column is narrower than the longest whole name). */
  abbreviate: boolean;
  /** `by` and `size` are out of the grid (a narrow table). */
  folded: boolean;
  /** Starts dragging a column's right edge; the width is kept when the pointer is released. */
  startResize: (id: ColumnId, e: ReactPointerEvent<HTMLElement>) => void;
  /** Back to the default (for the method column: back to auto-fit). */
  reset: (id: ColumnId) => void;
}

export function useLogColumns(tableRef: RefObject<HTMLElement | null>, probeRef: RefObject<HTMLElement | null>, methods: readonly string[]): LogColumnsState {
  const [widths, setWidths] = useState<ColumnWidths>(loadWidths);
  const [tableWidth, setTableWidth] = useState(0);
  const [methodFit, setMethodFit] = useState<MethodFit | null>(null);
  // Monospace: the longest name by characters is the widest, whole or abbreviated (not always the same name).
  const longest = useMemo(() => methods.reduce((a, b) => (b.length > a.length ? b : a), ''), [methods]);
  const longestShort = useMemo(() => methods.reduce((n, m) => Math.max(n, abbreviateMethod(m).length), 0), [methods]);

  useLayoutEffect(() => {
    const table = tableRef.current;
    if (!table) return;
    // The rows' width: the scroller's inside (no scrollbar) less the rows' padding (px-2).
    const measure = () => setTableWidth(table.clientWidth - 16);
    const observer = new ResizeObserver(measure);
    observer.observe(table);
    measure();
    return () => observer.disconnect();
  }, [tableRef]);

  useLayoutEffect(() => {
    const probe = probeRef.current;
    if (!probe) return;
    probe.textContent = longest;
    if (longest === '') return setMethodFit(null);
    // The cell's own box: a little slack so a sub-pixel rounding never clips the last letter. The abbreviated
    // longest is as many characters of the same monospace.
    const width = probe.offsetWidth;
    const fit = (chars: number) => Math.ceil((width * chars) / longest.length) + 2;
    setMethodFit({ full: fit(longest.length), short: fit(longestShort) });
  }, [probeRef, longest, longestShort]);

  const save = (next: ColumnWidths) => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
    return next;
  };

  const startResize = useCallback((id: ColumnId, e: ReactPointerEvent<HTMLElement>) => {
    e.preventDefault();
    const cell = e.currentTarget.parentElement;
    if (!cell) return;
    const zoom = zoomOf(cell);
    const startX = e.clientX;
    const startWidth = cell.offsetWidth;
    const widthAt = (x: number) => Math.max(MIN_COLUMN_PX, Math.round(startWidth + (x - startX) / zoom));
    const move = (ev: PointerEvent) => setWidths((w) => ({ ...w, [id]: widthAt(ev.clientX) }));
    const up = (ev: PointerEvent) => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      setWidths((w) => save({ ...w, [id]: widthAt(ev.clientX) }));
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  }, []);

  const reset = useCallback((id: ColumnId) => {
    setWidths((w) => {
      const next = { ...w };
      delete next[id];
      return save(next);
    });
  }, []);

  const presenting = usePresenting();
  const layout = useMemo(() => logLayout(widths, methodFit, tableWidth, presenting ? PRESENT_FIT : undefined), [widths, methodFit, tableWidth, presenting]);
  return { ...layout, startResize, reset };
}

/** Presentation mode zooms the page (CSS zoom): boxes are measured zoomed, grid widths are given unzoomed. */
function zoomOf(el: HTMLElement): number {
  return el.offsetWidth > 0 ? el.getBoundingClientRect().width / el.offsetWidth || 1 : 1;
}
