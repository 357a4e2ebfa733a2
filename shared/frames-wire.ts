// The `frames` message as the relay writes it on the WebSocket: a header line of JSON that holds every field of the
// frames but their text, in columns, then the texts themselves, one after another, as they are. Each frame's text is
// already JSON (or what a server wrote instead): inside a JSON message it was escaped, a backslash before every quote,
// and each frame repeated its field names. Measured in a 100,000-frame flood (docs/performance.md, "The frames
// message, packed"), the escaping, the names and their bytes were a quarter of the relay's main thread.
//
//   {"type":"frames","sessionId":"…","n":3,"seq":[41,3],"ts":[…],"code":[…],"size":[…],"len":[…],"method":[…],"rpcId":[…]}\n<text 41><text 42><text 43>
//
// - `seq`: runs of consecutive seqs, as pairs [first, count, first, count, …];
// - `code`: direction × 16 + kind (FRAME_DIRS and FRAME_KINDS below);
// - `len`: each text's length in UTF-16 code units (a JavaScript string's length), so the reader slices the texts out
//   of the message's string; the relay's texts are well-formed (decoded from bytes, or JSON.stringify's), so the
//   UTF-8 on the wire round-trips them exactly;
// - `b64` and `origin`: only the frames that have them, by index in the message (`{"2":"…"}`);
// - `ref`: the same for the frames that are this page's own sends, the `ref` its `send` gave: the page's answer that the
//   send went out, in the message that carries its echo (a separate `sent` message took a second message and a second
//   parse of the page for each round trip: docs/performance.md, "Relay latency, round 5").
//
// JSON.stringify never writes a raw line feed, so the header ends at the message's first one. No zod here: the relay's
// recorder path loads this; the reader checks the columns, and the page checks the frames it makes with
// RelayServerMessageSchema like any message (shared/relay-protocol.ts).
import { FRAME_KINDS } from './jsonrpc.js';
import type { FrameDir, FrameRecord } from './relay-protocol.js';

export const FRAME_DIRS = ['out', 'in', 'relay'] as const satisfies readonly FrameDir[];

const DIR_CODE: Record<string, number> = Object.fromEntries(FRAME_DIRS.map((d, i) => [d, i * 16]));
const KIND_CODE: Record<string, number> = Object.fromEntries(FRAME_KINDS.map((k, i) => [k, i]));

/** The header line's columns; every array holds one entry per frame except `seq`. */
interface PackedFramesHeader {
  type: 'frames';
  sessionId: string;
  n: number;
  seq: number[];
  ts: number[];
  code: number[];
  size: number[];
  len: number[];
  method: Array<string | null>;
  rpcId: Array<string | null>;
  b64?: Record<string, string>;
  origin?: Record<string, string>;
  ref?: Record<string, string>;
}

/** A page's send that a message's frame answers: its `ref` and the seq its frame was recorded under. */
export interface SendAck {
  ref: string;
  seq: number;
}

/** frames[from, to) of a session as one `frames` message; `refs`: the refs of the page's own sends among them, by seq. */
export function packFrames(sessionId: string, frames: readonly FrameRecord[], from = 0, to = frames.length, refs?: ReadonlyMap<number, string>): string {
  const seq: number[] = [];
  const ts: number[] = [];
  const code: number[] = [];
  const size: number[] = [];
  const len: number[] = [];
  const method: Array<string | null> = [];
  const rpcId: Array<string | null> = [];
  let b64: Record<string, string> | undefined;
  let origin: Record<string, string> | undefined;
  let ref: Record<string, string> | undefined;
  let first = 0;
  let run = 0;
  let texts = '';
  for (let i = from; i < to; i++) {
    const f = frames[i]!;
    if (run > 0 && f.seq === first + run) run++;
    else {
      if (run > 0) seq.push(first, run);
      first = f.seq;
      run = 1;
    }
    ts.push(f.ts);
    code.push(DIR_CODE[f.dir]! + KIND_CODE[f.kind]!);
    size.push(f.size);
    len.push(f.text.length);
    method.push(f.method);
    rpcId.push(f.rpcId);
    if (f.b64 !== undefined) (b64 ??= {})[i - from] = f.b64;
    if (f.origin !== undefined) (origin ??= {})[i - from] = f.origin;
    const r = refs?.get(f.seq);
    if (r !== undefined) (ref ??= {})[i - from] = r;
    texts += f.text;
  }
  if (run > 0) seq.push(first, run);
  const header: PackedFramesHeader = { type: 'frames', sessionId, n: to - from, seq, ts, code, size, len, method, rpcId };
  if (b64) header.b64 = b64;
  if (origin) header.origin = origin;
  if (ref) header.ref = ref;
  return `${JSON.stringify(header)}\n${texts}`;
}

