// The log's filter bar: free text, method, direction, a toggle per kind (none toggled = every kind), "has findings", and
// hiding what mcpscope sent on its own (bookkeeping).
import type { ReactNode } from 'react';
import { FRAME_KINDS, type FrameKind } from '../../../shared/jsonrpc.js';
import type { FrameDir } from '../../../shared/relay-protocol.js';
import type { FrameFilter } from '../../lib/log/frame-filter.js';

interface Props {
  filter: FrameFilter;
  onChange: (filter: FrameFilter) => void;
  methods: string[];
  shown: number;
  total: number;
  /** The filter's matches are still being counted (rows.pending). */
  pending?: boolean;
  /** Findings in the whole session, shown on the "has findings" toggle. */
  findingCount: number;
}

export function LogFilters({ filter, onChange, methods, shown, total, pending = false, findingCount }: Props) {
  const set = (patch: Partial<FrameFilter>) => onChange({ ...filter, ...patch });
  const toggleKind = (kind: FrameKind) =>
    set({ kinds: filter.kinds.includes(kind) ? filter.kinds.filter((k) => k !== kind) : [...filter.kinds, kind] });
  return (
    <div className="flex shrink-0 flex-wrap items-center gap-2 border-b border-edge bg-panel px-2 py-1">
      <input
        data-testid="filter-text"
        className="control w-56 font-mono"
        placeholder="filter text…"
        value={filter.text}
        onChange={(e) => set({ text: e.target.value })}
        spellCheck={false}
      />
      <input
        data-testid="filter-method"
        className="control w-44 font-mono"
        placeholder="method…"
        list="log-methods"
        value={filter.method}
        onChange={(e) => set({ method: e.target.value })}
        spellCheck={false}
      />
      <datalist id="log-methods">
        {methods.map((m) => (
          <option key={m} value={m} />
        ))}
      </datalist>
      <select
        data-testid="filter-direction"
        className="control"
        value={filter.dir}
        onChange={(e) => set({ dir: e.target.value as FrameDir | '' })}
      >
        <option value="">all directions</option>
        <option value="out">→ out (client → server)</option>
        <option value="in">← in (server → client)</option>
        <option value="relay">◆ relay</option>
      </select>
      <div data-testid="filter-kind" className="flex flex-wrap items-center gap-0.5" role="group" aria-label="kinds">
        {FRAME_KINDS.map((kind) => {
          const on = filter.kinds.includes(kind);
          return (
            <button
              key={kind}
              type="button"
              data-kind={kind}
              aria-pressed={on}
              onClick={() => toggleKind(kind)}
              className={`rounded border px-1.5 text-[11px] leading-5 ${on ? 'border-blue-500 bg-blue-900/60 text-white' : 'border-edge text-dim hover:text-ink'}`}
            >
              {kind}
            </button>
          );
        })}
      </div>
      <Toggle testId="filter-findings" on={filter.findings === true} tone="red" title="only frames with lint findings" onClick={() => set({ findings: filter.findings !== true })}>
        has findings{findingCount > 0 ? ` (${findingCount})` : ''}
      </Toggle>
      <Toggle
        testId="filter-hide-bookkeeping"
        on={filter.hideBookkeeping === true}
        tone="blue"
        title="hide what mcpscope sent on its own (handshake, pagination, re-lists, completion lookups) and the answers to it"
        onClick={() => set({ hideBookkeeping: filter.hideBookkeeping !== true })}
      >
        hide auto
      </Toggle>
      {(filter.text || filter.method || filter.dir || filter.kinds.length > 0 || filter.findings || filter.hideBookkeeping) && (
        <button type="button" className="text-dim hover:text-ink" onClick={() => onChange({ text: '', method: '', dir: '', kinds: [], findings: false, hideBookkeeping: false })}>
          clear
        </button>
      )}
      <span className="ml-auto font-mono text-[11px] text-dim" data-testid="log-count" data-pending={pending}>
        {pending ? `… / ${total} frames` : shown === total ? `${total} frames` : `${shown} / ${total} frames`}
      </span>
    </div>
  );
}

function Toggle(p: { testId: string; on: boolean; tone: 'red' | 'blue'; title: string; onClick: () => void; children: ReactNode }) {
  const pressed = p.tone === 'red' ? 'border-red-500 bg-red-900/60 text-white' : 'border-blue-500 bg-blue-900/60 text-white';
  return (
    <button type="button" data-testid={p.testId} aria-pressed={p.on} onClick={p.onClick} title={p.title} className={`rounded border px-1.5 text-[11px] leading-5 ${p.on ? pressed : 'border-edge text-dim hover:text-ink'}`}>
      {p.children}
    </button>
  );
}
