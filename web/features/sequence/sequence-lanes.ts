// The sequence view's lanes: the model (when a chat drove the session), client, mcpscope, and the server — split, for
// HTTP, into a sub-lane per concurrent POST and one per GET stream — and which lane each end of a frame's arrow sits on.
import type { ExchangeIndex, ExchangeRow } from '../../lib/http/exchange-index.js';
import type { FrameEntry } from '../../lib/log/frame-entry.js';

interface Lane {
  id: string;
  label: string;
  /** Server sub-lanes carry the HTTP exchange's kind, for tests and the lane header's tooltip. */
  http?: 'post' | 'get';
}

export interface Lanes {
  list: Lane[];
  /** The server lane a frame went to or came from (its HTTP carrier's sub-lane when known). */
  serverLaneOf(seq: number): string;
}

/** Past this many overlapping POSTs (or open GET streams) the last sub-lane is shared: the view stays readable. */
export const MAX_POST_LANES = 3;
const MAX_GET_LANES = 3;

/** The fourth lane: a model's requests through mcpscope (model-exchange events) and the tool calls it asked for. */
const MODEL: Lane = { id: 'model', label: 'model' };
const CLIENT: Lane = { id: 'client', label: 'client' };
const MCPSCOPE: Lane = { id: 'mcpscope', label: 'mcpscope' };
const SERVER: Lane = { id: 'server', label: 'server' };

function span(row: ExchangeRow): [number, number] {
  // A loop, not Math.min(...): a long GET stream can carry more seqs than a call takes arguments.
  let lo = row.x.sentSeq ?? Infinity;
  let hi = row.x.sentSeq ?? -Infinity;
  for (const list of [row.recordSeqs, row.x.receivedSeqs])
    for (const s of list) {
      if (s < lo) lo = s;
      if (s > hi) hi = s;
    }
  // An exchange still open runs to the end of the session.
  return [lo, row.x.state === 'open' ? Infinity : hi];
}

/** Lanes for a session; `index` is its HTTP exchanges (null or empty for stdio: one server lane); `model`: a chat ran in it. */
export function sequenceLanes(index: ExchangeIndex | null, model = false): Lanes {
  const lanes = plainLanes(index);
  return model ? { ...lanes, list: [MODEL, ...lanes.list] } : lanes;
}

function plainLanes(index: ExchangeIndex | null): Lanes {
  const rows = index?.rows ?? [];
  if (rows.length === 0) return { list: [CLIENT, MCPSCOPE, SERVER], serverLaneOf: () => SERVER.id };
  const laneOfRow = new Map<string, string>();
  // Greedy interval packing: a POST takes the first sub-lane whose last exchange ended before it began.
  const postEnds: number[] = [];
  let gets = 0;
  // In the order they began (the relay records an exchange when it ends, so a long POST is listed after a short one).
  const spans = rows.map((row) => ({ row, span: span(row) })).sort((a, b) => a.span[0] - b.span[0]);
  for (const {
    row,
    span: [start, end],
  } of spans) {
    if (row.x.purpose === 'stream' || row.x.purpose === 'resume') {
      laneOfRow.set(row.id, `get:${Math.min(gets++, MAX_GET_LANES - 1)}`);
      continue;
    }
    let slot = postEnds.findIndex((e) => e < start);
    if (slot < 0) slot = postEnds.length < MAX_POST_LANES ? postEnds.length : MAX_POST_LANES - 1;
    postEnds[slot] = Math.max(postEnds[slot] ?? -Infinity, end);
    laneOfRow.set(row.id, `post:${slot}`);
  }
  const list = [CLIENT, MCPSCOPE];
  const posts = Math.max(1, postEnds.length);
  for (let i = 0; i < posts; i++) list.push({ id: `post:${i}`, label: posts > 1 ? `POST ${i + 1}` : 'POST', http: 'post' });
  for (let i = 0; i < Math.min(gets, MAX_GET_LANES); i++) list.push({ id: `get:${i}`, label: gets > 1 ? `GET ${i + 1}` : 'GET stream', http: 'get' });
  return {
    list,
    serverLaneOf(seq) {
      const row = index?.carrierOf(seq);
      return (row && laneOfRow.get(row.id)) ?? 'post:0';
    },
  };
}

/** Which lane sends the frame and which receives it; equal for a note (a relay event, an HTTP record). */
export function arrowEnds(entry: FrameEntry, lanes: Lanes): { from: string; to: string } {
  const { frame } = entry;
  const server = lanes.serverLaneOf(frame.seq);
  const model = lanes.list[0]?.id === MODEL.id;
  if (frame.kind === 'http') return { from: server, to: server };
  // A model request goes from mcpscope to the model and back: one event, drawn as the arrow out.
  if (frame.dir === 'relay') return model && frame.method === 'model-exchange' ? { from: MCPSCOPE.id, to: MODEL.id } : { from: MCPSCOPE.id, to: MCPSCOPE.id };
  if (model && frame.dir === 'out' && frame.origin === 'model') return { from: MODEL.id, to: server };
  if (model && frame.dir === 'in' && entry.answersOrigin === 'model') return { from: server, to: MODEL.id };
  // mcpscope's own requests start from its lane; what answers them ends there.
  if (frame.dir === 'out') return { from: frame.origin === 'bookkeeping' ? MCPSCOPE.id : CLIENT.id, to: server };
  if (frame.kind === 'stderr') return { from: server, to: MCPSCOPE.id };
  return { from: server, to: entry.answersOrigin === 'bookkeeping' ? MCPSCOPE.id : CLIENT.id };
}
