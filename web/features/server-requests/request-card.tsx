// One request from the server: what it asked, whether it is still pending, and the answer given (by the user or a rule).
import { JsonView } from '../../components/json-view.js';
import type { InboxRequest } from '../../lib/server-requests/server-request-inbox.js';
import { rejection, rootsResult, type Outcome, type Root } from '../../lib/server-requests/server-request-rules.js';
import { ElicitationAnswer } from './elicitation-answer.js';
import { SamplingAnswer } from './sampling-answer.js';

const STATE_CLASS: Record<InboxRequest['state'], string> = {
  pending: 'bg-amber-900/60 text-amber-200',
  answered: 'bg-emerald-900/60 text-emerald-200',
  auto: 'bg-sky-900/60 text-sky-200',
  cancelled: 'bg-white/10 text-dim',
  abandoned: 'bg-white/10 text-dim',
  'handed-over': 'bg-white/10 text-dim',
};

interface Props {
  /** The session the request came in, for a sampling answer asked of the model. */
  sessionId: string;
  request: InboxRequest;
  /** Opened from a call waiting on it ("Answer…"): outlined so the eye finds it. */
  focused?: boolean;
  roots: readonly Root[];
  onAnswer: (outcome: Outcome) => void;
}

const STATE_LABELS: Record<InboxRequest['state'], string> = {
  pending: 'pending',
  answered: 'answered',
  auto: 'answered automatically',
  cancelled: 'cancelled by the server',
  abandoned: 'abandoned: the connection ended',
  'handed-over': 'left to the tab that answers now',
};

export function RequestCard({ sessionId, request, focused = false, roots, onAnswer }: Props) {
  const r = request;
  return (
    <article
      data-testid="server-request"
      data-kind={r.kind}
      data-state={r.state}
      data-request-key={r.key}
      data-focused={focused || undefined}
      className={`space-y-1.5 rounded border p-2 ${focused && r.state === 'pending' ? 'border-amber-500' : 'border-edge'}`}
    >
      <header className="flex items-center gap-2">
        <span className="font-mono font-semibold">{r.method}</span>
        <span className="font-mono text-dim">{r.id === null ? 'input request' : `id ${String(r.id)}`}</span>
        <span data-testid="server-request-state" className={`ml-auto rounded px-1.5 text-[10px] ${STATE_CLASS[r.state]}`}>
          {STATE_LABELS[r.state]}
        </span>
      </header>
      <details open={r.state === 'pending' && r.kind === 'sampling'}>
        <summary className="cursor-pointer text-dim">request params</summary>
        <JsonView value={r.params ?? null} className="max-h-48" />
      </details>
      {r.state === 'pending' && <PendingAnswer sessionId={sessionId} request={r} roots={roots} onAnswer={onAnswer} />}
      {r.state !== 'pending' && r.modelNote && (
        <p data-testid="sampling-model-note" className="text-dim">
          {r.modelNote}
        </p>
      )}
      {r.outcome && (
        <div data-testid="server-request-outcome">
          <span className="text-dim">{'error' in r.outcome ? 'rejected with' : 'answered with'}</span>
          <JsonView value={'error' in r.outcome ? r.outcome.error : (r.outcome.result ?? null)} className="max-h-40" />
        </div>
      )}
    </article>
  );
}

function PendingAnswer({ sessionId, request, roots, onAnswer }: Props) {
  if (request.kind === 'sampling')
    return (
      <SamplingAnswer
        sessionId={sessionId}
        params={request.params}
        draft={request.draft}
        asking={request.asking}
        modelNote={request.modelNote}
        onAnswer={onAnswer}
      />
    );
  if (request.kind === 'elicitation') return <ElicitationAnswer requestKey={request.key} params={request.params} onAnswer={onAnswer} />;
  return (
    <div className="flex gap-1">
      <button type="button" data-testid="roots-send" className="btn btn-primary" onClick={() => onAnswer({ result: rootsResult(roots) })}>
        Send {roots.length} root(s)
      </button>
      <button type="button" data-testid="request-reject" className="btn" onClick={() => onAnswer(rejection('roots'))}>
        Reject
      </button>
    </div>
  );
}
