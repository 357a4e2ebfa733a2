// Above a frame's detail: the HTTP exchange that carried it (or that this http frame records), one click from the HTTP tab.
import { publishIntent } from '../../lib/ui/panel-intents.js';
import { STATUS_TONE, pathOf, statusClass, statusLabel } from './exchange-format.js';
import { useExchangeIndex } from '../../lib/http/use-exchange-index.js';

export function ExchangeBacklink({ sessionId, seq }: { sessionId: string; seq: number }) {
  const { index } = useExchangeIndex(sessionId);
  const row = index?.carrierOf(seq);
  if (!row) return null;
  const { x } = row;
  const cls = statusClass(x);
  const open = () => publishIntent({ target: 'http', method: 'http-exchange', params: { exchangeId: row.id }, message: null });
  return (
    <div className="flex shrink-0 items-center gap-2 border-b border-edge bg-cyan-950/30 px-3 py-0.5 font-mono text-[11px]">
      <span className="text-dim">{x.sentSeq === seq ? 'sent in' : x.receivedSeqs.includes(seq) ? 'received in' : 'records'}</span>
      <button
        type="button"
        data-testid="http-exchange-backlink"
        data-exchange={row.id}
        className="min-w-0 truncate text-sky-400 hover:underline"
        onClick={open}
      >
        HTTP exchange #{row.index}: {x.request.method} {pathOf(x.request.url)}
      </button>
      <span className={STATUS_TONE[cls]}>{statusLabel(x)}</span>
    </div>
  );
}

/** How many exchanges the session has made, after the tab's title; nothing for a session without any. */
export function ExchangeCountBadge({ sessionId }: { sessionId: string }) {
  const { index } = useExchangeIndex(sessionId);
  const n = index?.rows.length ?? 0;
  if (n === 0) return null;
  return (
    <span data-testid="http-exchange-badge" className="ml-1 rounded bg-cyan-900/70 px-1 text-[10px] text-cyan-100">
      {n}
    </span>
  );
}
