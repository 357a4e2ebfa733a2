// One session in the history: name (click to rename), status and origin, target, time, tags, stats and actions.
import type { HistoryEntry } from '../../../shared/archive-api.js';
import { formatDate, formatTime } from '../../lib/ui/format.js';
import { SessionActions } from './session-actions.js';
import { SessionName } from './session-name.js';
import { SessionTags } from './session-tags.js';
import { targetSummary } from './target-summary.js';

interface Props {
  session: HistoryEntry;
  current: boolean;
  onOpen: (sessionId: string) => void;
}

const ORIGIN_LABEL: Record<HistoryEntry['origin'], string | null> = { recorded: null, imported: 'imported', replay: 'replay', tap: 'tapped', scratch: 'fault lab' };

export function SessionRow({ session: s, current, onOpen }: Props) {
  const origin = ORIGIN_LABEL[s.origin];
  return (
    <li
      data-testid="history-row"
      data-session-id={s.id}
      data-origin={s.origin}
      className={`border-b border-edge px-3 py-2 ${current ? 'bg-panel-2' : ''}`}
    >
      <div className="flex min-w-0 items-center gap-2">
        <SessionName session={s} />
        <span className={`rounded px-1.5 font-mono text-[11px] ${s.live ? 'bg-emerald-800 text-emerald-100' : 'bg-zinc-700 text-zinc-200'}`}>
          {s.live ? 'live' : s.status}
        </span>
        {origin && <span className="rounded bg-indigo-900 px-1.5 font-mono text-[11px] text-indigo-100">{origin}</span>}
        {s.scratchFor !== null && (
          <button type="button" data-testid="history-scratch-for" className="font-mono text-[11px] text-dim underline decoration-dotted" title="the session under test this fault-lab connection was opened beside" onClick={() => onOpen(s.scratchFor!)}>
            for {s.scratchFor}
          </button>
        )}
        <span className="ml-auto shrink-0 font-mono text-[11px] text-dim" title={new Date(s.startedAt).toString()}>
          {`${formatDate(s.startedAt)} ${formatTime(s.startedAt).slice(0, 8)} · ${s.lastSeq} frames · ${s.protocolVersion}`}
        </span>
      </div>
      <div className="mt-0.5 truncate font-mono text-[11px] text-dim" title={targetSummary(s.target)}>
        {targetSummary(s.target)}
      </div>
      <div className="mt-1 flex flex-wrap items-center gap-2">
        <SessionTags session={s} />
        <SessionActions session={s} onOpen={onOpen} />
      </div>
    </li>
  );
}
