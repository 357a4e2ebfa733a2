// The Findings tab's live entry for requests waiting past the pending threshold. Each one stays listed after it
// settles, as a latency note ("answered after 42 s"), so a slow answer is not forgotten when it finally comes.
import { ruleMeta, type Finding } from '../../../shared/lint/index.js';
import { SeverityBadge } from '../../components/severity-badge.js';
import { formatWaiting, setPendingThreshold, useNow, usePendingThreshold } from '../../lib/ui/pending-clock.js';
import type { LogSource } from '../../lib/log/log-source.js';
import { findingsOf } from '../../lib/log/frame-findings.js';

interface Props {
  source: LogSource;
  selectedSeq: number | null;
  onSelect: (seq: number) => void;
}

/** Per session log (its held frames), the requests this view has flagged, and what became of those that stopped waiting. */
const flaggedByLog = new WeakMap<object, Map<number, string | null>>();

function outcome(source: LogSource, seq: number): string {
  const entry = source.frame(seq);
  const response = entry && source.pairOf(entry);
  if (entry && response) return `answered after ${formatWaiting(response.frame.ts - entry.frame.ts)}`;
  if (entry && findingsOf(source.frameFindings, entry).some((f) => f.ruleId === 'jsonrpc/unanswered-request')) return 'never answered';
  return 'no longer pending (cancelled)';
}

export function PendingGroup({ source, selectedSeq, onSelect }: Props) {
  const now = useNow();
  const afterMs = usePendingThreshold();
  const pending: Finding[] = source.pendingAt(now, afterMs);
  let flagged = flaggedByLog.get(source.held);
  if (!flagged) flaggedByLog.set(source.held, (flagged = new Map()));
  const waiting = new Set(pending.map((f) => f.seq));
  for (const seq of waiting) flagged.set(seq, null);
  for (const [seq, note] of flagged) if (note === null && !waiting.has(seq)) flagged.set(seq, outcome(source, seq));
  const settled = [...flagged].filter((e): e is [number, string] => e[1] !== null);
  const meta = ruleMeta('mcp/request-pending');
  const row = (seq: number, text: string, testId: string) => (
    <li key={`${testId}-${seq}`}>
      <button
        type="button"
        data-testid={testId}
        data-seq={seq}
        aria-current={seq === selectedSeq}
        onClick={() => onSelect(seq)}
        className={`flex w-full gap-2 px-3 py-0.5 pl-8 text-left font-mono text-[11px] hover:bg-white/[0.06] ${seq === selectedSeq ? 'bg-blue-900/60' : ''}`}
      >
        <span className="w-12 shrink-0 text-right text-dim">#{seq}</span>
        <span className="min-w-0 flex-1 truncate">{text}</span>
      </button>
    </li>
  );

  return (
    <div data-testid="pending-group" data-rule="mcp/request-pending" data-count={pending.length} className="border-b border-edge/60">
      <div className="flex items-center gap-2 px-3 py-1">
        <span aria-hidden>⏱</span>
        <SeverityBadge severity="info" />
        <span className="min-w-0 flex-1 truncate">
          <span className="font-semibold">{meta?.title}</span> <span className="font-mono text-[11px] text-dim">mcp/request-pending</span>
        </span>
        <label className="flex items-center gap-1 text-[11px] text-dim">
          after
          <input
            data-testid="pending-threshold"
            type="number"
            min={1}
            className="control w-14 py-0 text-right"
            value={afterMs / 1000}
            onChange={(e) => setPendingThreshold(Number(e.target.value) * 1000)}
          />
          s
        </label>
        <span data-testid="pending-count" className="rounded bg-white/10 px-1.5 font-mono text-[11px]">
          {pending.length}
        </span>
      </div>
      <ul className="pb-1">
        {pending.map((f) => row(f.seq, f.message, 'pending-request'))}
        {settled.map(([seq, note]) => row(seq, `${source.frame(seq)?.method ?? 'request'}: ${note}`, 'pending-settled'))}
      </ul>
    </div>
  );
}
