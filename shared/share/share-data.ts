// The share file's data: a repro bundle re-laid for size (the HTML file carries it gzipped and base64-encoded). It holds
// what the bundle holds, checked by the bundle's own schemas on the way out, so an HTML file reads back as that bundle.
//
// The text, block by block, each block a tag line `<tag> <length>\n` then `length` UTF-16 code units of body:
//   header    the bundle header, JSON
//   frames    up to FRAMES_PER_BLOCK transcript frames as a packed `frames` message (shared/frames-wire.ts: fields in
//             columns, texts one after another, unescaped), repeated
//   clients   the client frames, JSON, only when they are not exactly the transcript's outgoing frames (a bundle written
//             by mcpscope always has them so: they are then derived, and not stored twice)
//   findings  up to FINDINGS_PER_BLOCK findings, a JSON array, repeated
//   trailer   the bundle trailer, JSON; last
// Lengths make the blocks self-delimiting with no escaping; a bundle's JSON escapes every quote of every frame and
// repeats the clients' texts, which is why this is smaller than the bundle even after both are compressed.
import { BundleError, header, item, trailer, type BundleEvent } from '../bundle/bundle-reader.js';
import type { BundleFinding, BundleHeader, BundleTrailer } from '../bundle/bundle-format.js';
import { isFrameOrigin } from '../frame-origin.js';
import { packFrames, unpackFrames } from '../frames-wire.js';
import type { FrameRecord } from '../relay-protocol.js';
import type { ClientFrame } from '../replay/replay-plan.js';

const SHARE_FORMAT = 'mcpscope-share';
const SHARE_FORMAT_VERSION = 1;
const FRAMES_PER_BLOCK = 5_000;
const FINDINGS_PER_BLOCK = 5_000;
const TAGS = ['header', 'frames', 'clients', 'findings', 'trailer'] as const;
type Tag = (typeof TAGS)[number];

function block(tag: Tag, body: string): string {
  return `${tag} ${body.length}\n${body}`;
}

/** The client frame a transcript frame makes in a bundle (bundle-writer.ts): its text, timing and origin. */
export function clientFrameOf(f: FrameRecord, startedAt: number): ClientFrame {
  return { seq: f.seq, offsetMs: Math.max(0, f.ts - startedAt), text: f.text, ...(f.b64 ? { b64: f.b64 } : {}), ...(f.origin ? { origin: f.origin } : {}) };
}

const sameClient = (a: ClientFrame, b: ClientFrame) => a.seq === b.seq && a.offsetMs === b.offsetMs && a.text === b.text && a.b64 === b.b64 && a.origin === b.origin;

/**
 * Takes a bundle's events in file order and emits the share text a block at a time (`emit` may wait: a slow writer
 * holds the packer back). Client frames are held until the transcript shows whether they can be derived from it.
 */
export class SharePacker {
  private startedAt = 0;
  private readonly clients: ClientFrame[] = [];
  private matched = 0;
  private derived = true;
  private frames: FrameRecord[] = [];
  private findings: BundleFinding[] = [];
  private sawHeader = false;

  constructor(private readonly emit: (text: string) => Promise<void> | void) {}

  async push(ev: BundleEvent): Promise<void> {
    if (ev.type === 'header') {
      this.sawHeader = true;
      this.startedAt = ev.header.session.startedAt;
      await this.emit(`${block('header', JSON.stringify({ format: SHARE_FORMAT, formatVersion: SHARE_FORMAT_VERSION, header: ev.header }))}`);
    } else if (!this.sawHeader) throw new BundleError('the bundle has no header before its frames');
    else if (ev.type === 'clientFrame') this.clients.push(ev.frame);
    else if (ev.type === 'frame') {
      if (ev.frame.dir === 'out') {
        const c = this.clients[this.matched];
        if (c !== undefined && sameClient(c, clientFrameOf(ev.frame, this.startedAt))) this.matched++;
        else this.derived = false;
      }
      this.frames.push(ev.frame);
      if (this.frames.length >= FRAMES_PER_BLOCK) await this.flushFrames();
    } else if (ev.type === 'finding') {
      await this.flushFrames();
      this.findings.push(ev.finding);
      if (this.findings.length >= FINDINGS_PER_BLOCK) await this.flushFindings();
    } else {
      await this.flushFrames();
      await this.flushFindings();
      if (!this.derived || this.matched !== this.clients.length) await this.emit(block('clients', JSON.stringify(this.clients)));
      await this.emit(block('trailer', JSON.stringify(ev.trailer)));
    }
  }

  private async flushFrames(): Promise<void> {
    if (this.frames.length === 0) return;
    const text = packFrames('share', this.frames);
    this.frames = [];
    await this.emit(block('frames', text));
  }

  private async flushFindings(): Promise<void> {
    if (this.findings.length === 0) return;
    const text = JSON.stringify(this.findings);
    this.findings = [];
    await this.emit(block('findings', text));
  }
}

/** What a share text holds, every part checked by the bundle's schemas. */
export interface ShareContents {
  header: BundleHeader;
  frames: FrameRecord[];
  /** null when they are the transcript's outgoing frames (see clientFramesOf). */
  clients: ClientFrame[] | null;
  findings: BundleFinding[];
  trailer: BundleTrailer;
}

