// The diagram's SVG pieces: the lane header and a band of consecutive rows (arrows, notes, request ↔ response joins).
// The page draws the band in view; the export draws the same pieces into a standalone file. Server text is SVG text
// (React escapes it), never markup.
import type { FrameEntry } from '../../lib/log/frame-entry.js';
import { findingsOf, type FrameFindingsReader } from '../../lib/log/frame-findings.js';
import { linksOf, type FrameLinksReader } from '../../lib/log/frame-links.js';
import { formatTime } from '../../lib/ui/format.js';
import { arrowShape, SEQ_GUTTER, SEQ_HEADER, SEQ_ROW, type ArrowShape } from './sequence-geometry.js';
import type { Lanes } from './sequence-lanes.js';

const LINE_Y = 16;
const CHAR_PX = 6.6;

export function LaneHeader({ lanes, xs }: { lanes: Lanes; xs: Map<string, number> }) {
  return (
    <g>
      {lanes.list.map((lane) => (
        <text
          key={lane.id}
          className="sq-lane-label"
          x={xs.get(lane.id)}
          y={SEQ_HEADER - 9}
          data-testid="seq-lane"
          data-lane={lane.id}
          data-http={lane.http ?? ''}
        >
          {lane.label}
        </text>
      ))}
    </g>
  );
}

interface BandRow {
  index: number;
  entry: FrameEntry | undefined;
}

interface BandProps {
  rows: BandRow[];
  lanes: Lanes;
  xs: Map<string, number>;
  width: number;
  selectedSeq: number | null;
  /** The session's findings by frame (the log's frameFindings). */
  findings: FrameFindingsReader;
  /** The session's links by frame (pairs, keep-alives: the log's frameLinks). */
  links: FrameLinksReader;
  /** Where a seq sits among the rows (negative when not there), to join a response to a request out of the band. */
  indexOfSeq: (seq: number) => number;
  onPick?: (seq: number) => void;
}

const clip = (text: string, px: number) => {
  const max = Math.max(4, Math.floor(px / CHAR_PX));
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
};

/** Rows `rows[0].index`… drawn from y 0; lane lines run the band's whole height. */
export function SequenceBand({ rows, lanes, xs, width, selectedSeq, findings, links, indexOfSeq, onPick }: BandProps) {
  const first = rows[0]?.index ?? 0;
  const last = rows.at(-1)?.index ?? -1;
  const height = rows.length * SEQ_ROW;
  const yOf = (index: number) => (index - first) * SEQ_ROW + LINE_Y;
  const shapes = rows.map((r) => {
    if (!r.entry) return null;
    const l = linksOf(links, r.entry);
    return { row: r, entry: r.entry, pairs: l.pairs, shape: arrowShape(r.entry, findingsOf(findings, r.entry), lanes, xs, l) };
  });
  return (
    <g>
      {[...xs.values()].map((x) => (
        <line key={x} className="sq-lane" x1={x} x2={x} y1={0} y2={height} />
      ))}
      {shapes.map(
        (s) => s && <Joins key={`j${s.shape.seq}`} pairs={s.pairs} shape={s.shape} index={s.row.index} last={last} yOf={yOf} indexOfSeq={indexOfSeq} />,
      )}
      {rows.map((r, k) => {
        const s = shapes[k];
        const top = (r.index - first) * SEQ_ROW;
        if (!s)
          return (
            <text key={`p${r.index}`} className="sq-gutter" x={8} y={top + LINE_Y} data-testid="seq-pending">
              …
            </text>
          );
        return <Arrow key={s.shape.seq} s={s.shape} entry={s.entry} top={top} width={width} selected={s.shape.seq === selectedSeq} onPick={onPick} />;
      })}
    </g>
  );
}

