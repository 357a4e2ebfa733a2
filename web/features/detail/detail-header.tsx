// The detail pane's header: seq, time, direction, kind, size, latency, and links to the paired frames.
import { ORIGIN_INFO } from '../../../shared/frame-origin.js';
import { DirArrow } from '../../components/dir-arrow.js';
import { KindBadge } from '../../components/kind-badge.js';
import type { FrameEntry } from '../../lib/log/frame-entry.js';
import { formatLatency, formatSize, formatTime } from '../../lib/ui/format.js';
import { ResendAction } from './resend-action.js';

interface Props {
  entry: FrameEntry;
  /** The entries on the other side of this frame's exchanges, in seq order. */
  pairs: FrameEntry[];
  onSelect: (seq: number) => void;
  onClose: () => void;
}

const DIR_LABEL = { out: 'client → server', in: 'server → client', relay: 'relay' } as const;

export function DetailHeader({ entry, pairs, onSelect, onClose }: Props) {
  const { frame } = entry;
  return (
    <header className="shrink-0 border-b border-edge bg-panel-2 px-3 py-1.5">
      <div className="flex items-center gap-2 font-mono">
        <span className="text-sm font-semibold">#{frame.seq}</span>
        <KindBadge kind={frame.kind} />
        <DirArrow dir={frame.dir} />
        <span className="text-dim">{DIR_LABEL[frame.dir]}</span>
        {entry.method && <span className="truncate">{entry.method}</span>}
        <button type="button" className="ml-auto text-dim hover:text-ink" onClick={onClose} title="close (Escape)">
          ✕
        </button>
      </div>
      <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-0.5 font-mono text-[11px] text-dim">
        <Item label="time" value={formatTime(frame.ts)} />
        <Item label="size" value={`${formatSize(frame.size)}${frame.size >= 1024 ? ` (${frame.size} B)` : ''}`} />
        {frame.rpcId !== null && <Item label="id" value={frame.rpcId} />}
        {frame.origin !== undefined && <Item label="made by" value={`${frame.origin}: ${ORIGIN_INFO[frame.origin].description}`} testId="detail-origin" />}
        {entry.answersOrigin !== undefined && <Item label="answers" value={`a request made by ${entry.answersOrigin}`} />}
        {entry.latencyMs !== null && <Item label="latency" value={formatLatency(entry.latencyMs)} />}
        {entry.duplicate && <Item label="warning" value="duplicate id / second response" />}
        {entry.unmatched && <Item label="warning" value="answers no request seen" />}
      </dl>
      {pairs.length > 0 && (
        <div className="mt-1 flex flex-wrap gap-2">
          {pairs.map((p, i) => (
            <button
              key={p.frame.seq}
              type="button"
              data-testid={i === 0 ? 'goto-pair' : 'goto-pair-more'}
              data-seq={p.frame.seq}
              className="text-sky-400 hover:underline"
              onClick={() => onSelect(p.frame.seq)}
              title="r in the log"
            >
              {p.frame.seq > frame.seq ? 'go to response' : 'go to request'} #{p.frame.seq}
            </button>
          ))}
        </div>
      )}
      <ResendAction entry={entry} />
    </header>
  );
}

function Item({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="flex gap-1" data-testid={testId}>
      <dt>{label}</dt>
      <dd className="text-ink">{value}</dd>
    </div>
  );
}
