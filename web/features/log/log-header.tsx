// The log's header row: a label per column and, at each resizable column's right edge, a handle to drag (double-click
// puts the column back to its default; the method column back to fitting its longest name). It is the frames grid's
// first row, so each label is a columnheader; the direction column, drawn without a label, has one for screen readers only.
import { memo, type PointerEvent as ReactPointerEvent } from 'react';
import { FOLDABLE_CELL, isFoldable, LOG_COLUMNS, LOG_GRID, type ColumnId } from './log-columns.js';

interface Props {
  onResizeStart: (id: ColumnId, e: ReactPointerEvent<HTMLElement>) => void;
  onReset: (id: ColumnId) => void;
}

// Memoised: its two callbacks are stable, and the table re-renders on every frame of a live log.
export const LogHeader = memo(function LogHeader({ onResizeStart, onReset }: Props) {
  return (
    <div
      className={`${LOG_GRID} shrink-0 border-b border-edge bg-panel-2 px-2 py-0.5 text-[11px] text-dim`}
      role="row"
      aria-rowindex={1}
      data-testid="log-header"
    >
      {LOG_COLUMNS.map((c) => (
        <span
          key={c.id}
          role="columnheader"
          className={`relative min-w-0 truncate ${c.align === 'right' ? 'text-right' : ''} ${isFoldable(c.id) ? FOLDABLE_CELL : ''}`}
          title={c.title}
          data-column={c.id}
        >
          {c.label === '' && c.name ? <span className="sr-only">{c.name}</span> : c.label}
          {c.resizable && (
            <span
              data-testid={`log-col-resize-${c.id}`}
              title="drag to resize; double-click for the default width"
              className="absolute top-0 right-0 z-10 h-full w-1.5 cursor-col-resize hover:bg-blue-500/40"
              onPointerDown={(e) => onResizeStart(c.id, e)}
              onDoubleClick={() => onReset(c.id)}
            />
          )}
        </span>
      ))}
    </div>
  );
});
