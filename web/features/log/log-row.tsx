// One frame as a log row: every cell is plain text; server-supplied content is never rendered as HTML. Each grid item
// is a gridcell, one per column of the header, so a screen reader reads the row against its column names.
// Memoised safely because an entry never changes once logged; what later frames teach about it (lint findings; a
// pair, a cancel, a stream's folded keep-alives) the row reads from the findings and links stores by its seq, so a
// change there re-renders this row alone.
import { memo } from 'react';
import { DirArrow } from '../../components/dir-arrow.js';
import { KindBadge } from '../../components/kind-badge.js';
import { OriginTag } from '../../components/origin-tag.js';
import { SeverityBadge, worstSeverity } from '../../components/severity-badge.js';
import type { FrameEntry } from '../../lib/log/frame-entry.js';
import type { FrameFindingsReader } from '../../lib/log/frame-findings.js';
import type { FrameLinksReader } from '../../lib/log/frame-links.js';
import { useFrameFindings, useFrameLinks } from '../../lib/log/use-frame-findings.js';
import { PendingMarker } from '../../components/pending-marker.js';
import { formatLatency, formatShortTime, formatSize, formatTime } from '../../lib/ui/format.js';
import { maskEntry } from '../../lib/ui/screen-mask.js';
import { frameSummary } from './frame-summary.js';
import { abbreviateMethod, FOLDABLE_CELL, LOG_GRID, ROW_HEIGHT } from './log-columns.js';

interface Props {
  entry: FrameEntry;
  top: number;
  /** The row's place in the grid for screen readers (1 is the header): only a window of rows is in the page. */
  rowIndex: number;
  selected: boolean;
  onClick: (seq: number) => void;
  /** The session's findings by frame; the row subscribes to its own. */
  findings: FrameFindingsReader;
  /** The session's links by frame (pairs, cancel, keep-alives); the row subscribes to its own. */
  links: FrameLinksReader;
  /** The other half of the selected exchange (presentation mode marks the pair, not only the frame). */
  paired?: boolean;
  /** Presentation mode: the summary is made from the masked frame (before it is cut short, so no token is left half-shown). */
  masked?: boolean;
  /** A narrow table: short kind label, time without the hour (both whole in their tooltips). */
  compact?: boolean;
  /** The method column is narrower than the longest name: known prefixes are abbreviated (`n/…`), whole in the tooltip. */
  abbreviate?: boolean;
}

const ROW_TONE: Partial<Record<FrameEntry['frame']['kind'], string>> = {
  stderr: 'text-zinc-400 italic',
  noise: 'bg-yellow-950/40 text-yellow-100',
  oversize: 'bg-pink-950/50 text-pink-100',
  event: 'bg-slate-800/50 text-slate-300',
  error: 'text-red-300',
  invalid: 'text-orange-200',
  http: 'text-cyan-100/80',
};

