// The live log: filter bar over the virtualized table, reading the session's frames from the message store; a switch
// shows the same filtered rows as another view instead (the sequence diagram, composed in by the workbench).
import { memo, useCallback, useDeferredValue, useEffect, useMemo, useState, type ReactNode } from 'react';
import { noteLogPainted } from '../../lib/editor/first-paint.js';
import type { FrameEntry } from '../../lib/log/frame-entry.js';
import { EMPTY_FILTER, type FrameFilter } from '../../lib/log/frame-filter.js';
import type { LogRows } from '../../lib/log/log-source.js';
import { useLog, useLogRows, type LogView } from '../../lib/log/use-log.js';
import { useTraceFilterIntent } from '../../lib/log/trace-filter-intent.js';
import { useRelay } from '../../lib/relay/relay-context.js';
import { LogFilters } from './log-filters.js';
import { LogTable } from './log-table.js';
import { NO_FRAME_LINKS } from '../../lib/log/frame-links.js';
import { NO_FRAME_FINDINGS } from '../../lib/log/frame-findings.js';
import { useLintSetup } from './use-lint-setup.js';

interface Props {
  sessionId: string | null;
  selectedSeq: number | null;
  onSelect: (seq: number | null) => void;
  onOpenDetail: () => void;
  onCloseDetail: () => void;
  /** The sequence view, given the log's filtered rows: offered by a "Log | Sequence" switch when present. */
  sequence?: (p: OtherViewProps) => ReactNode;
  /** The waterfall of the session's exchanges (traces), offered beside the sequence view when present. */
  waterfall?: (p: OtherViewProps) => ReactNode;
}

type OtherViewProps = {
  view: LogView | null;
  rows: LogRows;
  selectedSeq: number | null;
  onSelect: (seq: number) => void;
  onOpenDetail: () => void;
  emptyText: string;
};
type Shown = 'log' | 'sequence' | 'waterfall';
const SHOWN_KEY = 'mcpscope.logView';

function storedShown(): Shown {
  try {
    const v = localStorage.getItem(SHOWN_KEY);
    return v === 'sequence' || v === 'waterfall' ? v : 'log';
  } catch {
    return 'log';
  }
}

