// The live log: filter bar over the virtualized table, reading the session's frames from the message store.
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import type { FrameEntry } from '../../lib/log/frame-entry.js';
import { EMPTY_FILTER, type FrameFilter } from '../../lib/log/frame-filter.js';
import { useSessionLog } from '../../lib/relay/relay-context.js';
import { useFrameFindings } from '../../api/use-frame-findings.js';
import { useFrameMethods } from '../../api/use-frame-methods.js';
import { LogFilters } from './log-filters.js';
import { LogTable } from './log-table.js';
import { useLintSetup } from './use-lint-setup.js';
import { useLogRows } from './use-log-rows.js';

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
  const relayFindings = useFrameFindings(sessionId, log?.windowed === true);
  const lintEpoch = relayFindings ? (relayFindings.done ? 'done' : String(relayFindings.lintedTo)) : '';
  const rows = useLogRows(sessionId, log, version, deferredFilter, lintEpoch);
  const heldMethods = useMemo(() => log?.methods ?? [], [log, version]);
  const methods = useFrameMethods(sessionId, log?.windowed === true, heldMethods);
  const pairOf = useCallback((entry: FrameEntry) => log?.pairOf(entry), [log]);
  // A windowed session's frames are numbered 1..lastSeq without gaps, though the page holds only some of them.
  const total = log?.windowed ? log.total : (log?.entries.length ?? 0);
  const findingCount = relayFindings ? relayFindings.stored + relayFindings.dropped : (log?.findings.all.length ?? 0);

  return (
    // data-held: how many frames the page holds for this session (bounded for a windowed one), for tests and benches.
    <section className="flex min-h-0 flex-1 flex-col" aria-label="log" data-testid="log-panel" data-held={log?.entries.length ?? 0} data-windowed={log?.windowed === true}>
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
