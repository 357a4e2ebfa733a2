// Packs frames for the writer: numbers and string references in typed arrays, and every text's UTF-8 bytes (as they
// came off the wire) in one block, so handing a batch to the writer thread copies a few blocks of memory instead of
// cloning eleven values a frame, and the writer binds each text's bytes instead of encoding its string again.
import type { FrameRecord } from '../shared/relay-protocol.js';

/** Per frame in `nums`: seq, ts, size, and the length of its text's bytes in `bytes` (-1: the text is in `strings`). */
export const NUMS = 4;
/** Per frame in `refs`, indexes into `strings` (-1 for null): session id, dir, kind, method, rpc id, text, base64 of raw bytes, origin. */
export const REFS = 8;
/** Text bytes a batch holds before it asks to be posted; a text larger than this travels as a string. */
export const BATCH_BYTES = 1 << 20;

/** A batch as it travels: the used part of each block, copied out, so it can be transferred. */
export interface PackedFrames {
  count: number;
  nums: Float64Array<ArrayBuffer>;
  refs: Int32Array<ArrayBuffer>;
  strings: string[];
  bytes: Uint8Array<ArrayBuffer>;
}

export class FrameBatch {
  count = 0;
  private nums = new Float64Array(64 * NUMS);
  private refs = new Int32Array(64 * REFS);
  private readonly strings: string[] = [];
  /** Values that repeat from frame to frame (session ids, dirs, kinds, methods, origins) are stored once. */
  private readonly shared = new Map<string, number>();
  private bytes = Buffer.allocUnsafe(16 * 1024);
  private used = 0;

  /** Whether the batch holds enough text to be posted now, whatever its frame count. */
  get full(): boolean {
    return this.used >= BATCH_BYTES;
  }

  /** Adds a frame; `textBytes`, when given, must be exactly the UTF-8 of its text (the bytes it was decoded from). */
  add(sessionId: string, f: FrameRecord, textBytes?: Buffer): void {
    const n = this.count++;
    if (n * NUMS === this.nums.length) {
      this.nums = grown(this.nums, new Float64Array(this.nums.length * 2));
      this.refs = grown(this.refs, new Int32Array(this.refs.length * 2));
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
    if (textBytes !== undefined && textBytes.length <= BATCH_BYTES) {
      if (this.used + textBytes.length > this.bytes.length) {
        this.bytes = grown(this.bytes.subarray(0, this.used), Buffer.allocUnsafe(Math.max(this.bytes.length * 2, this.used + textBytes.length)));
      }
      this.used += textBytes.copy(this.bytes, this.used);
      this.nums[i + 3] = textBytes.length;
      this.refs[r + 5] = -1;
    } else {
      this.nums[i + 3] = -1;
      this.refs[r + 5] = this.own(f.text);
    }
    this.refs[r + 6] = f.b64 === undefined ? -1 : this.own(f.b64);
    this.refs[r + 7] = f.origin === undefined ? -1 : this.ref(f.origin);
  }

  /** The batch's used parts, copied: fit for a transfer, while this batch stays whole (the writer thread may die). */
  pack(): PackedFrames {
    return {
      count: this.count,
      nums: this.nums.slice(0, this.count * NUMS),
      refs: this.refs.slice(0, this.count * REFS),
      strings: this.strings,
      bytes: new Uint8Array(this.bytes.buffer.slice(this.bytes.byteOffset, this.bytes.byteOffset + this.used)),
    };
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

function grown<T extends Float64Array | Int32Array | Buffer>(from: T, to: T): T {
  to.set(from as never);
  return to;
}

/** Calls `row` with each frame's values in the order of the frames table's columns, the text as bytes where it has them. */
export function eachFrame(p: PackedFrames, row: (sessionId: string, values: unknown[]) => void): void {
  const str = (k: number) => (k < 0 ? null : p.strings[k]!);
  const values: unknown[] = new Array(10);
  let off = 0;
  for (let n = 0; n < p.count; n++) {
    const i = n * NUMS;
    const r = n * REFS;
    const len = p.nums[i + 3]!;
    const b64 = str(p.refs[r + 6]!);
    values[0] = p.nums[i];
    values[1] = p.nums[i + 1];
    values[2] = str(p.refs[r + 1]!);
    values[3] = str(p.refs[r + 2]!);
    values[4] = len < 0 ? str(p.refs[r + 5]!) : p.bytes.subarray(off, (off += len));
    values[5] = p.nums[i + 2];
    values[6] = str(p.refs[r + 3]!);
    values[7] = str(p.refs[r + 4]!);
    values[8] = b64 === null ? null : Buffer.from(b64, 'base64');
    values[9] = str(p.refs[r + 7]!);
    row(str(p.refs[r]!)!, values);
  }
}
