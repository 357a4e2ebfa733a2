// The log's less-used filters, direction and kind: inline when the filter bar is wide, folded behind a "filters ▾"
// button when it is narrow (a container query on the bar), so the bar stays within two lines from 1024 px up. Wide,
// both wrappers are `display: contents`: the select and the kind group wrap as items of the bar itself.
import { useCallback, useRef, useState } from 'react';
import { FRAME_KINDS, type FrameKind } from '../../../shared/jsonrpc.js';
import type { FrameDir } from '../../../shared/relay-protocol.js';
import type { FrameFilter } from '../../lib/log/frame-filter.js';
import { useDismiss } from '../../lib/ui/use-dismiss.js';
import { chipClass } from './filter-chip.js';

interface Props {
  filter: FrameFilter;
  set: (patch: Partial<FrameFilter>) => void;
}

export function MoreFilters({ filter, set }: Props) {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, box, close);
  const toggleKind = (kind: FrameKind) => set({ kinds: filter.kinds.includes(kind) ? filter.kinds.filter((k) => k !== kind) : [...filter.kinds, kind] });
  const active = filter.kinds.length + (filter.dir ? 1 : 0) + (filter.trace ? 1 : 0);
  // One set of controls for both shapes: folded, they are a panel across the bar's width under it (the bar is its
  // positioned ancestor, so it stays inside the log's pane), shown while the button is open.
  const folded = open ? 'absolute top-full right-2 left-2 z-30 flex rounded border border-edge bg-panel-2 p-2 shadow-lg' : 'hidden';
  return (
    <div ref={box} className="flex items-center @4xl:contents">
      <button
        type="button"
        data-testid="filter-more"
        aria-expanded={open}
        aria-haspopup="true"
        title="direction, kinds and trace id"
        className={`${chipClass(active > 0)} @4xl:hidden`}
        onClick={() => setOpen((o) => !o)}
      >
        filters{active > 0 ? ` (${active})` : ''} ▾
      </button>
      <div data-testid="filter-folded" className={`${folded} flex-wrap items-center gap-2 @4xl:contents`}>
        <input
          data-testid="filter-trace"
          className="control w-36 font-mono"
          placeholder="trace id…"
          aria-label="trace id"
          title="only frames whose _meta.traceparent names this trace id (or one starting with it)"
          value={filter.trace ?? ''}
          onChange={(e) => set({ trace: e.target.value.trim().toLowerCase() })}
          spellCheck={false}
        />
        <select
          data-testid="filter-direction"
          className="control"
          aria-label="direction"
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
              <button key={kind} type="button" data-kind={kind} aria-pressed={on} onClick={() => toggleKind(kind)} className={chipClass(on)}>
                {kind}
              </button>
            );
          })}
        </div>
      </div>
    </div>
  );
}
