// Says in place why a panel's call is not answered yet: the server asked the person something (sampling, elicitation,
// roots) and waits for that answer before it answers the call. Links to the answer form in the Server requests tab.
import { useEffect } from 'react';
import { useServerRequests } from '../lib/server-requests/use-server-requests.js';
import { publishIntent } from '../lib/ui/panel-intents.js';

interface Props {
  sessionId: string;
  /** Date.now() when the call went out: only requests that arrived since can be holding it up. */
  since: number;
  /** The note's box when it shows (a bordered strip in the composer); nothing is drawn while nothing waits. */
  className?: string;
  /** Called when a request starts holding the call up: a pane folded to its bar (the composer) opens to show the note. */
  onWaiting?: () => void;
}

/** Lines shown at most: more would push the call's own controls out of a short box. */
const SHOWN = 2;

export function AwaitingAnswer({ sessionId, since, className, onWaiting }: Props) {
  const { state } = useServerRequests(sessionId);
  // stdio gives no link from a server request to the call it serves, so every request still pending that arrived while
  // this call was out is named: the call usually waits on exactly that one.
  const waiting = state.requests.filter((r) => r.state === 'pending' && r.arrivedAt >= since);
  const holding = waiting.length > 0;
  useEffect(() => {
    if (holding) onWaiting?.();
  }, [holding, onWaiting]);
  if (!holding) return null;
  // The button leads each line, so a narrow strip (the composer's, a panel's column) wraps the text, never the way out.
  const shown = waiting.slice(0, SHOWN);
  return (
    <div data-testid="awaiting-answer" className={`space-y-0.5 ${className ?? ''}`}>
      {shown.map((r) => (
        <p key={r.key} className="flex items-center gap-2 text-amber-200">
          <button
            type="button"
            data-testid="awaiting-answer-open"
            className="btn shrink-0"
            title="open the answer form in the Server requests tab"
            onClick={() => publishIntent({ target: 'server-requests', method: r.method, params: { key: r.key }, message: null })}
          >
            Answer…
          </button>
          <span data-testid="awaiting-answer-text" className="min-w-0 truncate">
            Waiting for your answer to <span className="font-mono">{r.method}</span>
            {r.id !== null && <span className="font-mono"> (#{String(r.id)})</span>}
          </span>
          {state.answerer !== 'you' && <span className="shrink-0 text-[11px] text-dim">(another tab answers this session)</span>}
        </p>
      ))}
      {waiting.length > SHOWN && (
        <p data-testid="awaiting-answer-more" className="text-[11px] text-dim">
          and {waiting.length - SHOWN} more in the Server requests tab
        </p>
      )}
    </div>
  );
}