/** A response joined to its request by a bar on the answering lane; drawn once, by whichever end is in the band. */
function Joins({
  pairs,
  shape,
  index,
  last,
  yOf,
  indexOfSeq,
}: {
  pairs: readonly number[];
  shape: ArrowShape;
  index: number;
  last: number;
  yOf: (i: number) => number;
  indexOfSeq: (seq: number) => number;
}) {
  const bars = pairs.flatMap((p) => {
    const j = indexOfSeq(p);
    if (j < 0) return [];
    // The later frame is the answer; an earlier one draws only when its answer lies below the band.
    if (p < shape.seq) return [{ from: p, to: shape.seq, y1: yOf(j), y2: yOf(index), x: shape.x1 }];
    return j > last ? [{ from: shape.seq, to: p, y1: yOf(index), y2: yOf(j), x: shape.x2 }] : [];
  });
  return bars.map((b) => (
    <line key={`${b.from}-${b.to}`} className="sq-join" data-testid="seq-join" data-from={b.from} data-to={b.to} x1={b.x} x2={b.x} y1={b.y1} y2={b.y2} />
  ));
}

function Arrow({
  s,
  entry,
  top,
  width,
  selected,
  onPick,
}: {
  s: ArrowShape;
  entry: FrameEntry;
  top: number;
  width: number;
  selected: boolean;
  onPick?: (seq: number) => void;
}) {
  const y = top + LINE_Y;
  const dir = s.x2 >= s.x1 ? 1 : -1;
  const left = Math.min(s.x1, s.x2);
  const span = Math.abs(s.x2 - s.x1);
  return (
    <g
      className={`sq-${s.tone}${s.note ? ' sq-note' : ''}`}
      data-testid="seq-arrow"
      data-seq={s.seq}
      data-kind={entry.frame.kind}
      data-method={entry.method ?? ''}
      data-tone={s.tone}
      data-origin={entry.frame.origin ?? ''}
      data-findings={s.findingIds}
      data-keepalives={s.keepAlives}
      data-from-x={s.x1}
      data-to-x={s.x2}
      aria-selected={selected}
      onClick={onPick && (() => onPick(s.seq))}
    >
      <rect className={`sq-hit${selected ? ' sq-selected' : ''}`} x={0} y={top} width={width} height={SEQ_ROW} />
      <text className="sq-gutter" x={44} y={y} textAnchor="end">
        {s.seq}
      </text>
      <text className="sq-gutter" x={50} y={y}>
        {formatTime(s.ts)}
      </text>
      {s.note ? (
        <>
          <rect className="sq-note-box" x={s.x1 - 4} y={top + 4} width={Math.min(s.label.length, 40) * CHAR_PX + 8} height={SEQ_ROW - 8} rx={3} />
          <text className="sq-label" x={s.x1} y={y}>
            {clip(s.label, 40 * CHAR_PX)}
          </text>
        </>
      ) : (
        <>
          <line x1={s.x1} x2={s.x2 - dir * 6} y1={y} y2={y} strokeWidth={selected ? 2.5 : 1.5} />
          <polygon points={`${s.x2},${y} ${s.x2 - dir * 7},${y - 4} ${s.x2 - dir * 7},${y + 4}`} />
          <text className="sq-label" x={left + 8} y={y - 4}>
            {s.origin !== null && <tspan className="sq-origin">{s.origin} · </tspan>}
            <tspan>{clip(s.label, span - 16 - (s.latency ? 60 : 0) - (s.origin ? 40 : 0))}</tspan>
            {s.latency !== null && (
              <tspan className="sq-latency" data-testid="seq-latency">
                {' '}
                · {s.latency}
              </tspan>
            )}
          </text>
        </>
      )}
      {s.severity !== null && (
        <circle className={`sq-sev-${s.severity}`} data-testid="seq-finding" data-severity={s.severity} cx={SEQ_GUTTER - 10} cy={y - 4} r={5}>
          <title>{s.findingsTitle}</title>
        </circle>
      )}
      <title>{`#${s.seq} ${s.label}${s.latency ? ` (${s.latency})` : ''}`}</title>
    </g>
  );
}
