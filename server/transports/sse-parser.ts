// Splits a text/event-stream into events by the WHATWG rules, keeping each event's raw text, comments and fields.

export interface SseEvent {
  /** The `event` field, when the block had one. */
  event?: string;
  /** The data lines joined by "\n"; undefined when the block had no data line at all. */
  data?: string;
  /** The `id` field as sent in this block ("" resets the last event id); ids containing NUL are ignored. */
  id?: string;
  /** The `retry` field, only when it was all ASCII digits. */
  retry?: number;
  comments: string[];
  /** The block as it arrived, line endings normalised to "\n", capped like the data. */
  raw: string;
  /** The stream ended before the blank line; browsers drop such an event, an inspector shows it. */
  incomplete?: boolean;
  /** The data passed the cap: `data` is its head and `dataSize` the full length in characters. */
  oversize?: boolean;
  dataSize: number;
}

const DEFAULT_MAX_EVENT_CHARS = 16 * 1024 * 1024;
const RAW_HEAD_CHARS = 64 * 1024;

export class SseParser {
  private readonly decoder = new TextDecoder('utf-8');
  private line = '';
  /** A line longer than the cap: the rest of it is counted, not kept. */
  private lineDropped = 0;
  private afterCR = false;
  private block: SseEvent | null = null;
  private dataParts: string[] = [];
  private dataLength = 0;

  constructor(private readonly maxEventChars = DEFAULT_MAX_EVENT_CHARS) {}

  /** Feeds bytes (or already decoded text); returns the events the chunk completed, in order. */
  push(chunk: Uint8Array | string): SseEvent[] {
    const text = typeof chunk === 'string' ? chunk : this.decoder.decode(chunk, { stream: true });
    const out: SseEvent[] = [];
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c !== 10 && c !== 13) continue;
      // A CR that ended the previous chunk already ended this line; its LF is not a second, empty line.
      if (c === 10 && this.afterCR && i === 0 && this.line === '') {
        this.afterCR = false;
        start = 1;
        continue;
      }
      this.append(text.slice(start, i));
      this.endLine(out);
      this.afterCR = c === 13 && i === text.length - 1;
      if (c === 13 && text.charCodeAt(i + 1) === 10) i++;
      start = i + 1;
    }
    if (start < text.length) {
      this.afterCR = false;
      this.append(text.slice(start));
    }
    return out;
  }

  /** The stream ended: an unterminated block comes back marked incomplete (never to be dispatched). */
  end(): SseEvent[] {
    const out: SseEvent[] = [];
    const rest = this.decoder.decode();
    if (rest) this.append(rest);
    if (this.line !== '' || this.lineDropped > 0) this.endLine(out);
    if (this.block) out.push({ ...this.finish(), incomplete: true });
    return out;
  }

  private append(part: string): void {
    if (this.lineDropped > 0 || this.line.length + part.length > this.maxEventChars) {
      const room = Math.max(0, this.maxEventChars - this.line.length);
      this.line += part.slice(0, room);
      this.lineDropped += part.length - Math.min(room, part.length);
      return;
    }
    this.line += part;
  }

  private endLine(out: SseEvent[]): void {
    const line = this.line;
    const dropped = this.lineDropped;
    this.line = '';
    this.lineDropped = 0;
    if (line === '' && dropped === 0) {
      if (this.block) out.push(this.finish());
      return;
    }
    const b = (this.block ??= { comments: [], raw: '', dataSize: 0 });
    if (b.raw.length < RAW_HEAD_CHARS) b.raw += `${line.slice(0, RAW_HEAD_CHARS - b.raw.length)}\n`;
    if (line.startsWith(':')) {
      b.comments.push(line.slice(1).replace(/^ /, ''));
      return;
    }
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    switch (field) {
      case 'data':
        this.addData(value, dropped);
        break;
      case 'event':
        b.event = value;
        break;
      case 'id':
        if (!value.includes('\0')) b.id = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) b.retry = Number(value);
        break;
      default:
        // Unknown fields are ignored by the spec; the raw text still shows them.
        break;
    }
  }

  private addData(value: string, dropped: number): void {
    const b = this.block!;
    const sep = b.data === undefined ? 0 : 1;
    const size = sep + value.length + dropped;
    if (b.data === undefined) b.data = '';
    if (this.dataLength + size > this.maxEventChars || dropped > 0) b.oversize = true;
    const room = Math.max(0, this.maxEventChars - this.dataLength);
    const piece = (sep ? '\n' : '') + value;
    if (room > 0) this.dataParts.push(piece.slice(0, room));
    this.dataLength += Math.min(room, piece.length);
    b.dataSize += size;
  }

  private finish(): SseEvent {
    const b = this.block!;
    if (b.data !== undefined) b.data = this.dataParts.join('');
    this.block = null;
    this.dataParts = [];
    this.dataLength = 0;
    return b;
  }
}
