// The session dropdown: switch to any session the relay knows, live or past (past ones are read-only). Sessions a tool
// made for another (the fault lab's, a check's, a replay, a fuzz or collection run) stay out of it: Sessions & profiles
// lists them under the session they were made for, and one Run all would otherwise bury the sessions a person made.
import type { SessionInfo } from '../../../shared/relay-protocol.js';
import { madeByTool, pickerSessions } from '../../lib/relay/first-session.js';
import { formatDate, formatTime } from '../../lib/ui/format.js';
import { statusText } from './session-status.js';

interface Props {
  sessions: SessionInfo[];
  sessionId: string | null;
  onPick: (session: SessionInfo) => void;
  onOpen: () => void;
}

export function SessionPicker({ sessions, sessionId, onPick, onOpen }: Props) {
  const shown = pickerSessions(sessions, sessionId);
  const left = sessions.length - shown.length;
  return (
    <select
      data-testid="session-select"
      aria-label="session"
      className="control w-56 min-w-32 shrink font-mono"
      value={sessionId ?? ''}
      onFocus={onOpen}
      onChange={(e) => {
        const s = sessions.find((x) => x.id === e.target.value);
        if (s) onPick(s);
      }}
      data-left-out={left}
      title={
        left === 0 ? 'sessions' : `sessions (${left} made by the fault lab, checks, replays or runs are listed under their session in Sessions & profiles)`
      }
    >
      {sessionId === null && <option value="">no session</option>}
      {shown.map((s) => (
        <option key={s.id} value={s.id}>
          {`${madeByTool(s) ? '↳ ' : ''}${s.name} · ${statusText(s)} · ${formatDate(s.startedAt)} ${formatTime(s.startedAt).slice(0, 8)}`}
        </option>
      ))}
    </select>
  );
}
