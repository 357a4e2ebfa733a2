// One element of the batch being built: request, notification or raw text, with its method, id and params.
import type { BatchElement, ElementKind } from './batch-draft.js';

interface Props {
  element: BatchElement;
  index: number;
  count: number;
  onChange: (next: BatchElement) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

const INPUT = 'rounded bg-black/30 px-1 font-mono';

export function BatchElementRow({ element: e, index, count, onChange, onMove, onRemove }: Props) {
  const set = (patch: Partial<BatchElement>) => onChange({ ...e, ...patch });
  return (
    <li data-testid="batch-element" data-index={index} className="flex items-center gap-1">
      <span className="w-5 text-right text-dim">{index + 1}</span>
      <select
        aria-label="element kind"
        data-testid="batch-element-kind"
        className={INPUT}
        value={e.kind}
        onChange={(ev) => set({ kind: ev.target.value as ElementKind })}
      >
        <option value="request">request</option>
        <option value="notification">notification</option>
        <option value="raw">raw</option>
      </select>
      {e.kind === 'raw' ? (
        <input aria-label="raw element" className={`${INPUT} min-w-0 flex-1`} value={e.raw} onChange={(ev) => set({ raw: ev.target.value })} />
      ) : (
        <>
          <input
            aria-label="method"
            data-testid="batch-element-method"
            className={`${INPUT} w-36`}
            value={e.method}
            onChange={(ev) => set({ method: ev.target.value })}
          />
          {e.kind === 'request' && (
            <input aria-label="id" data-testid="batch-element-id" className={`${INPUT} w-14`} value={e.id} onChange={(ev) => set({ id: ev.target.value })} />
          )}
          <input
            aria-label="params"
            placeholder="params (JSON)"
            className={`${INPUT} min-w-0 flex-1`}
            value={e.params}
            onChange={(ev) => set({ params: ev.target.value })}
          />
        </>
      )}
      <button type="button" className="btn px-1" aria-label="move up" disabled={index === 0} onClick={() => onMove(-1)}>
        ↑
      </button>
      <button type="button" className="btn px-1" aria-label="move down" disabled={index === count - 1} onClick={() => onMove(1)}>
        ↓
      </button>
      <button type="button" className="btn px-1" aria-label="remove" onClick={onRemove}>
        ×
      </button>
    </li>
  );
}
