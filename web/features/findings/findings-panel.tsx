// The Findings tab, like Wireshark's expert info: every rule that fired in the session, worst first, with counts.
// A windowed session (the page holds only its head and tail) shows the relay's lint of the whole session instead.
import { useState } from 'react';
import { SeverityBadge } from '../../components/severity-badge.js';
import { useSessionLog } from '../../lib/relay/relay-context.js';
import { ruleGroupOrder, type RuleGroup } from '../../lib/log/session-findings.js';
import { summaryCounts, useFrameFindings } from '../../api/use-frame-findings.js';
import { FindingGroup } from './finding-group.js';
import { PendingGroup } from './pending-group.js';

interface Props {
  sessionId: string;
  selectedSeq: number | null;
  onSelect: (seq: number) => void;
}

export function FindingsPanel({ sessionId, selectedSeq, onSelect }: Props) {
  // version re-renders the panel as frames (and so findings) arrive.
  const { log } = useSessionLog(sessionId);
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const relay = useFrameFindings(sessionId, log?.windowed === true);
  if (!log) return null;
  const { findings } = log;
  const groups: RuleGroup[] = relay ? [...relay.rules].sort(ruleGroupOrder) : findings.ruleGroups();
  const counts = relay ? summaryCounts(relay) : findings.countBySeverity();
  const total = relay ? relay.stored + relay.dropped : findings.all.length;
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
        {!findings.configured && !relay && <span className="text-dim">waiting for the session's target…</span>}
        {log.windowed && !relay?.done && (
          <span className="text-dim" data-testid="findings-linting">
            linting the whole session on the relay{relay ? `: ${relay.lintedTo} of ${relay.lastSeq} frames` : '…'}
          </span>
        )}
        {relay && relay.dropped > 0 && (
          <span className="text-dim" title={`The relay stores the first ${relay.cap} findings per session; the counts include every one.`}>
            frames listed for the first {relay.cap}
          </span>
        )}
      </header>
      <div className="min-h-0 flex-1 overflow-auto">
        <PendingGroup log={log} selectedSeq={selectedSeq} onSelect={onSelect} />
        {groups.length === 0 ? (
          <p className="p-4 text-dim" data-testid="findings-empty">
            No findings: every frame so far follows JSON-RPC 2.0 and the negotiated MCP version as far as mcpscope checks.
          </p>
        ) : (
          groups.map((g) => (
            <FindingGroup key={g.ruleId} group={g} log={log} open={open.has(g.ruleId)} onToggle={toggle} selectedSeq={selectedSeq} onSelect={onSelect} />
          ))
        )}
      </div>
    </section>
  );
}
