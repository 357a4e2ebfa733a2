// Reads a share text (the format is described in share-data.ts) as it arrives: the page unpacks the file's data while
// it is still inflating it, so the first frames reach the log before the last ones are decoded; the CLI reads a whole
// text in one push. Every part is checked by the bundle's own schemas, and a text that is not a share text fails with
// a BundleError at the first block that shows it.
import { BundleError, header, item, trailer, type BundleEvent } from '../bundle/bundle-reader.js';
import type { BundleFinding, BundleHeader, BundleTrailer } from '../bundle/bundle-format.js';
import { frameProblem } from '../frames-check.js';
import { unpackFrames } from '../frames-wire.js';
import type { FrameRecord } from '../relay-protocol.js';
import type { ClientFrame } from '../replay/replay-plan.js';

export const SHARE_FORMAT = 'mcpscope-share';
export const SHARE_FORMAT_VERSION = 1;
const SHARE_TAGS = ['header', 'frames', 'clients', 'findings', 'trailer'] as const;
export type ShareTag = (typeof SHARE_TAGS)[number];
/** A tag line is a tag, a space and a length: anything longer without a newline is not one. */
const MAX_TAG_LINE = 40;

/** What a share text holds, every part checked by the bundle's schemas. */
export interface ShareContents {
  header: BundleHeader;
  frames: FrameRecord[];
  /** null when they are the transcript's outgoing frames (see clientFramesOf). */
  clients: ClientFrame[] | null;
  findings: BundleFinding[];
  trailer: BundleTrailer;
}

/** What the unpacker hands over as it reads: the header first, then each block of frames in seq order. */
export interface ShareSink {
  header?(header: BundleHeader): void;
  frames(frames: FrameRecord[]): void;
}

function json(body: string, what: string): unknown {
  try {
    return JSON.parse(body);
  } catch (err) {
    throw new BundleError(`the share file's ${what} is not valid JSON: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** Takes a share text in pieces of any size (push), hands frames to the sink block by block, and checks the end (end). */
export class ShareUnpacker {
  private text = '';
  private at = 0;
  /** The text's length at which the block being waited for is whole: pushes short of it are only appended. */
  private need = 0;
  private head: BundleHeader | null = null;
  private tail: BundleTrailer | null = null;
  private clients: ClientFrame[] | null = null;
  private readonly findings: BundleFinding[] = [];
  private lastSeq = 0;
  /** How many frames have been handed over so far. */
  frameCount = 0;

  constructor(private readonly sink: ShareSink) {}

  get header(): BundleHeader | null {
    return this.head;
  }

  push(piece: string): void {
    const consumed = this.at;
    this.text = consumed === 0 ? this.text + piece : this.text.slice(consumed) + piece;
    this.at = 0;
    this.need = Math.max(0, this.need - consumed);
    // Looking into the text flattens it: done once a block can be whole, not on every small piece.
    if (this.text.length < this.need) return;
    while (this.next());
  }

  /** The text is complete: what it held besides its frames, or a BundleError saying why it is not a whole share text. */
  end(): Omit<ShareContents, 'frames'> {
    if (this.at < this.text.length) {
      const m = /^([a-z]+) (\d+)\n/.exec(this.text.slice(this.at, this.at + MAX_TAG_LINE + 1));
      if (m && (SHARE_TAGS as readonly string[]).includes(m[1]!)) throw new BundleError(`the share file ends inside its ${m[1]} block: it is truncated`);
      throw this.unexpected();
    }
    if (!this.head) throw new BundleError('the share file has no header');
    if (!this.tail) throw new BundleError('the share file ends early (no trailer): it is truncated');
    return { header: this.head, clients: this.clients, findings: this.findings, trailer: this.tail };
  }

  private unexpected(): BundleError {
    return new BundleError(`unexpected text in the share file at ${this.at}: ${JSON.stringify(this.text.slice(this.at, this.at + 40))}`);
  }

  /** Reads one whole block if the text holds one; false when it must wait for more. */
  private next(): boolean {
    const { text, at } = this;
    if (at >= text.length) return false;
    if (this.tail) throw new BundleError("text after the share file's trailer");
    const nl = text.indexOf('\n', at);
    if (nl === -1 || nl - at > MAX_TAG_LINE) {
      if (text.length - at > MAX_TAG_LINE) throw this.unexpected();
      this.need = text.length + 1;
      return false;
    }
    const m = /^([a-z]+) (\d+)$/.exec(text.slice(at, nl));
    if (!m || !(SHARE_TAGS as readonly string[]).includes(m[1]!)) throw this.unexpected();
    const end = nl + 1 + Number(m[2]);
    if (end > text.length) {
      this.need = end;
      return false;
    }
    this.at = end;
    this.read(m[1] as ShareTag, text.slice(nl + 1, end));
    return true;
  }

  private read(tag: ShareTag, body: string): void {
    if (tag !== 'header' && !this.head) throw new BundleError('the share file does not start with its header');
    if (tag === 'header') {
      if (this.head) throw new BundleError('the share file has two headers');
      const root = json(body, 'header') as { format?: unknown; formatVersion?: unknown; header?: unknown } | null;
      if (root?.format !== SHARE_FORMAT) throw new BundleError(`not an mcpscope share file (no "format": "${SHARE_FORMAT}")`);
      if (root.formatVersion !== SHARE_FORMAT_VERSION) throw new BundleError(`share format version ${String(root.formatVersion)} is not supported`);
      this.head = (header(root.header) as Extract<BundleEvent, { type: 'header' }>).header;
      this.sink.header?.(this.head);
    } else if (tag === 'frames') {
      const r = unpackFrames(body);
      if (!r.ok) throw new BundleError(`the share file's frames: ${r.error}`);
      for (const f of r.frames) {
        const bad = frameProblem(f);
        if (bad) throw new BundleError(`a transcript element does not have the expected shape: frame ${f.seq}'s ${bad}`);
        if (f.seq <= this.lastSeq) throw new BundleError(`frame seq ${f.seq} is out of order`);
        this.lastSeq = f.seq;
      }
      this.frameCount += r.frames.length;
      this.sink.frames(r.frames);
    } else if (tag === 'findings' || tag === 'clients') {
      const arr = json(body, tag);
      if (!Array.isArray(arr)) throw new BundleError(`the share file's ${tag} block is not an array`);
      if (tag === 'findings') for (const v of arr) this.findings.push((item('findings', v) as Extract<BundleEvent, { type: 'finding' }>).finding);
      else this.clients = arr.map((v) => (item('clientFrames', v) as Extract<BundleEvent, { type: 'clientFrame' }>).frame);
    } else this.tail = (trailer(json(body, 'trailer')) as Extract<BundleEvent, { type: 'trailer' }>).trailer;
  }
}

/** Reads a whole share text; throws BundleError on anything that is not one. */
export function unpackShare(text: string): ShareContents {
  const frames: FrameRecord[] = [];
  const u = new ShareUnpacker({ frames: (fs) => frames.push(...fs) });
  u.push(text);
  return { ...u.end(), frames };
}
