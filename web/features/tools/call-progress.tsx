// A tool call that is still running: elapsed time, the server's progress (bar, count, message) and Cancel.
import { useEffect, useState } from 'react';
import { AwaitingAnswer } from '../../components/awaiting-answer.js';
import { formatLatency } from '../../lib/ui/format.js';
import type { RunningCall } from './running-calls.js';

function useNow(active: boolean): number {
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(performance.now()), 200);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

export function CallProgress({ sessionId, call, timeoutMs }: { sessionId: string; call: RunningCall; timeoutMs: number }) {
  const now = useNow(true);
  const [cancelling, setCancelling] = useState(false);
  const p = call.progress;
  const fraction = p?.progress !== null && p?.progress !== undefined && p.total !== null && p.total > 0 ? Math.min(1, p.progress / p.total) : null;
  return (
    <div data-testid="tool-running" data-request-id={call.id} className="space-y-1 rounded border border-sky-900 bg-sky-950/40 px-2 py-1.5">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold text-sky-200">Calling…</span>
        <span className="font-mono text-dim">id {call.id}</span>
        <span data-testid="tool-elapsed" className="font-mono text-[11px] text-dim">
          {formatLatency(Math.max(0, now - call.startedAt))} elapsed
        </span>
        <span className="text-[11px] text-dim">times out after {formatLatency(timeoutMs)} without progress</span>
        <button
          type="button"
          data-testid="tool-cancel"
          className="btn btn-warn ml-auto"
          disabled={cancelling}
          title="send notifications/cancelled for this request and stop waiting for it"
          onClick={() => {
            setCancelling(true);
            void call.cancel('cancelled by the user in the Tools panel');
          }}
        >
          Cancel
        </button>
      </div>
      <AwaitingAnswer sessionId={sessionId} since={performance.timeOrigin + call.startedAt} />
      {p ? (
        <div data-testid="tool-progress" data-progress={p.progress ?? ''} data-total={p.total ?? ''} className="space-y-0.5">
          {fraction !== null && <progress className="h-2 w-full" max={1} value={fraction} />}
          <p className="font-mono text-[11px]">
            progress {p.progress ?? '?'}
            {p.total !== null && ` / ${p.total}`}
            {p.message !== null && <span className="text-dim"> · {p.message}</span>}
          </p>
        </div>
      ) : (
        <p className="text-[11px] text-dim">No progress reported yet (the request carries a progressToken).</p>
      )}
    </div>
  );
}
