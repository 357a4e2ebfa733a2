// One failure a campaign found: its oracle, the tool or mutation, what happened, and the shrunk input (as text, never
// markup: it is the server's and the generator's), with a link to the repro session the relay recorded for it.
import type { FuzzFailure } from '../../../shared/fuzz/fuzz-report.js';

interface Props {
  failure: FuzzFailure;
  onOpenFrame: (sessionId: string, seq: number | null) => void;
}

export function FuzzFailureRow({ failure: f, onOpenFrame }: Props) {
  return (
    <li data-testid="fuzz-failure" data-oracle={f.oracle} data-subject={f.subject} className="border-t border-edge py-1.5">
      <div className="flex items-start gap-2">
        <span className="w-24 shrink-0 font-mono uppercase text-rose-300">{f.oracle}</span>
        <span className="min-w-0 flex-1">
          <span className="font-mono">{f.subject}</span> <span className="text-dim">{f.summary}</span>
        </span>
      </div>
      <div className="mt-1 space-y-1 pl-2 text-[11px]">
        <p className="break-all">
          <span className="text-dim">shrunk input </span>
          <code data-testid="fuzz-input">{JSON.stringify(f.input)}</code>
        </p>
        <p className="text-dim">
          found at run {f.foundAtRun}, {f.shrinkRuns} shrinking runs, {f.reproduced ? 'failed again alone' : 'did not fail again alone'}
          {f.signature ? ` · ${f.signature}` : ''}
        </p>
        {f.sessionId && (
          <button
            type="button"
            data-testid="fuzz-repro-link"
            data-session-id={f.sessionId}
            className="underline decoration-dotted"
            onClick={() => onOpenFrame(f.sessionId!, null)}
          >
            open the repro session
          </button>
        )}
      </div>
    </li>
  );
}
