// The log's column layout, shared by the header and every row so they always line up: a CSS grid whose template is
// the custom property --log-cols, set once on the table from the column widths (defaults, dragged, auto-fitted).
export const LOG_GRID = 'grid gap-x-2 [grid-template-columns:var(--log-cols)] [&>*]:min-w-0 [&>*]:overflow-hidden';
export const ROW_HEIGHT = 22;
/** Rows drawn beyond each edge of the view, so a short scroll shows rows already there. */
export const OVERSCAN_ROWS = 10;

export type ColumnId = 'seq' | 'time' | 'dir' | 'by' | 'kind' | 'method' | 'id' | 'summary' | 'size' | 'latency';

export interface LogColumn {
  id: ColumnId;
  label: string;
  /** What a screen reader calls the column when its label is empty. */
  name?: string;
  /** Default width in px; the summary takes what is left (see gridTemplate). */
  width: number;
  align?: 'right';
  title?: string;
  /** False for the direction arrow and the summary, which has no right edge of its own to drag. */
  resizable: boolean;
}

export const LOG_COLUMNS: readonly LogColumn[] = [
  { id: 'seq', label: '#', width: 44, align: 'right', resizable: true },
  { id: 'time', label: 'time', width: 86, resizable: true },
  { id: 'dir', label: '', name: 'direction', width: 18, resizable: false },
  {
    id: 'by',
    label: 'by',
    width: 34,
    resizable: true,
    title: "who made the frame: you (composer), form (a panel), auto (mcpscope's own bookkeeping), ans (an answer to the server), batch, lab, rply (replay)",
  },
  { id: 'kind', label: 'kind', width: 84, resizable: true },
  { id: 'method', label: 'method', width: 120, resizable: true },
  { id: 'id', label: 'id', width: 44, resizable: true },
  { id: 'summary', label: 'summary', width: 0, resizable: false },
  { id: 'size', label: 'size', width: 58, align: 'right', resizable: true },
  { id: 'latency', label: 'latency', width: 64, align: 'right', resizable: true },
];

export type ColumnWidths = Partial<Record<ColumnId, number>>;

export const MIN_COLUMN_PX = 24;
/** The auto-fitted method column never grows past this, nor past what leaves the summary SUMMARY_ROOM_PX. */
export const METHOD_CAP_PX = 360;
const SUMMARY_ROOM_PX = 160;
/** The summary's room in a narrow table (by and size folded away): a useful gist, not "mcps…". */
const NARROW_SUMMARY_ROOM_PX = 110;
const GAP_PX = 8;
/** Below this the `by` and `size` columns fold away (out of the grid), as DevTools drops columns from a narrow table. */
const NARROW_TABLE_PX = 720;
/**
 * How the table gives out its width: where `by` and `size` fold, the room the summary keeps before the method's, and
 * whether a narrow table may shorten its cells (kind as req/resp/notif, time without the hour, `notifications/` as
 * `n/`) so the method column gets room for the part that tells methods apart.
 */
export interface TableFit {
  narrowBelow: number;
  summaryRoom: number;
  narrowSummaryRoom: number;
  shorten: boolean;
}
/**
 * Presenting, `by` and `size` fold below a wider table and the summary keeps 200 px (250 on screen at the mode's
 * zoom) before the method column may grow: a 1024 px projector (an 803 px table) still shows ~25 characters of
 * summary beside *…resources/list_changed*. Nothing is shortened there: an audience reads whole words.
 */
export const PRESENT_FIT: TableFit = { narrowBelow: 900, summaryRoom: 200, narrowSummaryRoom: 200, shorten: false };
const DESK_FIT: TableFit = { narrowBelow: NARROW_TABLE_PX, summaryRoom: SUMMARY_ROOM_PX, narrowSummaryRoom: NARROW_SUMMARY_ROOM_PX, shorten: true };
const NARROW_HIDDEN: readonly ColumnId[] = ['by', 'size'];
/**
 * The class of a `by` or `size` cell (header and rows): a narrow table takes them out of the grid (display from
 * --log-fold, set with --log-cols), so their gaps go too and the template has no track for them.
 */