export function LogPanel({ sessionId, selectedSeq, onSelect, onOpenDetail, onCloseDetail, sequence, waterfall }: Props) {
  // Remembered across reloads, like the panes: whoever reads sequences keeps reading them.
  const [shownChoice, setShownChoice] = useState<Shown>(storedShown);
  const shown = (shownChoice === 'sequence' && sequence) || (shownChoice === 'waterfall' && waterfall) ? shownChoice : 'log';
  const show = useCallback((v: Shown) => {
    setShownChoice(v);
    try {
      localStorage.setItem(SHOWN_KEY, v);
    } catch {
      // Storage refused (private mode): the choice lasts this page.
    }
  }, []);
  const hasSequence = sequence !== undefined;
  const hasWaterfall = waterfall !== undefined;
  const views = useMemo(
    (): Shown[] => ['log', ...(hasSequence ? ['sequence' as const] : []), ...(hasWaterfall ? ['waterfall' as const] : [])],
    [hasSequence, hasWaterfall],
  );
  const [filter, setFilter] = useState<FrameFilter>(EMPTY_FILTER);
  useTraceFilterIntent(
    sessionId,
    useCallback((trace: string) => setFilter((f) => ({ ...f, trace })), []),
  );
  // Typing stays responsive while a long log is re-filtered in the background.
  const deferredFilter = useDeferredValue(filter);
  const view = useLog(sessionId);
  useLintSetup(sessionId);
  const rows = useLogRows(view, deferredFilter);
  const methods = useSameList(useMemo(() => view?.source.methods() ?? [], [view]));
  const pairOf = useCallback((entry: FrameEntry) => view?.source.pairOf(entry), [view]);
  const total = view?.source.total ?? 0;
  const findingCount = useMemo(() => view?.source.findings().total ?? 0, [view]);
  // The editor's code and unopened panels wait until rows are on screen (whichever view shows them) and the held
  // history has arrived: loading them earlier would hold back the paint and the count of the whole session.
  const { socket } = useRelay();
  const hasRows = rows.count > 0;
  useEffect(() => {
    if (!hasRows || sessionId === null) return;
    let live = true;
    void socket.whenSynced(sessionId).then(() => live && requestAnimationFrame(noteLogPainted));
    return () => {
      live = false;
    };
  }, [hasRows, sessionId, socket]);
  // Until the deferred render has caught up with a new filter, the rows and their count are the old filter's.
  const filterStale = filter !== deferredFilter;
  const emptyText =
    sessionId === null ? 'Not attached to a session.' : total === 0 ? 'No frames yet.' : rows.pending ? 'Filtering…' : 'No frame matches the filter.';

  return (
    // data-held and data-total: how many frames the page holds and the session has, for tests and benches;
    // data-filter-stale: the rows on screen are still the previous filter's.
    <section
      className="flex min-h-0 flex-1 flex-col"
      aria-label="log"
      data-testid="log-panel"
      data-held={view?.source.held.length ?? 0}
      data-total={total}
      data-filter-stale={filterStale}
    >
      <div className="flex shrink-0 items-stretch">
        {(sequence || waterfall) && <ViewSwitch shown={shown} onShow={show} views={views} />}
        <div className="min-w-0 flex-1">
          <LogFilters
            filter={filter}
            onChange={setFilter}
            methods={methods}
            shown={rows.count}
            total={total}
            pending={rows.pending || filterStale}
            findingCount={findingCount}
            folded={view?.source.foldedKeepAlives ?? 0}
          />
        </div>
      </div>
      {shown === 'sequence' && sequence ? (
        sequence({ view, rows, selectedSeq, onSelect, onOpenDetail, emptyText })
      ) : shown === 'waterfall' && waterfall ? (
        waterfall({ view, rows, selectedSeq, onSelect, onOpenDetail, emptyText })
      ) : (
        <LogTable
          rows={rows}
          selectedSeq={selectedSeq}
          onSelect={onSelect}
          onOpenDetail={onOpenDetail}
          onCloseDetail={onCloseDetail}
          pairOf={pairOf}
          emptyText={emptyText}
          methods={methods}
          findings={view?.source.frameFindings ?? NO_FRAME_FINDINGS}
          links={view?.source.frameLinks ?? NO_FRAME_LINKS}
        />
      )}
    </section>
  );
}

const VIEW_LABELS: Record<Shown, string> = { log: 'Log', sequence: 'Sequence', waterfall: 'Waterfall' };

/**
 * The previous list while the new one holds the same strings: the session's method names are a new array on every
 * frame, and the filter bar and the table's column fit depend on them.
 */
function useSameList(list: string[]): string[] {
  const [kept, setKept] = useState(list);
  const same = kept === list || (kept.length === list.length && kept.every((m, i) => m === list[i]));
  if (!same) setKept(list);
  return same ? kept : list;
}

// Memoised: the panel re-renders on every frame of a live log, the switch only when the view or the views change.
const ViewSwitch = memo(function ViewSwitch({ shown, onShow, views }: { shown: Shown; onShow: (v: Shown) => void; views: readonly Shown[] }) {
  return (
    <div role="tablist" aria-label="log view" className="flex shrink-0 items-center gap-px border-r border-b border-edge bg-panel px-1">
      {views.map((v) => (
        <button
          key={v}
          type="button"
          role="tab"
          aria-selected={shown === v}
          data-testid={`log-view-${v}`}
          onClick={() => onShow(v)}
          className={`rounded px-2 py-0.5 text-xs ${shown === v ? 'bg-button-hover text-white' : 'text-dim hover:text-white'}`}
        >
          {VIEW_LABELS[v]}
        </button>
      ))}
    </div>
  );
});