export const LogRow = memo(function LogRow({
  entry,
  top,
  rowIndex,
  selected,
  onClick,
  findings: findingStore,
  links: linkStore,
  paired = false,
  masked = false,
  compact = false,
  abbreviate = false,
}: Props) {
  const { frame } = entry;
  const findings = useFrameFindings(findingStore, entry);
  const { cancelledBy, keepAlives, pairs } = useFrameLinks(linkStore, entry);
  const severity = findings.length > 0 ? worstSeverity(findings.map((f) => f.severity)) : null;
  const findingIds = findings.length === 0 ? '' : [...new Set(findings.map((f) => f.ruleId))].join(' ');
  const inheritedMethod = frame.method === null && entry.method !== null;
  const tone = selected ? 'bg-blue-900/80 text-white' : paired ? 'bg-blue-950 text-white' : `${ROW_TONE[frame.kind] ?? ''} hover:bg-white/[0.04]`;
  const summary = frameSummary(masked ? maskEntry(entry) : entry);
  return (
    <div
      data-testid="log-row"
      data-seq={frame.seq}
      data-kind={frame.kind}
      data-dir={frame.dir}
      data-method={entry.method ?? ''}
      data-rpc-id={frame.rpcId ?? ''}
      data-origin={frame.origin ?? ''}
      data-findings={findingIds}
      role="row"
      aria-rowindex={rowIndex}
      aria-selected={selected}
      data-paired={paired || undefined}
      onClick={() => onClick(frame.seq)}
      className={`${LOG_GRID} absolute left-0 w-full cursor-default items-center border-b border-white/[0.03] px-2 font-mono text-[11.5px] ${tone}`}
      style={{ height: ROW_HEIGHT, transform: `translateY(${top}px)` }}
    >
      <span role="gridcell" className="text-right text-dim">
        {frame.seq}
      </span>
      <span role="gridcell" data-col="time" className="text-dim" title={compact ? formatTime(frame.ts) : undefined}>
        {compact ? formatShortTime(frame.ts) : formatTime(frame.ts)}
      </span>
      <span role="gridcell">
        <DirArrow dir={frame.dir} />
      </span>
      <span role="gridcell" className={`truncate ${FOLDABLE_CELL}`}>
        <OriginTag entry={entry} />
      </span>
      <span role="gridcell" data-col="kind">
        <KindBadge kind={frame.kind} short={compact} />
      </span>
      {/* Cut from the start when the column is narrower than the name: methods differ at their ends
          (…/tools/list_changed, …/resources/list_changed), so the end is what tells them apart; a column narrower than
          the longest name also abbreviates known prefixes (n/resources/list_changed); the tooltip and the detail have
          it whole. Right-to-left lays the line out so the ellipsis falls at the start; the name itself
          is an isolated left-to-right run, so its characters keep their order. */}
      <span
        role="gridcell"
        data-col="method"
        className={`truncate text-left [direction:rtl] ${inheritedMethod ? 'text-dim' : ''}`}
        title={entry.method ?? undefined}
      >
        <bdi dir="ltr">{entry.method === null ? '' : abbreviate ? abbreviateMethod(entry.method) : entry.method}</bdi>
      </span>
      <span role="gridcell" className="truncate text-dim" title={frame.rpcId ?? undefined}>
        {frame.rpcId ?? ''}
      </span>
      <span role="gridcell" data-col="summary" className="flex min-w-0 items-center gap-1">
        {severity && (
          <SeverityBadge
            severity={severity}
            testId="finding-badge"
            label={findings.length > 1 ? findings.length : undefined}
            title={findings.map((f) => `${f.severity} ${f.ruleId}: ${f.message}`).join('\n')}
          />
        )}
        {entry.duplicate && <Flag text="dup" title="id reused, or a second response to one request" />}
        {entry.unmatched && <Flag text="orphan" title="answers no request seen from this process" />}
        {cancelledBy !== undefined && (
          <span
            data-testid="log-cancelled"
            title={`cancelled by its sender in frame ${cancelledBy} (notifications/cancelled) before any response`}
            className="shrink-0 rounded bg-white/10 px-1 text-[10px] leading-4 text-ink"
          >
            cancelled
          </span>
        )}
        <PendingMarker entry={entry} answered={pairs.length > 0} />
        {keepAlives && (
          <span
            data-testid="log-keepalive"
            data-count={keepAlives.count}
            title={`${keepAlives.count} keep-alive${keepAlives.count === 1 ? '' : 's'} on this stream (events without a message), folded into its row; the last at ${formatTime(keepAlives.lastTs)}. The HTTP tab lists each.`}
            className="shrink-0 rounded bg-white/10 px-1 text-[10px] leading-4 text-ink"
          >
            ♥ {keepAlives.count} · {formatTime(keepAlives.lastTs)}
          </span>
        )}
        <span className="truncate">{summary}</span>
      </span>
      <span role="gridcell" className={`text-right text-dim ${FOLDABLE_CELL}`}>
        {formatSize(frame.size)}
      </span>
      <span role="gridcell" className="text-right">
        {entry.latencyMs !== null && (
          <span data-testid="log-latency" className={entry.latencyMs > 1000 ? 'text-amber-300' : 'text-dim'}>
            {formatLatency(entry.latencyMs)}
          </span>
        )}
      </span>
    </div>
  );
});

function Flag({ text, title }: { text: string; title: string }) {
  return (
    <span title={title} className="shrink-0 rounded bg-red-800 px-1 text-[10px] leading-4 text-red-100 not-italic">
      {text}
    </span>
  );
}
