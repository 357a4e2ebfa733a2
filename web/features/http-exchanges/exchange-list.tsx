// The exchanges as a network table: method, path, status in its colour, purpose, duration, size and the methods carried.
import { formatSize } from '../../lib/format.js';
import type { SessionLog } from '../../lib/session-log.js';
import type { ExchangeRow } from './exchange-index.js';
import { carriedMethods, durationText, pathOf, STATUS_TONE, statusClass, statusLabel } from './exchange-format.js';

interface Props {
  log: SessionLog;
  rows: readonly ExchangeRow[];
  selectedId: string | null;
  onPick: (id: string) => void;
}

export function ExchangeList({ log, rows, selectedId, onPick }: Props) {
  return (
    <table className="w-full table-fixed border-collapse font-mono text-[11px]" data-testid="http-exchange-list">
      <thead className="sticky top-0 bg-panel-2 text-left text-[10px] text-dim uppercase">
        <tr>
          <th className="w-8 px-1 font-normal">#</th>
          <th className="w-14 px-1 font-normal">method</th>
          <th className="px-1 font-normal">path</th>
          <th className="w-16 px-1 font-normal">status</th>
          <th className="w-16 px-1 font-normal">purpose</th>
          <th className="w-14 px-1 text-right font-normal">time</th>
          <th className="w-14 px-1 text-right font-normal">size</th>
          <th className="w-[28%] px-1 font-normal">carried</th>
        </tr>
      </thead>
      <tbody>
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
              data-status={x.response?.status ?? x.state}
              data-status-class={cls}
              aria-selected={selected}
              className={`cursor-pointer border-b border-edge/40 ${selected ? 'bg-sky-900/40' : 'hover:bg-panel-2'}`}
              onClick={() => onPick(row.id)}
            >
              <td className="px-1 text-dim">{row.index}</td>
              <td className="px-1">{x.request.method}</td>
              <td className="truncate px-1" title={x.request.url}>
                {pathOf(x.request.url)}
              </td>
              <td className={`px-1 ${STATUS_TONE[cls]}`} title={x.error?.message ?? x.response?.statusText}>
                {statusLabel(x)}
              </td>
              <td className="truncate px-1 text-dim">{x.purpose}</td>
              <td className="px-1 text-right text-dim">{durationText(x)}</td>
              <td className="px-1 text-right text-dim">{x.response ? formatSize(x.response.bodySize) : '—'}</td>
              <td className="truncate px-1 text-sky-200" title={methods.join(', ')} data-testid="http-exchange-carried">
                {methods.join(', ') || <span className="text-dim">—</span>}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
