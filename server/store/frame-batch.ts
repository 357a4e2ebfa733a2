// Packs frames for the writer: numbers and string references in typed arrays, and every text's UTF-8 bytes (as they
// came off the wire) in one block, so handing a batch to the writer thread shares a few blocks of memory instead of
// cloning eleven values a frame, and the writer binds each text's bytes instead of encoding its string again. The
// blocks are shared memory, lent to the writer thread and reused once it committed them: copying them for a transfer,
// and allocating new ones for every batch, cost the relay's thread about a tenth of its time in a flood, and the
// collector as much again (memory outside V8's heap that grows quickly brings full collections on sooner).
// Each block is made at its full size once and pooled: blocks that grew by doubling (16 KB → 2 MB for every batch made
// while the writer was behind) left their outgrown shared memory to two isolates' collectors, which freed it late, and
// the relay's RSS kept what that garbage had taken: 280 MB after a 3M flood against 174 MB with whole pooled blocks
// (`node bench/memory.mjs`, docs/performance.md "Memory after a flood").
import type { FrameRecord } from '../../shared/relay-protocol.js';

/** Per frame in `nums`: seq, ts, size, and the length of its text's bytes in `bytes` (-1: the text is in `strings`). */
const NUMS = 4;
/** Per frame in `refs`, indexes into `strings` (-1 for null): session id, dir, kind, method, rpc id, text, base64 of raw bytes, origin. */
const REFS = 8;
/** Text bytes a batch holds before it asks to be posted; a text larger than this travels as a string. */
export const BATCH_BYTES = 1 << 20;

/** A batch as it travels: views of the used part of each block, in memory shared with the writer thread. */
export interface PackedFrames {
  count: number;
  nums: Float64Array<SharedArrayBuffer>;
  refs: Int32Array<SharedArrayBuffer>;
  strings: string[];
  bytes: Uint8Array<SharedArrayBuffer>;
}

/** A batch's memory: kept whole from batch to batch, grown ones included. */
interface Blocks {
  nums: Float64Array<SharedArrayBuffer>;
  refs: Int32Array<SharedArrayBuffer>;
  bytes: Uint8Array<SharedArrayBuffer>;
}

/**
 * Blocks given back and not yet taken again. As many as can be out at once (the writer thread's MAX_BEHIND batches in
 * flight, the one being filled and one spare), so a flood makes no new blocks once it has made these; untouched pages
 * of a block cost no memory, so a pool of flood-sized batches holds about half a MB each.
 */
const spare: Blocks[] = [];
const MAX_SPARE = 18;
/** Frames a block of numbers holds: the recorder's batch (FLUSH_AT, 2,000) fits; a larger one grows its own. */
const FRAMES = 2048;
/** Text bytes a block holds: a batch is posted once it holds BATCH_BYTES, and no text over BATCH_BYTES goes in bytes. */
const BYTES = 2 * BATCH_BYTES;
let made = 0;

/** Blocks made so far in this process (a set of three per count): a test checks that a flood stops making them. */
export function blocksMade(): number {
  return made;
}

/** Sets of blocks in the pool now, waiting for a batch. */
export function spareBlocks(): number {
  return spare.length;
}

/**
 * Lets go of pooled blocks beyond `keep`, for the collector to free: a quiet writer after a flood holds what ordinary
 * traffic needs (a batch or two), and a new flood makes the rest again (18 sets of three, a few ms). Returns how many
 * sets it let go.
 */
export function trimSpare(keep: number): number {
  const extra = Math.max(0, spare.length - keep);
  spare.length -= extra;
  return extra;
}

export class FrameBatch {
  count = 0;
  private nums: Float64Array<SharedArrayBuffer>;
  private refs: Int32Array<SharedArrayBuffer>;
  private readonly strings: string[] = [];
  /** Values that repeat from frame to frame (session ids, dirs, kinds, methods, origins) are stored once. */
  private readonly shared = new Map<string, number>();
  private bytes: Uint8Array<SharedArrayBuffer>;
  private used = 0;
  private released = false;

  constructor() {
    const b = spare.pop();
    if (!b) made++;
    this.nums = b?.nums ?? new Float64Array(new SharedArrayBuffer(FRAMES * NUMS * 8));
    this.refs = b?.refs ?? new Int32Array(new SharedArrayBuffer(FRAMES * REFS * 4));
    this.bytes = b?.bytes ?? new Uint8Array(new SharedArrayBuffer(BYTES));
  }

  /** Whether the batch holds enough text to be posted now, whatever its frame count. */
  get full(): boolean {
    return this.used >= BATCH_BYTES;
  }