/** Whether a message from the relay is a packed `frames` message (any other is one line of JSON). */
export function isPacked(message: string): boolean {
  return message.indexOf('\n') !== -1;
}

/**
 * The frames of a packed message, or why they cannot be read. The frames are built as the header says; their fields'
 * types are for the caller's schema to check (an unknown code or origin comes out as it is, and fails there).
 */
export function unpackFrames(message: string): { ok: true; sessionId: string; frames: FrameRecord[]; sent?: SendAck[] } | { ok: false; error: string } {
  const nl = message.indexOf('\n');
  let h: PackedFramesHeader;
  try {
    h = JSON.parse(message.slice(0, nl)) as PackedFramesHeader;
  } catch (err) {
    return { ok: false, error: `a packed frames message whose header is not JSON (${err instanceof Error ? err.message : String(err)})` };
  }
  const bad = headerProblem(h);
  if (bad) return { ok: false, error: `a packed frames message ${bad}` };
  const frames: FrameRecord[] = [];
  let sent: SendAck[] | undefined;
  let at = nl + 1;
  let i = 0;
  for (let r = 0; r < h.seq.length; r += 2) {
    for (let s = h.seq[r]!, end = s + h.seq[r + 1]!; s < end; s++, i++) {
      const code = h.code[i]!;
      const text = message.slice(at, (at += h.len[i]!));
      const f = {
        seq: s,
        ts: h.ts[i]!,
        dir: FRAME_DIRS[code >> 4],
        kind: FRAME_KINDS[code & 15],
        text,
        size: h.size[i]!,
        method: h.method[i]!,
        rpcId: h.rpcId[i]!,
      } as FrameRecord;
      const b64 = h.b64?.[i];
      if (b64 !== undefined) f.b64 = b64;
      const origin = h.origin?.[i];
      if (origin !== undefined) f.origin = origin as FrameRecord['origin'];
      const ref = h.ref?.[i];
      if (ref !== undefined) (sent ??= []).push({ ref, seq: s });
      frames.push(f);
    }
  }
  if (at !== message.length)
    return { ok: false, error: `a packed frames message whose texts hold ${message.length - nl - 1} characters, not the ${at - nl - 1} its lengths add up to` };
  return sent === undefined ? { ok: true, sessionId: h.sessionId, frames } : { ok: true, sessionId: h.sessionId, frames, sent };
}

/** What is wrong with a header's shape, or null: columns of the right kind and length, runs that add up to n. */
function headerProblem(h: PackedFramesHeader): string | null {
  if (typeof h !== 'object' || h === null || h.type !== 'frames') return 'whose header is not a frames header';
  if (typeof h.sessionId !== 'string') return 'without a sessionId';
  if (!Number.isInteger(h.n) || h.n < 0) return 'without a frame count';
  for (const col of ['seq', 'ts', 'code', 'size', 'len', 'method', 'rpcId'] as const) {
    if (!Array.isArray(h[col])) return `without its ${col} column`;
    if (col !== 'seq' && h[col].length !== h.n) return `whose ${col} column holds ${h[col].length} entries for ${h.n} frames`;
  }
  let runs = 0;
  for (let r = 0; r < h.seq.length; r += 2) {
    const [first, count] = [h.seq[r], h.seq[r + 1]];
    if (!Number.isInteger(first) || !Number.isInteger(count) || count! < 1) return 'whose seq runs are not pairs of whole numbers';
    // Past 2^53 - 1 a seq no longer counts up by one (2^53 + 1 is 2^53): the unpacking loop would never end.
    if (!Number.isSafeInteger(first) || first! > Number.MAX_SAFE_INTEGER - (count! - 1))
      return `whose seq run from ${first} runs past ${Number.MAX_SAFE_INTEGER}`;
    runs += count!;
  }
  if (runs !== h.n) return `whose seq runs count ${runs} frames, not ${h.n}`;
  for (let i = 0; i < h.n; i++) {
    const [code, len] = [h.code[i], h.len[i]];
    if (!Number.isInteger(len) || len! < 0) return `whose frame ${i} has no text length`;
    if (!Number.isInteger(code) || FRAME_DIRS[code! >> 4] === undefined || FRAME_KINDS[code! & 15] === undefined)
      return `whose frame ${i} has an unknown code ${JSON.stringify(code)}`;
  }
  for (const col of ['b64', 'origin', 'ref'] as const) {
    const sparse = h[col];
    if (sparse !== undefined && (typeof sparse !== 'object' || sparse === null || Array.isArray(sparse))) return `whose ${col} is not an object`;
  }
  return null;
}
