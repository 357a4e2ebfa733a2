// One step of a collection run: its status, method and latency; opened (a failure opens by itself), each assertion
// graded with what was seen, and its frames, each opening the run's recorded session at that frame.
import type { StepResult, StepStatus } from '../../../shared/collections/collection-schema.js';
import { GradedRow } from '../../components/graded-row.js';

const STATUS_CLASS: Record<StepStatus, string> = { pass: 'text-emerald-300', fail: 'text-rose-300', error: 'text-rose-300', skipped: 'text-dim' };

interface Props {
  step: StepResult;
  /** The run's recorded session. */
  sessionId: string | undefined;
  onOpenFrame: (sessionId: string, seq: number | null) => void;
}

export function StepResultRow({ step: s, sessionId, onOpenFrame }: Props) {
  return (
    <GradedRow
      testId="run-step"
      detailTestId="run-step-detail"
      frameTestId="run-frame-link"
      data={{ 'data-step': s.name }}
      status={s.status}
      statusClass={STATUS_CLASS[s.status]}
      statusWidth="w-12"
      openAtFirst={s.status !== 'pass'}
      title={
        <>
          <span className="font-mono">{s.name}</span> <span className="text-dim">{s.method}</span>
        </>
      }
      trailing={s.latencyMs !== null && <span className="shrink-0 text-dim">{Math.round(s.latencyMs)} ms</span>}
      framesLabel="frames:"
      frames={s.frames}
      sessionId={sessionId}
      onOpenFrame={onOpenFrame}
    >
      {s.error !== undefined && <p className="text-rose-300">{s.error}</p>}
      <ul>
        {s.assertions.map((a, i) => (
          <li key={i} data-testid="run-assertion" data-pass={a.pass} className={a.pass ? 'text-dim' : 'text-rose-300'}>
            {a.pass ? 'ok' : 'FAIL'} <code>{JSON.stringify(a.assertion)}</code>: {a.detail}
          </li>
        ))}
      </ul>
    </GradedRow>
  );
}
