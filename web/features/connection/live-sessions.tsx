// The servers still running besides the one shown: connecting another target leaves earlier ones up (their logs stay
// live), so they are listed under the bar with Show and Stop rather than left running without a word.
import type { SessionInfo } from '../../../shared/relay-protocol.js';
import { useStopSession } from '../../api/use-session-mutations.js';

interface Props {
  sessions: readonly SessionInfo[];
  currentId: string | null;
  onShow: (s: SessionInfo) => void;
}

export function LiveSessions({ sessions, currentId, onShow }: Props) {
  const stop = useStopSession();
  const others = sessions.filter((s) => s.live && s.id !== currentId);
  if (others.length === 0 || currentId === null) return null;
  return (
    <div data-testid="live-sessions" className="flex flex-wrap items-center gap-2 border-t border-amber-900/60 bg-amber-950/30 px-3 py-1 text-amber-100">
      <span>{others.length === 1 ? 'Another server is still running' : `${others.length} other servers are still running`} (each keeps recording):</span>
      {others.map((s) => (
        <span key={s.id} data-testid="live-session" data-session-id={s.id} className="flex items-center gap-1.5 rounded border border-edge px-1.5 py-0.5">
          <span className="max-w-[16rem] truncate font-mono text-[11px]" title={s.name}>
            {s.name}
          </span>
          {s.pid !== null && <span className="font-mono text-[11px] text-dim">pid {s.pid}</span>}
          <button type="button" data-testid="live-session-show" className="btn" onClick={() => onShow(s)} title="show this session in the inspector">
            Show
          </button>
          <button
            type="button"
            data-testid="live-session-stop"
            className="btn btn-warn"
            disabled={stop.isPending && stop.variables === s.id}
            title="stop this server (stdin closed, then SIGTERM, then SIGKILL) and end its session"
            onClick={() => stop.mutate(s.id)}
          >
            Stop
          </button>
        </span>
      ))}
      {stop.error && <span className="text-red-300">{stop.error.message}</span>}
    </div>
  );
}
