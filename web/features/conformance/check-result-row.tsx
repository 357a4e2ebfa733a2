// One graded check: its status and what was seen; opened, the sentence it rests on, how to fix it, and its frames,
// each opening the scratch session it was recorded in at that frame.
import type { CheckResult, CheckStatus } from '../../../shared/check/check-types.js';
import { GradedRow } from '../../components/graded-row.js';

const STATUS_CLASS: Record<CheckStatus, string> = { pass: 'text-emerald-300', fail: 'text-rose-300', warn: 'text-amber-300', skip: 'text-dim' };

interface Props {
  result: CheckResult;
  /** The recorded session of the result's connection, when the relay recorded one. */
  sessionId: string | undefined;
  onOpenFrame: (sessionId: string, seq: number | null) => void;
}

export function CheckResultRow({ result: r, sessionId, onOpenFrame }: Props) {
  return (
    <GradedRow
      testId="check-result"
      detailTestId="check-result-detail"
      frameTestId="check-frame-link"
      data={{ 'data-check': r.id }}
      status={r.status}
      statusClass={STATUS_CLASS[r.status]}
      statusWidth="w-9"
      openAtFirst={r.status === 'fail'}
      title={
        <>
          <span className="font-mono">{r.id}</span> <span className="text-dim">{r.title}</span>
        </>
      }
      framesLabel={`frames on ${r.session}:`}
      frames={r.frames}
      sessionId={sessionId}
      onOpenFrame={onOpenFrame}
    >
      <p>{r.detail}</p>
      <blockquote className="border-l-2 border-edge pl-2 text-dim">
        <span className="font-mono">{r.spec.keyword}</span> “{r.spec.quote}” — {r.spec.source}
      </blockquote>
      {r.status !== 'pass' && r.status !== 'skip' && <p>Fix: {r.fix}</p>}
    </GradedRow>
  );
}
