// The Findings tab, like Wireshark's expert info: every rule that fired in the session, worst first, with counts.
import { useMemo, useState } from 'react';
import { SeverityBadge } from '../../components/severity-badge.js';
import { useLog } from '../../lib/log/use-log.js';
import { FindingGroup } from './finding-group.js';
import { PendingGroup } from './pending-group.js';

interface Props {
  sessionId: string;
  selectedSeq: number | null;
  onSelect: (seq: number) => void;
}

export function FindingsPanel({ sessionId, selectedSeq, onSelect }: Props) {
  const view = useLog(sessionId);
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const findings = useMemo(() => view?.source.findings() ?? null, [view]);
  if (!view || !findings) return null;
  const { groups, counts, total, progress, unlisted } = findings;
  const toggle = (ruleId: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (!next.delete(ruleId)) next.add(ruleId);
      return next;
    });

  return (
    <section data-testid="findings-panel" className="flex min-h-0 flex-1 flex-col" aria-label="lint findings">
      <header className="flex shrink-0 items-center gap-2 border-b border-edge bg-panel-2 px-3 py-1 text-[11px]">
        <span className="font-semibold">{total} findings</span>
        <SeverityBadge severity="error" label={counts.error} title="errors" />
        <SeverityBadge severity="warning" label={counts.warning} title="warnings" />
        <SeverityBadge severity="info" label={counts.info} title="info" />
        {!findings.ready && <span className="text-dim">waiting for the session's target…</span>}
        {progress && (
          <span className="text-dim" data-testid="findings-linting">
            linting the whole session on the relay{progress.lintedTo !== null ? `: ${progress.lintedTo} of ${progress.lastSeq} frames` : '…'}
          </span>
        )}
        {unlisted && (
          <span className="text-dim" title={`The relay stores the first ${unlisted.cap} findings per session; the counts include every one.`}>
            frames listed for the first {unlisted.cap}
          </span>
        )}
      </header>
      <div className="min-h-0 flex-1 overflow-auto">
        <PendingGroup source={view.source} selectedSeq={selectedSeq} onSelect={onSelect} />
        {groups.length === 0 ? (
          <p className="p-4 text-dim" data-testid="findings-empty">
            No findings: every frame so far follows JSON-RPC 2.0 and the negotiated MCP version as far as mcpscope checks.
          </p>
        ) : (
          groups.map((g) => (
            <FindingGroup
              key={g.ruleId}
              group={g}
              source={view.source}
              open={open.has(g.ruleId)}
              onToggle={toggle}
              selectedSeq={selectedSeq}
              onSelect={onSelect}
            />
          ))
        )}
      </div>
    </section>
  );
}
