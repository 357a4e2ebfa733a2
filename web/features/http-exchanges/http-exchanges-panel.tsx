// The HTTP tab: every exchange the relay made with a remote server as a network table, and the selected one in full.
import { useCallback, useMemo, useState } from 'react';
import { useTakeIntent, type PanelIntent } from '../../lib/ui/panel-intents.js';
import { ExchangeDetail } from './exchange-detail.js';
import { pathOf, statusLabel } from './exchange-format.js';
import { ExchangeList } from './exchange-list.js';
import { useExchangeIndex } from '../../lib/http/use-exchange-index.js';

// The table is not virtualized: past this many rows it shows the newest ones, and the filter reaches the rest.
const MAX_ROWS = 500;

interface Props {
  sessionId: string;
  onSelect: (seq: number) => void;
}

export function HttpExchangesPanel({ sessionId, onSelect }: Props) {
  const { log, index, version } = useExchangeIndex(sessionId);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [filter, setFilter] = useState('');

  // "Carried by exchange …" in the Detail tab lands here with the exchange to show.
  const take = useCallback((intent: PanelIntent) => {
    const p = intent.params;
    if (typeof p === 'object' && p !== null && typeof (p as { exchangeId?: unknown }).exchangeId === 'string') {
      setSelectedId((p as { exchangeId: string }).exchangeId);
      setFilter('');
    }
  }, []);
  useTakeIntent('http', take);

  const rows = useMemo(() => {
    const all = index?.rows ?? [];
    const q = filter.trim().toLowerCase();
    if (q === '' || !log) return all;
    return all.filter((r) => `${r.x.request.method} ${pathOf(r.x.request.url)} ${statusLabel(r.x)} ${r.x.purpose}`.toLowerCase().includes(q));
    // `version` changes whenever the index grew; the index itself is the same object, updated in place.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [index, log, filter, version]);

  if (!log || !index) return <p className="p-3 text-dim">Loading…</p>;
  const selected = selectedId !== null ? index.get(selectedId) : undefined;
  return (
    <div data-testid="http-exchanges-panel" className="flex min-h-0 flex-1 flex-col">
      <div className="flex shrink-0 items-center gap-2 border-b border-edge px-2 py-1">
        <input
          data-testid="http-exchange-filter"
          className="control min-w-0 flex-1"
          placeholder="filter: method, path, status, purpose"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
        <span className="shrink-0 text-[11px] text-dim" data-testid="http-exchange-count">
          {rows.length} of {index.rows.length} exchanges
        </span>
      </div>
      {index.unreadable.length > 0 && (
        <p className="shrink-0 px-2 text-amber-300">
          {index.unreadable.length} http frame(s) are not valid exchange records; they are rows in the log (first: #{index.unreadable[0]}).
        </p>
      )}
      {index.rows.length === 0 ? (
        <p className="p-3 text-dim">
          No HTTP exchanges in this session. They appear when the session talks to a server by URL (Streamable HTTP, legacy SSE, or the WebSocket upgrade); a
          stdio session has none.
        </p>
      ) : (
        <>
          <div className={`${selected ? 'max-h-[40%]' : 'flex-1'} min-h-16 shrink-0 overflow-auto`}>
            {rows.length > MAX_ROWS && (
              <p className="px-2 text-[11px] text-dim" data-testid="http-exchange-capped">
                Showing the newest {MAX_ROWS} of {rows.length}: filter to find older ones.
              </p>
            )}
            <ExchangeList log={log} rows={rows.length > MAX_ROWS ? rows.slice(-MAX_ROWS) : rows} selectedId={selectedId} onPick={setSelectedId} />
          </div>
          {selected ? (
            <ExchangeDetail log={log} row={selected} onSelect={onSelect} onOpenWireId={(wire) => setSelectedId(index.byWire(wire)?.id ?? null)} />
          ) : (
            <p className="shrink-0 border-t border-edge p-2 text-dim">Select an exchange to see its headers, bodies, events and frames.</p>
          )}
        </>
      )}
    </div>
  );
}
