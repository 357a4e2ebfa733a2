// The exchanges as a network table: method, path, status in its colour, duration, size, the methods carried and a
// waterfall of when each ran; ↑/↓ move the selection like in a browser's Network panel.
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { formatSize } from '../../lib/ui/format.js';
import type { LogSource } from '../../lib/log/log-source.js';
import type { ExchangeRow } from '../../lib/http/exchange-index.js';
import { carriedMethods, durationText, pathOf, STATUS_TONE, statusClass, statusLabel } from './exchange-format.js';
import { timeline, WaterfallBar } from './waterfall-bar.js';

interface Props {
  log: LogSource;
  rows: readonly ExchangeRow[];
  selectedId: string | null;
  onPick: (id: string) => void;
}

export function ExchangeList({ log, rows, selectedId, onPick }: Props) {
  const body = useRef<HTMLTableSectionElement>(null);
  // Keep the selection in view when it changes from outside (a link from Detail) or from the keyboard.
  useEffect(() => {
    if (selectedId === null) return;
    body.current?.querySelector(`[data-id="${CSS.escape(selectedId)}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [selectedId]);

  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    const at = rows.findIndex((r) => r.id === selectedId);
    const next = e.key === 'ArrowDown' ? Math.min(rows.length - 1, at + 1) : Math.max(0, at === -1 ? 0 : at - 1);
    const row = rows[next];
    if (row) onPick(row.id);
  };

  const span = timeline(rows);
  return (
    <table className="w-full table-fixed border-collapse font-mono text-[11px] outline-none" data-testid="http-exchange-list" tabIndex={0} onKeyDown={onKey}>
      <thead className="sticky top-0 bg-panel-2 text-left text-[10px] text-dim uppercase">
        <tr>
          <th className="w-7 px-1 font-normal">#</th>
          <th className="w-14 px-1 font-normal">method</th>
          <th className="px-1 font-normal">path</th>
          <th className="w-16 px-1 font-normal">status</th>
          <th className="w-14 px-1 text-right font-normal">time</th>
          <th className="w-14 px-1 text-right font-normal">size</th>
          <th className="w-[26%] px-1 font-normal">carried</th>
          <th className="w-[14%] px-1 font-normal">waterfall</th>
        </tr>
      </thead>
      <tbody ref={body}>
        {rows.map((row) => {
          const { x } = row;
          const cls = statusClass(x);
          const methods = carriedMethods(log, x);
          const selected = row.id === selectedId;
          return (
            <tr
              key={row.id}
              data-testid="http-exchange-row"
              data-id={row.id}
              data-method={x.request.method}
              data-path={pathOf(x.request.url)}
              data-purpose={x.purpose}
              data-status={x.response?.status ?? x.state}
              data-status-class={cls}
              aria-selected={selected}
              className={`cursor-pointer border-b border-edge/40 ${selected ? 'bg-sky-900/40' : 'hover:bg-panel-2'}`}
              onClick={() => onPick(row.id)}
            >
              <td className="px-1 text-dim">{row.index}</td>
              <td className="px-1">{x.request.method}</td>
              <td className="truncate px-1" title={`${x.request.url} (${x.purpose})`}>
                {pathOf(x.request.url)}
                {x.purpose !== 'message' && <span className="ml-1 rounded bg-slate-700/70 px-1 text-[10px] text-slate-200">{x.purpose}</span>}
              </td>
              <td className={`px-1 ${STATUS_TONE[cls]}`} title={x.error?.message ?? x.response?.statusText}>
                {statusLabel(x)}
              </td>
              <td className="px-1 text-right text-dim">{durationText(x)}</td>
              <td className="px-1 text-right text-dim">{x.response ? formatSize(x.response.bodySize) : '—'}</td>
              <td className="truncate px-1 text-sky-200" title={methods.join(', ')} data-testid="http-exchange-carried">
                {methods.join(', ') || <span className="text-dim">—</span>}
              </td>
              <td className="px-1">
                <WaterfallBar x={x} span={span} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
