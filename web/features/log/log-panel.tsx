// The live log: filter bar over the virtualized table, reading the session's frames from the message store.
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import type { FrameEntry } from '../../lib/log/frame-entry.js';
import { EMPTY_FILTER, type FrameFilter } from '../../lib/log/frame-filter.js';
import { useLog, useLogRows } from '../../lib/log/use-log.js';
import { LogFilters } from './log-filters.js';
import { LogTable } from './log-table.js';
import { useLintSetup } from './use-lint-setup.js';

interface Props {
  sessionId: string | null;
  selectedSeq: number | null;
  onSelect: (seq: number | null) => void;
  onOpenDetail: () => void;
  onCloseDetail: () => void;
}

export function LogPanel({ sessionId, selectedSeq, onSelect, onOpenDetail, onCloseDetail }: Props) {
  const [filter, setFilter] = useState<FrameFilter>(EMPTY_FILTER);
  // Typing stays responsive while a long log is re-filtered in the background.
  const deferredFilter = useDeferredValue(filter);
  const view = useLog(sessionId);
  useLintSetup(sessionId);
  const rows = useLogRows(view, deferredFilter);
  const methods = useMemo(() => view?.source.methods() ?? [], [view]);
  const pairOf = useCallback((entry: FrameEntry) => view?.source.pairOf(entry), [view]);
  const total = view?.source.total ?? 0;
  const findingCount = useMemo(() => view?.source.findings().total ?? 0, [view]);

  return (
    // data-held and data-total: how many frames the page holds and the session has, for tests and benches.
    <section className="flex min-h-0 flex-1 flex-col" aria-label="log" data-testid="log-panel" data-held={view?.source.held.length ?? 0} data-total={total}>
      <LogFilters filter={filter} onChange={setFilter} methods={methods} shown={rows.count} total={total} pending={rows.pending} findingCount={findingCount} />
      <LogTable
        rows={rows}
        selectedSeq={selectedSeq}
        onSelect={onSelect}
        onOpenDetail={onOpenDetail}
        onCloseDetail={onCloseDetail}
        pairOf={pairOf}
        emptyText={sessionId === null ? 'Not attached to a session.' : total === 0 ? 'No frames yet.' : rows.pending ? 'Filtering…' : 'No frame matches the filter.'}
      />
    </section>
  );
}
