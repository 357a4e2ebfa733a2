// One rule in the Findings tab: a header with severity and count that expands to the frames it fired on.
import { useState } from 'react';
import { ruleMeta } from '../../../shared/lint/index.js';
import { SeverityBadge } from '../../components/severity-badge.js';
import type { FrameEntry } from '../../lib/log/frame-entry.js';
import { findingsOf } from '../../lib/log/frame-findings.js';
import type { LogSource } from '../../lib/log/log-source.js';
import type { RuleGroup } from '../../lib/log/session-findings.js';

interface Props {
  group: RuleGroup;
  source: LogSource;
  open: boolean;
  onToggle: (ruleId: string) => void;
  selectedSeq: number | null;
  onSelect: (seq: number) => void;
}

const ARROW = { out: '→', in: '←', relay: '◆' } as const;

/** A frame's short name in the list: direction, kind and method, so a row is recognisable without opening it. */
function frameLabel(entry: FrameEntry): string {
  const { frame } = entry;
  return `${ARROW[frame.dir]} ${frame.kind}${entry.method ? ` ${entry.method}` : ''}`;
}

/** Long lists render in pages: a rule that fires on every frame must not put thousands of rows in the DOM. */
const PAGE = 100;

export function FindingGroup({ group, source, open, onToggle, selectedSeq, onSelect }: Props) {
  const [shown, setShown] = useState(PAGE);
  const meta = ruleMeta(group.ruleId);
  return (
    <div data-testid="finding-group" data-rule={group.ruleId} data-count={group.count} data-severity={group.severity} className="border-b border-edge/60">
      <button
        type="button"
        aria-expanded={open}
        data-testid="finding-group-toggle"
        onClick={() => onToggle(group.ruleId)}
        className="flex w-full items-center gap-2 px-3 py-1 text-left hover:bg-white/[0.04]"
      >
        <span className="w-3 text-dim">{open ? '▾' : '▸'}</span>
        <SeverityBadge severity={group.severity} />
        <span className="min-w-0 flex-1 truncate">
          <span className="font-semibold">{meta?.title ?? group.ruleId}</span> <span className="font-mono text-[11px] text-dim">{group.ruleId}</span>
        </span>
        <span data-testid="finding-group-count" className="rounded bg-white/10 px-1.5 font-mono text-[11px]">
          {group.count}
        </span>
      </button>
      {open && (
        <ul className="pb-1">
          {group.seqs.slice(0, shown).map((seq) => {
            const entry = source.frame(seq);
            const messages = (entry ? findingsOf(source.frameFindings, entry) : []).filter((f) => f.ruleId === group.ruleId).map((f) => f.message) ?? [];
            return (
              <li key={seq}>
                <button
                  type="button"
                  data-testid="finding-frame"
                  data-seq={seq}
                  aria-current={seq === selectedSeq}
                  onClick={() => onSelect(seq)}
                  className={`flex w-full gap-2 px-3 py-0.5 pl-8 text-left font-mono text-[11px] hover:bg-white/[0.06] ${seq === selectedSeq ? 'bg-blue-900/60' : ''}`}
                >
                  <span className="w-12 shrink-0 text-right text-dim">#{seq}</span>
                  <span className="w-40 shrink-0 truncate text-dim">{entry ? frameLabel(entry) : ''}</span>
                  <span className="min-w-0 flex-1 truncate" title={messages.join('\n')}>
                    {messages.join(' · ')}
                  </span>
                </button>
              </li>
            );
          })}
          {group.seqs.length > shown && (
            <li className="px-8">
              <button type="button" className="text-[11px] text-sky-400 hover:underline" onClick={() => setShown((n) => n + PAGE)}>
                show {Math.min(PAGE, group.seqs.length - shown)} more of {group.seqs.length - shown}
              </button>
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
