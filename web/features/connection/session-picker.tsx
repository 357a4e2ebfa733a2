// The session dropdown: switch to any session the relay knows, live or past (past ones are read-only).
import type { SessionInfo } from '../../../shared/relay-protocol.js';
import { formatDate, formatTime } from '../../lib/ui/format.js';
import { statusText } from './session-status.js';

interface Props {
  sessions: SessionInfo[];
  sessionId: string | null;
  onPick: (session: SessionInfo) => void;
  onOpen: () => void;
}

export function SessionPicker({ sessions, sessionId, onPick, onOpen }: Props) {
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
      title="sessions"
    >
      {sessionId === null && <option value="">no session</option>}
      {sessions.map((s) => (
        <option key={s.id} value={s.id}>
          {`${s.name} · ${statusText(s)} · ${formatDate(s.startedAt)} ${formatTime(s.startedAt).slice(0, 8)}`}
        </option>
      ))}
    </select>
  );
}