function json(body: string, what: string): unknown {
  try {
    return JSON.parse(body);
  } catch (err) {
    throw new BundleError(`the share file's ${what} is not valid JSON: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/**
 * What FrameRecordSchema would refuse in a frame unpackFrames made, or null. unpackFrames has checked what its columns
 * decide (seq runs, direction and kind codes, text lengths); this checks the rest, field by field. A zod parse per frame
 * did the same in 20 µs a frame, two of the three seconds a 100,000-frame file took to read in the page;
 * test/unit/share/share-data.test.ts holds the two to the same verdicts.
 */
export function frameProblem(f: FrameRecord): string | null {
  if (typeof f.ts !== 'number' || !Number.isFinite(f.ts)) return 'ts';
  if (!Number.isInteger(f.size)) return 'size';
  if (f.method !== null && typeof f.method !== 'string') return 'method';
  if (f.rpcId !== null && typeof f.rpcId !== 'string') return 'rpcId';
  if (f.b64 !== undefined && typeof f.b64 !== 'string') return 'b64';
  if (f.origin !== undefined && !isFrameOrigin(f.origin)) return 'origin';
  return null;
}

/** Reads a whole share text; throws BundleError on anything that is not one. */
export function unpackShare(text: string): ShareContents {
  let at = 0;
  let head: BundleHeader | null = null;
  let tail: BundleTrailer | null = null;
  let clients: ClientFrame[] | null = null;
  const frames: FrameRecord[] = [];
  const findings: BundleFinding[] = [];
  while (at < text.length) {
    if (tail) throw new BundleError('text after the share file\'s trailer');
    const nl = text.indexOf('\n', at);
    const m = nl === -1 ? null : /^([a-z]+) (\d+)$/.exec(text.slice(at, nl));
    if (!m || !(TAGS as readonly string[]).includes(m[1]!)) throw new BundleError(`unexpected text in the share file at ${at}: ${JSON.stringify(text.slice(at, at + 40))}`);
    const tag = m[1] as Tag;
    const end = nl + 1 + Number(m[2]);
    if (end > text.length) throw new BundleError(`the share file ends inside its ${tag} block: it is truncated`);
    const body = text.slice(nl + 1, end);
    at = end;
    if (tag !== 'header' && !head) throw new BundleError('the share file does not start with its header');
    if (tag === 'header') {
      if (head) throw new BundleError('the share file has two headers');
      const root = json(body, 'header') as { format?: unknown; formatVersion?: unknown; header?: unknown } | null;
      if (root?.format !== SHARE_FORMAT) throw new BundleError(`not an mcpscope share file (no "format": "${SHARE_FORMAT}")`);
      if (root.formatVersion !== SHARE_FORMAT_VERSION) throw new BundleError(`share format version ${String(root.formatVersion)} is not supported`);
      head = (header(root.header) as Extract<BundleEvent, { type: 'header' }>).header;
    } else if (tag === 'frames') {
      const r = unpackFrames(body);
      if (!r.ok) throw new BundleError(`the share file's frames: ${r.error}`);
      for (const f of r.frames) {
        const bad = frameProblem(f);
        if (bad) throw new BundleError(`a transcript element does not have the expected shape: frame ${f.seq}'s ${bad}`);
        if (frames.length > 0 && f.seq <= frames.at(-1)!.seq) throw new BundleError(`frame seq ${f.seq} is out of order`);
        frames.push(f);
      }
    } else if (tag === 'findings' || tag === 'clients') {
      const arr = json(body, tag);
      if (!Array.isArray(arr)) throw new BundleError(`the share file's ${tag} block is not an array`);
      if (tag === 'findings') for (const v of arr) findings.push((item('findings', v) as Extract<BundleEvent, { type: 'finding' }>).finding);
      else clients = arr.map((v) => (item('clientFrames', v) as Extract<BundleEvent, { type: 'clientFrame' }>).frame);
    } else tail = (trailer(json(body, 'trailer')) as Extract<BundleEvent, { type: 'trailer' }>).trailer;
  }
  if (!head) throw new BundleError('the share file has no header');
  if (!tail) throw new BundleError('the share file ends early (no trailer): it is truncated');
  return { header: head, frames, clients, findings, trailer: tail };
}

/** The client frames a replay sends: stored ones, or the transcript's outgoing frames. */
function clientFramesOf(c: ShareContents): ClientFrame[] {
  return c.clients ?? c.frames.filter((f) => f.dir === 'out').map((f) => clientFrameOf(f, c.header.session.startedAt));
}

/** The share file's contents as the events of the bundle it was made from, in a bundle's order. */
export function* shareEvents(c: ShareContents): Generator<BundleEvent> {
  yield { type: 'header', header: c.header };
  for (const frame of clientFramesOf(c)) yield { type: 'clientFrame', frame };
  for (const frame of c.frames) yield { type: 'frame', frame };
  for (const finding of c.findings) yield { type: 'finding', finding };
  yield { type: 'trailer', trailer: c.trailer };
}
