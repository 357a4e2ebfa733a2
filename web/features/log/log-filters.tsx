// The log's filter bar: free text, method, direction and a toggle per kind (none toggled = every kind; folded when the
// bar is narrow), "has findings", and hiding what mcpscope sent on its own (bookkeeping).
import { memo, type ReactNode } from 'react';
import { isEmptyFilter, type FrameFilter } from '../../lib/log/frame-filter.js';
import { chipClass } from './filter-chip.js';
import { MoreFilters } from './more-filters.js';

interface Props {
  filter: FrameFilter;
  onChange: (filter: FrameFilter) => void;
  methods: string[];
  shown: number;
  total: number;
  /** The filter's matches are still being counted (rows.pending). */
  pending?: boolean;
  /** Findings in the whole session, shown on the "has findings" toggle. */
  findingCount: number;
  /** Keep-alive records folded into their stream's row (counted in `total`, never a row). */
  folded?: number;
}

/** "1234 frames · 40 keep-alives folded", or "12 / 1234 frames" under a filter: the session's size, and what the rows leave out. */
function countText(filter: FrameFilter, shown: number, total: number, pending: boolean, folded: number): string {
  // Without a filter every frame is a row or folded into one: the count is the session's, as it was before folding.
  const whole = (isEmptyFilter(filter) ? shown + folded : shown) === total;
  const frames = pending ? `… / ${total} frames` : whole ? `${total} frames` : `${shown} / ${total} frames`;
  return folded > 0 ? `${frames} · ${folded} keep-alive${folded === 1 ? '' : 's'} folded` : frames;
}

// Memoised: the log panel re-renders on every frame, the filter bar only when its own props change (its counts).
export const LogFilters = memo(function LogFilters({ filter, onChange, methods, shown, total, pending = false, findingCount, folded = 0 }: Props) {
  const set = (patch: Partial<FrameFilter>) => onChange({ ...filter, ...patch });
  return (
    <div className="@container relative shrink-0 border-b border-edge bg-panel">
      <div data-testid="log-filters" className="flex flex-wrap items-center gap-2 px-2 py-1">
        <input
          data-testid="filter-text"
          className="control w-44 font-mono @4xl:w-56"
          placeholder="filter text…"
          value={filter.text}
          onChange={(e) => set({ text: e.target.value })}
          spellCheck={false}
        />
        <input
          data-testid="filter-method"
          className="control w-36 font-mono @4xl:w-44"
          placeholder="method…"
          list="log-methods"
          value={filter.method}
          onChange={(e) => set({ method: e.target.value })}
          spellCheck={false}
        />
        <datalist id="log-methods">
          {methods.map((m) => (
            <option key={m} value={m} />
          ))}
        </datalist>
        <MoreFilters filter={filter} set={set} />
        <Toggle
          testId="filter-findings"
          on={filter.findings === true}
          tone="red"
          title="only frames with lint findings"
          onClick={() => set({ findings: filter.findings !== true })}
        >
          has findings{findingCount > 0 ? ` (${findingCount})` : ''}
        </Toggle>
        <Toggle
          testId="filter-hide-bookkeeping"
          on={filter.hideBookkeeping === true}
          tone="blue"
          title="hide what mcpscope sent on its own (handshake, pagination, re-lists, completion lookups) and the answers to it"
          onClick={() => set({ hideBookkeeping: filter.hideBookkeeping !== true })}
        >
          hide auto
        </Toggle>
        {(filter.text || filter.method || filter.dir || filter.kinds.length > 0 || filter.findings || filter.hideBookkeeping || filter.trace) && (
          <button
            type="button"
            className="text-dim hover:text-ink"
            onClick={() => onChange({ text: '', method: '', dir: '', kinds: [], findings: false, hideBookkeeping: false, trace: '' })}
          >
            clear
          </button>
        )}
        <span
          className="ml-auto font-mono text-[11px] text-dim"
          data-testid="log-count"
          data-pending={pending}
          data-shown={shown}
          data-total={total}
          data-folded={folded}
          title={
            folded > 0
              ? `${folded} keep-alive record${folded === 1 ? '' : 's'} (events without a message on an open HTTP stream) counted on their stream's row (♥), not as rows of their own; the HTTP tab lists each`
              : undefined
          }
        >
          {countText(filter, shown, total, pending, folded)}
        </span>
      </div>
    </div>
  );
});

function Toggle(p: { testId: string; on: boolean; tone: 'red' | 'blue'; title: string; onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" data-testid={p.testId} aria-pressed={p.on} onClick={p.onClick} title={p.title} className={chipClass(p.on, p.tone)}>
      {p.children}
    </button>
  );
}