  /** Adds a frame; `textBytes`, when given, must be exactly the UTF-8 of its text (the bytes it was decoded from). */
  add(sessionId: string, f: FrameRecord, textBytes?: Buffer): void {
    const n = this.count++;
    if (n * NUMS === this.nums.length) {
      this.nums = grown(this.nums, new Float64Array(new SharedArrayBuffer(this.nums.byteLength * 2)));
      this.refs = grown(this.refs, new Int32Array(new SharedArrayBuffer(this.refs.byteLength * 2)));
    }
    const i = n * NUMS;
    const r = n * REFS;
    this.nums[i] = f.seq;
    this.nums[i + 1] = f.ts;
    this.nums[i + 2] = f.size;
    this.refs[r] = this.ref(sessionId);
    this.refs[r + 1] = this.ref(f.dir);
    this.refs[r + 2] = this.ref(f.kind);
    this.refs[r + 3] = f.method === null ? -1 : this.ref(f.method);
    this.refs[r + 4] = f.rpcId === null ? -1 : this.own(f.rpcId);
    // Fits: a batch holding BATCH_BYTES is full and posted, so used + a text of at most BATCH_BYTES stays within BYTES.
    if (textBytes !== undefined && textBytes.length <= BATCH_BYTES && this.used + textBytes.length <= this.bytes.length) {
      this.bytes.set(textBytes, this.used);
      this.used += textBytes.length;
      this.nums[i + 3] = textBytes.length;
      this.refs[r + 5] = -1;
    } else {
      this.nums[i + 3] = -1;
      this.refs[r + 5] = this.own(f.text);
    }
    this.refs[r + 6] = f.b64 === undefined ? -1 : this.own(f.b64);
    this.refs[r + 7] = f.origin === undefined ? -1 : this.ref(f.origin);
  }

  /** The batch's used parts, not copied: nothing may be added, nor the batch released, until the writer is done with them. */
  pack(): PackedFrames {
    if (this.released) throw new Error('a released batch was packed');
    return {
      count: this.count,
      nums: this.nums.subarray(0, this.count * NUMS),
      refs: this.refs.subarray(0, this.count * REFS),
      strings: this.strings,
      bytes: this.bytes.subarray(0, this.used),
    };
  }

  /** The writer has committed this batch: its blocks go to the next one (number blocks only at their first size). */
  release(): void {
    if (this.released) return;
    this.released = true;
    if (spare.length < MAX_SPARE && this.nums.length === FRAMES * NUMS) spare.push({ nums: this.nums, refs: this.refs, bytes: this.bytes });
  }

  private ref(value: string): number {
    let k = this.shared.get(value);
    if (k === undefined) this.shared.set(value, (k = this.own(value)));
    return k;
  }

  private own(value: string): number {
    return this.strings.push(value) - 1;
  }
}

function grown<T extends Float64Array<SharedArrayBuffer> | Int32Array<SharedArrayBuffer>>(from: T, to: T): T {
  to.set(from as never);
  return to;
}

/** The session id of frame `n`. */
export function sessionOf(p: PackedFrames, n: number): string {
  return p.strings[p.refs[n * REFS]!]!;
}

/**
 * Appends frame `n`'s values to `out` in the order of the frames table's columns after its session key, the text as
 * bytes where it has them (those start at `off` in `p.bytes`); returns where the next frame's bytes start. A plain
 * function the writer calls in its own loop: a callback made per batch cost V8 a deoptimization ("wrong call target")
 * and a recompilation of the loop on every new batch early in a flood.
 */
export function pushFrame(p: PackedFrames, n: number, off: number, out: unknown[]): number {
  const i = n * NUMS;
  const r = n * REFS;
  const len = p.nums[i + 3]!;
  const b64 = p.refs[r + 6]!;
  let text: unknown;
  if (len < 0) text = p.strings[p.refs[r + 5]!];
  else {
    text = p.bytes.subarray(off, off + len);
    off += len;
  }
  out.push(
    p.nums[i],
    p.nums[i + 1],
    str(p, p.refs[r + 1]!),
    str(p, p.refs[r + 2]!),
    text,
    p.nums[i + 2],
    str(p, p.refs[r + 3]!),
    str(p, p.refs[r + 4]!),
    b64 < 0 ? null : Buffer.from(p.strings[b64]!, 'base64'),
    str(p, p.refs[r + 7]!),
  );
  return off;
}

function str(p: PackedFrames, k: number): string | null {
  return k < 0 ? null : p.strings[k]!;
}