export const FOLDABLE_CELL = '[display:var(--log-fold,block)]';
export const isFoldable = (id: ColumnId): boolean => NARROW_HIDDEN.includes(id);
/**
 * A shortened (compact) table's time, kind and id widths: "13:07.412" (no hour), "NOTIF" (the longest short kind
 * label, "STDERR", fits too) and four characters of id (the tooltip has a longer one): 72 px more for the method
 * column in a 1024 px window.
 */
const COMPACT_WIDTHS: ColumnWidths = { time: 66, kind: 48, id: 32 };
/** The method column shortens to this before the summary starves: its cells then show the end of the name (log-row.tsx). */
const METHOD_FLOOR_PX = 64;

/** The method column's auto-fit: the longest name's width in the row font, whole and with known prefixes abbreviated. */
export interface MethodFit {
  full: number;
  short: number;
}

export interface LogLayout {
  /** The grid template (--log-cols). */
  template: string;
  /** Cells shorten: kind labels, time without the hour (the full word and time in their tooltips). */
  compact: boolean;
  /** Method names show known prefixes abbreviated (`n/…`): the column is narrower than the longest whole name. */
  abbreviate: boolean;
  /** `by` and `size` are out of the grid (a narrow table): --log-fold is `none`. */
  folded: boolean;
  /** The px width of each column in the grid but the summary (which takes the rest). */
  px: Partial<Record<ColumnId, number>>;
}

/**
 * The grid template: each column at its dragged width, else its default (a compact one in a narrow table); the method
 * column, unless dragged, at its longest name within the cap and what the table's width leaves the summary (160 px,
 * 110 in a narrow table), down to a floor; the summary takes the rest. When the longest whole name does not fit, the
 * names are abbreviated (`notifications/` as `n/`, unless presenting) and the column fits the abbreviated longest; a
 * column still narrower than its names shows their ends.
 */
export function logLayout(widths: ColumnWidths, methodFit: MethodFit | null, tableWidth: number, fit: TableFit = DESK_FIT): LogLayout {
  const narrow = tableWidth > 0 && tableWidth < fit.narrowBelow;
  const compact = narrow && fit.shorten;
  const shown = LOG_COLUMNS.filter((c) => !(narrow && isFoldable(c.id)));
  const widthOf = (c: LogColumn) => widths[c.id] ?? (compact ? COMPACT_WIDTHS[c.id] : undefined) ?? c.width;
  const fixed = shown.filter((c) => c.id !== 'method' && c.id !== 'summary').reduce((sum, c) => sum + widthOf(c), 0);
  const gaps = GAP_PX * (shown.length - 1);
  const summaryRoom = narrow ? fit.narrowSummaryRoom : fit.summaryRoom;
  const room = tableWidth - fixed - gaps - summaryRoom;
  const auto = (want: number) => Math.max(METHOD_FLOOR_PX, Math.min(want, METHOD_CAP_PX, room));
  const full = methodFit?.full ?? LOG_COLUMNS.find((c) => c.id === 'method')!.width;
  const wholeFits = (widths.method ?? auto(full)) >= full;
  const abbreviate = fit.shorten && methodFit !== null && !wholeFits;
  const method = widths.method ?? auto(abbreviate ? methodFit.short : full);
  const px = Object.fromEntries(shown.filter((c) => c.id !== 'summary').map((c) => [c.id, c.id === 'method' ? method : widthOf(c)]));
  const template = shown.map((c) => (c.id === 'summary' ? `minmax(${Math.round(summaryRoom / 2)}px,1fr)` : `${px[c.id]}px`)).join(' ');
  return { template, compact, abbreviate, folded: narrow, px };
}

/** The grid template alone, for a fit measured on whole names only (nothing to abbreviate). */
export function gridTemplate(widths: ColumnWidths, methodFit: number | null, tableWidth: number, fit?: TableFit): string {
  return logLayout(widths, methodFit === null ? null : { full: methodFit, short: methodFit }, tableWidth, fit).template;
}

/** Known prefixes a narrow method column abbreviates: the tail that tells methods apart then shows. */
const METHOD_PREFIXES: readonly (readonly [string, string])[] = [['notifications/', 'n/']];

/** `notifications/resources/list_changed` → `n/resources/list_changed`; other names unchanged. */
export function abbreviateMethod(method: string): string {
  for (const [prefix, short] of METHOD_PREFIXES) if (method.startsWith(prefix)) return short + method.slice(prefix.length);
  return method;
}
