// Splits a byte stream into newline-terminated lines, byte-exact, with a cap so one endless line can't exhaust memory.

export type LineEvent =
  | { type: 'line'; bytes: Buffer }
  /** A line longer than the cap: only its first `head` bytes are kept; `size` is the whole line's length. */
  | { type: 'oversize'; head: Buffer; size: number };

export const DEFAULT_MAX_LINE_BYTES = 16 * 1024 * 1024;
const OVERSIZE_HEAD_BYTES = 64 * 1024;

const NEWLINE = 0x0a;

export class LineBuffer {
  private chunks: Buffer[] = [];
  private length = 0;
  /** Set once the current line passed the cap: from then on bytes are counted, not kept. */
  private overflow: { head: Buffer; size: number } | null = null;

  constructor(
    private readonly maxLineBytes = DEFAULT_MAX_LINE_BYTES,
    private readonly headBytes = Math.min(OVERSIZE_HEAD_BYTES, maxLineBytes),
  ) {}

  /** Feeds a chunk; returns the lines it completed, in order. */
  push(chunk: Buffer): LineEvent[] {
    const out: LineEvent[] = [];
    this.each(
      chunk,
      (bytes) => out.push({ type: 'line', bytes }),
      (head, size) => out.push({ type: 'oversize', head, size }),
    );
    return out;
  }

  /**
   * Feeds a chunk and hands each line it completes to `onLine` (or `onOversize`), in order. The path of a flood: a line
   * that lies whole in the chunk, with nothing held before it, is handed out as a view of the chunk, with no event
   * object, no array of events and no array of parts made for it (stream chunks are never reused).
   */
  each(chunk: Buffer, onLine: (bytes: Buffer) => void, onOversize: (head: Buffer, size: number) => void): void {
    let start = 0;
    while (start <= chunk.length) {
      const nl = chunk.indexOf(NEWLINE, start);
      if (nl !== -1 && this.length === 0 && this.overflow === null && nl - start <= this.maxLineBytes) {
        onLine(chunk.subarray(start, nl));
        start = nl + 1;
        continue;
      }
      this.append(chunk.subarray(start, nl === -1 ? chunk.length : nl));
      if (nl === -1) break;
      const ev = this.take();
      if (ev.type === 'line') onLine(ev.bytes);
      else onOversize(ev.head, ev.size);
      start = nl + 1;
    }
  }

  /** The stream ended: a trailing line without a newline still counts. */
  end(): LineEvent[] {
    return this.length > 0 || this.overflow ? [this.take()] : [];
  }

  /** Bytes currently held for an unfinished line (never more than the cap). */
  get pendingBytes(): number {
    return this.length;
  }

  private append(part: Buffer): void {
    if (part.length === 0) return;
    if (this.overflow) {
      this.overflow.size += part.length;
      return;
    }
    if (this.length + part.length > this.maxLineBytes) {
      const held = Buffer.concat([...this.chunks, part.subarray(0, Math.max(0, this.headBytes - this.length))]);
      this.overflow = { head: held.subarray(0, this.headBytes), size: this.length + part.length };
      this.chunks = [];
      this.length = 0;
      return;
    }
    this.chunks.push(part);
    this.length += part.length;
  }

  /** The line held so far, or its head when it passed the cap; then nothing is held. */
  private take(): LineEvent {
    if (this.overflow) {
      const ev: LineEvent = { type: 'oversize', head: this.overflow.head, size: this.overflow.size };
      this.overflow = null;
      return ev;
    }
    // A lone chunk is handed out without copying: stream chunks are never reused.
    const bytes = this.chunks.length === 0 ? Buffer.alloc(0) : this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.length);
    this.chunks = [];
    this.length = 0;
    return { type: 'line', bytes };
  }
}
