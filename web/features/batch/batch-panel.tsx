// The Batch builder tab: assemble requests and notifications, send them as one frame, and see each element's fate.
import { useCallback, useState } from 'react';
import { useSession } from '../../api/use-sessions.js';
import { useTakeIntent, type PanelIntent } from '../../lib/ui/panel-intents.js';
import { useRelay } from '../../lib/relay/relay-context.js';
import { useHandshakeResult } from '../../lib/mcp/use-handshake-result.js';
import { BATCH_PRESETS, batchText, ELEMENT_TEMPLATES, elementsFromMessage, moveElement, newElement, nextElementId, type BatchElement } from './batch-draft.js';
import { BatchElementRow } from './batch-element-row.js';
import { BatchResults } from './batch-results.js';
import { useBatchSend } from './use-batch-send.js';

export function BatchPanel({ sessionId, onSelect }: { sessionId: string; onSelect: (seq: number) => void }) {
  const { engines } = useRelay();
  const session = useSession(sessionId);
  const handshake = useHandshakeResult(sessionId);
  const version = typeof handshake?.result.protocolVersion === 'string' ? handshake.result.protocolVersion : null;
  const [elements, setElements] = useState<BatchElement[]>([]);
  const [waitMs, setWaitMs] = useState(3000);
  const { state, send } = useBatchSend(sessionId, waitMs, version, session !== null && session.target.transport !== 'stdio');
  const live = session?.live === true;
  const nextId = () => nextElementId(elements, engines.get(sessionId).peekNextId());
  const text = batchText(elements);
  // "Add to batch" from a tool form or the detail of a logged message appends it here, with a fresh id.
  const takeIntent = useCallback(
    (intent: PanelIntent) => setElements((prev) => [...prev, ...elementsFromMessage(intent.message, nextElementId(prev, engines.get(sessionId).peekNextId()))]),
    [engines, sessionId],
  );
  useTakeIntent('batch', takeIntent);

  return (
    <section data-testid="batch-panel" className="flex min-h-0 flex-1 flex-col overflow-auto">
      <div className="flex shrink-0 flex-wrap items-center gap-1 border-b border-edge px-3 py-2">
        <span className="text-dim">add</span>
        {ELEMENT_TEMPLATES.map((t) => (
          <button
            key={t.key}
            type="button"
            data-testid={`batch-add-${t.key}`}
            className="btn"
            onClick={() => setElements((prev) => [...prev, newElement(t, nextId())])}
          >
            {t.label}
          </button>
        ))}
        <span className="ml-2 text-dim">presets</span>
        {BATCH_PRESETS.map((p) => (
          <button
            key={p.key}
            type="button"
            data-testid={`batch-preset-${p.key}`}
            className="btn"
            title={`spec: ${p.spec}`}
            onClick={() => setElements(p.build(nextId(), version ?? session?.protocolVersion ?? '2025-03-26'))}
          >
            {p.label}
          </button>
        ))}
      </div>
      <p className="px-3 pt-1 text-dim">
        Negotiated version {version ?? 'unknown'}:{' '}
        {version === '2025-03-26' ? 'the server must process batches.' : 'batches are not part of it, so a rejection or silence is correct.'}
      </p>
      <ol className="space-y-0.5 px-3 py-1">
        {elements.map((e, i) => (
          <BatchElementRow
            key={e.key}
            element={e}
            index={i}
            count={elements.length}
            onChange={(next) => setElements((prev) => prev.map((x) => (x.key === e.key ? next : x)))}
            onMove={(by) => setElements((prev) => moveElement(prev, i, by))}
            onRemove={() => setElements((prev) => prev.filter((x) => x.key !== e.key))}
          />
        ))}
      </ol>
      <div className="flex items-center gap-1.5 px-3 py-1">
        <code data-testid="batch-text" className="min-w-0 flex-1 truncate text-dim" title={text}>
          {text}
        </code>
        <label className="text-dim">
          wait{' '}
          <input
            type="number"
            min={100}
            step={100}
            className="w-16 rounded bg-black/30 px-1"
            value={waitMs}
            onChange={(e) => setWaitMs(Math.max(100, Number(e.target.value) || 3000))}
          />{' '}
          ms
        </label>
        <button type="button" data-testid="batch-send" className="btn btn-primary" disabled={!live || state.kind === 'sending'} onClick={() => void send(text)}>
          {state.kind === 'sending' ? 'Waiting…' : 'Send as one frame'}
        </button>
      </div>
      {state.kind === 'failed' && <p className="px-3 text-rose-300">{state.message}</p>}
      {state.kind === 'done' && <BatchResults outcome={state.outcome} onSelect={onSelect} />}
    </section>
  );
}
