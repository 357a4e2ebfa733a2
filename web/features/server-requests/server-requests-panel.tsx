// The Server requests tab: the roots this client offers, an auto-response rule per kind, and every request the server sent.
import { useCallback, useEffect, useRef, useState } from 'react';
import { isPlainObject } from '../../../shared/jsonrpc.js';
import { useServerRequests } from '../../lib/server-requests/use-server-requests.js';
import { useTakeIntent, type PanelIntent } from '../../lib/ui/panel-intents.js';
import { AnswersFileButtons } from './answers-file-buttons.js';
import { AutoRules } from './auto-rules.js';
import { RequestCard } from './request-card.js';
import { RootsEditor } from './roots-editor.js';

export function ServerRequestsPanel({ sessionId }: { sessionId: string }) {
  const { inbox, state } = useServerRequests(sessionId);
  // Newest first: the one the server is waiting on now is usually the latest.
  const requests = [...state.requests].reverse();
  // "Answer…" beside a call that waits on a request: bring that request's card into view and mark it.
  const [focused, setFocused] = useState<number | null>(null);
  const take = useCallback((intent: PanelIntent) => {
    if (isPlainObject(intent.params) && typeof intent.params.key === 'number') setFocused(intent.params.key);
  }, []);
  useTakeIntent('server-requests', take);
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focused !== null) list.current?.querySelector(`[data-request-key="${focused}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [focused]);
  return (
    <section data-testid="server-requests-panel" className="flex min-h-0 flex-1 flex-col overflow-auto">
      <div className="space-y-2 border-b border-edge px-3 py-2">
        {state.answerer !== 'you' && (
          <div data-testid="not-answering" data-answerer={state.answerer} className="flex flex-wrap items-center gap-2 text-amber-300">
            <span>
              {state.answerer === 'other'
                ? "Another open tab answers the server's requests; this tab only watches the log."
                : "No tab answers the server's requests yet."}
            </span>
            <button type="button" data-testid="answer-here" className="btn" onClick={inbox.takeOver}>
              Answer requests in this tab
            </button>
          </div>
        )}
        <RootsEditor roots={state.roots} onChange={(roots) => void inbox.setRoots(roots)} />
        <AutoRules rules={state.rules} onChange={(kind, rule) => inbox.setRule(kind, rule)} />
        <AnswersFileButtons inbox={inbox} />
        <p className="text-dim">ping is always answered at once, with an empty result.</p>
      </div>
      <div ref={list} className="space-y-2 p-3">
        {requests.length === 0 && <p className="text-dim">No requests from the server yet. Tools such as trigger-sampling-request send them.</p>}
        {requests.map((r) => (
          <RequestCard
            key={r.key}
            sessionId={sessionId}
            request={r}
            focused={r.key === focused}
            roots={state.roots}
            onAnswer={(o) => inbox.resolve(r.key, o)}
          />
        ))}
      </div>
    </section>
  );
}
