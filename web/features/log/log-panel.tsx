// The live log: filter bar over the virtualized table, reading the session's frames from the message store.
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import type { FrameEntry } from '../../lib/frame-entry.js';
import { EMPTY_FILTER, type FrameFilter } from '../../lib/frame-filter.js';
import { useSessionLog } from '../../lib/relay-context.js';
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
  const { log, version } = useSessionLog(sessionId);
  useLintSetup(sessionId);
  // version is a dependency on purpose: the log grows in place, and filtered() extends its cached view.
  const rows = useMemo(() => (log ? log.filtered(deferredFilter) : []), [log, deferredFilter, version]);
  const methods = useMemo(() => log?.methods ?? [], [log, version]);
  const pairOf = useCallback((entry: FrameEntry) => log?.pairOf(entry), [log]);
  const total = log?.entries.length ?? 0;

  return (
    <section className="flex min-h-0 flex-1 flex-col" aria-label="log">
      <LogFilters filter={filter} onChange={setFilter} methods={methods} shown={rows.length} total={total} findingCount={log?.findings.all.length ?? 0} />
      <LogTable
        rows={rows}
        count={rows.length}
        selectedSeq={selectedSeq}
        onSelect={onSelect}
        onOpenDetail={onOpenDetail}
        onCloseDetail={onCloseDetail}
        pairOf={pairOf}
        emptyText={sessionId === null ? 'Not attached to a session.' : total === 0 ? 'No frames yet.' : 'No frame matches the filter.'}
      />
    </section>
  );
}
