// One session in the history: name (click to rename), status and origin, target, time, tags, stats and actions.
import type { HistoryEntry } from '../../../shared/archive-api.js';
import { formatDate, formatTime } from '../../lib/ui/format.js';
import { makerOf, type Maker } from './session-groups.js';
import { SessionActions } from './session-actions.js';
import { SessionName } from './session-name.js';
import { SessionTags } from './session-tags.js';
import { targetSummary } from './target-summary.js';

interface Props {
  session: HistoryEntry;
  current: boolean;
  /** Listed under the session it was made for: the "for <id>" link would only repeat it. */
  nested?: boolean;
  onOpen: (sessionId: string) => void;
}

// What made a lab, check or replay session is its maker tag (session-groups.ts), shown with the tags.
const ORIGIN_LABEL: Record<HistoryEntry['origin'], string | null> = { recorded: null, imported: 'imported', replay: null, tap: 'tapped', scratch: null };

const MAKER_TITLE: Record<Maker, string> = {
  lab: 'a fault lab scratch connection, beside the session under test',
  check: "one of the Conformance tab's (or mcpscope check --record's) scratch connections",
  replay: 'a replay of a recorded session',
  fuzz: 'a fuzz run',
};

export function SessionRow({ session: s, current, nested = false, onOpen }: Props) {
  const origin = ORIGIN_LABEL[s.origin];
  const maker = makerOf(s);
  return (
    <li data-testid="history-row" data-session-id={s.id} data-origin={s.origin} className={`border-b border-edge px-3 py-2 ${current ? 'bg-panel-2' : ''}`}>
      <div className="flex min-w-0 items-center gap-2">
        <SessionName session={s} />
        <span className={`rounded px-1.5 font-mono text-[11px] ${s.live ? 'bg-emerald-800 text-emerald-100' : 'bg-zinc-700 text-zinc-200'}`}>
          {s.live ? 'live' : s.status}
        </span>
        {origin && <span className="rounded bg-indigo-900 px-1.5 font-mono text-[11px] text-indigo-100">{origin}</span>}
        {maker && (
          <span
            data-testid="history-maker"
            data-maker={maker}
            className="rounded bg-indigo-900 px-1.5 font-mono text-[11px] text-indigo-100"
            title={MAKER_TITLE[maker]}
          >
            {maker}
          </span>
        )}
        {s.scratchFor !== null && !nested && (
          <button
            type="button"
            data-testid="history-scratch-for"
            className="font-mono text-[11px] text-dim underline decoration-dotted"
            title="the session this one was made for"
            onClick={() => onOpen(s.scratchFor!)}
          >
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
