// Where a frame's arrow goes in the sequence view and how it reads: pure, so the page and the SVG export draw alike.
import { ORIGIN_INFO } from '../../../shared/frame-origin.js';
import { isPlainObject } from '../../../shared/jsonrpc.js';
import type { Finding, Severity } from '../../../shared/lint/index.js';
import { eventName, type FrameEntry } from '../../lib/log/frame-entry.js';
import { NO_LINKS, type FrameLinks, type KeepAlives } from '../../lib/log/frame-links.js';
import { formatLatency, formatTime } from '../../lib/ui/format.js';
import { arrowEnds, type Lanes } from './sequence-lanes.js';

export const SEQ_ROW = 24;
/** Room left of the first lane for the frame's number and time. */
export const SEQ_GUTTER = 148;
export const SEQ_HEADER = 26;

/** Which style an arrow takes: what the frame is, not who drew it. */
type ArrowTone = 'out' | 'in' | 'auto' | 'error' | 'bad' | 'stderr' | 'note';

export interface ArrowShape {
  seq: number;
  ts: number;
  x1: number;
  x2: number;
  /** A note sits on one lane (a relay event, an HTTP exchange's record) instead of crossing between two. */
  note: boolean;
  tone: ArrowTone;
  label: string;
  /** For a response: the time since its request. */
  latency: string | null;
  /** Who made an outgoing frame (frame.origin), shown as a tag at the arrow's tail. */
  origin: string | null;
  /** The worst severity of the frame's findings, their rule ids, and each one's line for the tooltip. */
  severity: Severity | null;
  findingIds: string;
  findingsTitle: string;
  /** On an open stream's arrow: how many keep-alives were folded into it (its links). */
  keepAlives?: number;
}

const SEVERITY_RANK: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

/** The x of each lane's centre line in a view `width` wide: the first just past the gutter, room for notes after the last. */
export function laneXs(lanes: Lanes, width: number): Map<string, number> {
  const n = lanes.list.length;
  const first = SEQ_GUTTER + 24;
  const room = Math.max(width - first - 130, (n - 1) * 100);
  return new Map(lanes.list.map((lane, i) => [lane.id, Math.round(first + (n > 1 ? (room * i) / (n - 1) : 0))]));
}

function httpLabel(entry: FrameEntry, keepAlives: KeepAlives | undefined): { label: string; failed: boolean } {
  const v = entry.value;
  if (!isPlainObject(v)) return { label: 'http', failed: false };
  if (v.state === 'progress') return { label: `${String(v.method)} · stream`, failed: false };
  const request = isPlainObject(v.request) ? v.request : {};
  const status = isPlainObject(v.response) && typeof v.response.status === 'number' ? v.response.status : null;
  const state = v.state === 'open' ? ' (open)' : v.state === 'failed' ? ' failed' : v.state === 'aborted' ? ' aborted' : '';
  // An open stream's keep-alives are folded into its arrow (keep-alive-fold.ts): counted here, not a box each.
  const alive = keepAlives ? ` ♥${keepAlives.count} · last ${formatTime(keepAlives.lastTs)}` : '';
  return {
    label: `${String(request.method ?? 'HTTP')} ${status ?? ''}${state}`.replace(/\s+/g, ' ').trim() + alive,
    failed: v.state === 'failed' || (status ?? 0) >= 400,
  };
}

function labelOf(entry: FrameEntry): string {
  const { frame } = entry;
  if (frame.kind === 'event') return eventName(entry) ?? 'event';
  if (frame.kind === 'stderr') return `stderr: ${frame.text.slice(0, 60)}`;
  const id = frame.rpcId === null ? '' : ` [${frame.rpcId}]`;
  const answer = frame.kind === 'response' ? ' ✓' : frame.kind === 'error' ? ' ✗ error' : '';
  return `${entry.method ?? frame.kind}${id}${answer}`;
}

function toneOf(entry: FrameEntry): ArrowTone {
  const { frame } = entry;
  if (frame.kind === 'error') return 'error';
  if (frame.kind === 'invalid' || frame.kind === 'noise' || frame.kind === 'oversize') return 'bad';
  if (frame.kind === 'stderr') return 'stderr';
  if (frame.dir === 'out') return frame.origin === 'bookkeeping' ? 'auto' : 'out';
  return 'in';
}

/** `findings` and `links`: what was learned about the frame after it was logged (findingsOf, linksOf: kept apart from the entry). */
export function arrowShape(entry: FrameEntry, findings: readonly Finding[], lanes: Lanes, xs: Map<string, number>, links: FrameLinks = NO_LINKS): ArrowShape {
  const { frame } = entry;
  const ends = arrowEnds(entry, lanes);
  const x1 = xs.get(ends.from) ?? SEQ_GUTTER;
  const x2 = xs.get(ends.to) ?? SEQ_GUTTER;
  const note = ends.from === ends.to;
  let label = labelOf(entry);
  let tone = note ? 'note' : toneOf(entry);
  if (frame.kind === 'http') {
    const h = httpLabel(entry, links.keepAlives);
    label = h.label;
    if (h.failed) tone = 'error';
  }
  const severity = findings.reduce<Severity | null>((w, f) => (w === null || SEVERITY_RANK[f.severity] < SEVERITY_RANK[w] ? f.severity : w), null);
  return {
    seq: frame.seq,
    ts: frame.ts,
    x1,
    x2,
    note,
    tone,
    label,
    latency: entry.latencyMs === null ? null : formatLatency(entry.latencyMs),
    origin: frame.origin === undefined ? null : ORIGIN_INFO[frame.origin].short,
    severity,
    findingIds: [...new Set(findings.map((f) => f.ruleId))].join(' '),
    findingsTitle: findings.map((f) => `${f.severity} ${f.ruleId}: ${f.message}`).join('\n'),
    ...(links.keepAlives ? { keepAlives: links.keepAlives.count } : {}),
  };
}
