// One graded row that opens in place (a Conformance check, a collection step): the status word, a title line and what
// it rests on when opened, with its frames as links into the session they were recorded in. Both lists grade the same
// way, so they share one row.
import { useState, type ReactNode } from 'react';

interface Props {
  /** data-testid of the row; its detail and frame links take `<testId>-detail` and `<frameTestId>`. */
  testId: string;
  detailTestId: string;
  frameTestId: string;
  /** Extra data-* attributes that tests and links select on. */
  data: Record<`data-${string}`, string>;
  status: string;
  statusClass: string;
  /** Tailwind width of the status column; the detail is indented by the same amount. */
  statusWidth: 'w-9' | 'w-12';
  openAtFirst: boolean;
  title: ReactNode;
  trailing?: ReactNode;
  /** What the row says when opened, above its frames. */
  children: ReactNode;
  framesLabel: string;
  frames: readonly number[];
  /** The recorded session the frames belong to; without one they are shown, not linked. */
  sessionId: string | undefined;
  onOpenFrame: (sessionId: string, seq: number | null) => void;
}

const INDENT = { 'w-9': 'pl-11', 'w-12': 'pl-14' } as const;

export function GradedRow(p: Props) {
  const [open, setOpen] = useState(p.openAtFirst);
  return (
    <li data-testid={p.testId} {...p.data} data-status={p.status} className="border-t border-edge py-1">
      <button type="button" className="flex w-full items-start gap-2 text-left" aria-expanded={open} onClick={() => setOpen(!open)}>
        <span className={`${p.statusWidth} shrink-0 font-mono uppercase ${p.statusClass}`}>{p.status}</span>
        <span className="min-w-0 flex-1">{p.title}</span>
        {p.trailing}
      </button>
      {open && (
        <div className={`mt-1 space-y-1 ${INDENT[p.statusWidth]} text-[11px]`} data-testid={p.detailTestId}>
          {p.children}
          {p.frames.length > 0 && (
            <p className="flex flex-wrap items-center gap-1">
              <span className="text-dim">{p.framesLabel}</span>
              {p.frames.map((seq) =>
                p.sessionId === undefined ? (
                  <span key={seq} className="font-mono">
                    #{seq}
                  </span>
                ) : (
                  <FrameLink key={seq} testId={p.frameTestId} sessionId={p.sessionId} seq={seq} onOpenFrame={p.onOpenFrame} />
                ),
              )}
            </p>
          )}
        </div>
      )}
    </li>
  );
}

function FrameLink({ testId, sessionId, seq, onOpenFrame }: { testId: string; sessionId: string; seq: number; onOpenFrame: Props['onOpenFrame'] }) {
  return (
    <button
      type="button"
      data-testid={testId}
      data-session-id={sessionId}
      data-seq={seq}
      className="font-mono underline decoration-dotted"
      onClick={() => onOpenFrame(sessionId, seq)}
    >
      #{seq}
    </button>
  );
}
