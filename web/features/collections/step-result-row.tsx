// One step of a collection run: its status, method and latency; opened (a failure opens by itself), each assertion
// graded with what was seen, and its frames, each opening the run's recorded session at that frame.
import { useState } from 'react';
import type { StepResult, StepStatus } from '../../../shared/collections/collection-schema.js';

const STATUS_CLASS: Record<StepStatus, string> = { pass: 'text-emerald-300', fail: 'text-rose-300', error: 'text-rose-300', skipped: 'text-dim' };

interface Props {
  step: StepResult;
  /** The run's recorded session. */
  sessionId: string | undefined;
  onOpenFrame: (sessionId: string, seq: number | null) => void;
}

export function StepResultRow({ step: s, sessionId, onOpenFrame }: Props) {
  const [open, setOpen] = useState(s.status !== 'pass');
  return (
    <li data-testid="run-step" data-step={s.name} data-status={s.status} className="border-t border-edge py-1">
      <button type="button" className="flex w-full items-start gap-2 text-left" aria-expanded={open} onClick={() => setOpen(!open)}>
        <span className={`w-12 shrink-0 font-mono uppercase ${STATUS_CLASS[s.status]}`}>{s.status}</span>
        <span className="min-w-0 flex-1">
          <span className="font-mono">{s.name}</span> <span className="text-dim">{s.method}</span>
        </span>
        {s.latencyMs !== null && <span className="shrink-0 text-dim">{Math.round(s.latencyMs)} ms</span>}
      </button>
      {open && (
        <div className="mt-1 space-y-1 pl-14 text-[11px]" data-testid="run-step-detail">
          {s.error !== undefined && <p className="text-rose-300">{s.error}</p>}
          <ul>
            {s.assertions.map((a, i) => (
              <li key={i} data-testid="run-assertion" data-pass={a.pass} className={a.pass ? 'text-dim' : 'text-rose-300'}>
                {a.pass ? 'ok' : 'FAIL'} <code>{JSON.stringify(a.assertion)}</code>: {a.detail}
              </li>
            ))}
          </ul>
          {s.frames.length > 0 && (
            <p className="flex flex-wrap items-center gap-1">
              <span className="text-dim">frames:</span>
              {s.frames.map((seq) =>
                sessionId === undefined ? (
                  <span key={seq} className="font-mono">
                    #{seq}
                  </span>
                ) : (
                  <button
                    key={seq}
                    type="button"
                    data-testid="run-frame-link"
                    data-session-id={sessionId}
                    data-seq={seq}
                    className="font-mono underline decoration-dotted"
                    onClick={() => onOpenFrame(sessionId, seq)}
                  >
                    #{seq}
                  </button>
                ),
              )}
            </p>
          )}
        </div>
      )}
    </li>
  );
}
