// One graded check: its status and what was seen; opened, the sentence it rests on, how to fix it, and its frames,
// each opening the scratch session it was recorded in at that frame.
import { useState } from 'react';
import type { CheckResult, CheckStatus } from '../../../shared/check/check-types.js';

const STATUS_CLASS: Record<CheckStatus, string> = { pass: 'text-emerald-300', fail: 'text-rose-300', warn: 'text-amber-300', skip: 'text-dim' };

interface Props {
  result: CheckResult;
  /** The recorded session of the result's connection, when the relay recorded one. */
  sessionId: string | undefined;
  onOpenFrame: (sessionId: string, seq: number | null) => void;
}

export function CheckResultRow({ result: r, sessionId, onOpenFrame }: Props) {
  const [open, setOpen] = useState(r.status === 'fail');
  return (
    <li data-testid="check-result" data-check={r.id} data-status={r.status} className="border-t border-edge py-1">
      <button type="button" className="flex w-full items-start gap-2 text-left" aria-expanded={open} onClick={() => setOpen(!open)}>
        <span className={`w-9 shrink-0 font-mono uppercase ${STATUS_CLASS[r.status]}`}>{r.status}</span>
        <span className="min-w-0 flex-1">
          <span className="font-mono">{r.id}</span> <span className="text-dim">{r.title}</span>
        </span>
      </button>
      {open && (
        <div className="mt-1 space-y-1 pl-11 text-[11px]" data-testid="check-result-detail">
          <p>{r.detail}</p>
          <blockquote className="border-l-2 border-edge pl-2 text-dim">
            <span className="font-mono">{r.spec.keyword}</span> “{r.spec.quote}” — {r.spec.source}
          </blockquote>
          {r.status !== 'pass' && r.status !== 'skip' && <p>Fix: {r.fix}</p>}
          {r.frames.length > 0 && (
            <p className="flex flex-wrap items-center gap-1">
              <span className="text-dim">frames on {r.session}:</span>
              {r.frames.map((seq) =>
                sessionId === undefined ? (
                  <span key={seq} className="font-mono">
                    #{seq}
                  </span>
                ) : (
                  <button
                    key={seq}
                    type="button"
                    data-testid="check-frame-link"
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
