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
import { BundleError, type BundleEvent } from '../bundle/bundle-reader.js';
import type { BundleFinding } from '../bundle/bundle-format.js';
import { packFrames } from '../frames-wire.js';
import type { FrameRecord } from '../relay-protocol.js';
import type { ClientFrame } from '../replay/replay-plan.js';
import { SHARE_FORMAT, SHARE_FORMAT_VERSION, type ShareContents, type ShareTag } from './share-unpacker.js';

export { ShareUnpacker, unpackShare, type ShareContents } from './share-unpacker.js';
export { frameProblem } from '../frames-check.js';

/** Frames a block holds: small enough that the page can unpack and show one block in a task of its own. */
const FRAMES_PER_BLOCK = 5_000;
const FINDINGS_PER_BLOCK = 5_000;

function block(tag: ShareTag, body: string): string {
  return `${tag} ${body.length}\n${body}`;
}

/** The client frame a transcript frame makes in a bundle (bundle-writer.ts): its text, timing and origin. */
export function clientFrameOf(f: FrameRecord, startedAt: number): ClientFrame {
  return { seq: f.seq, offsetMs: Math.max(0, f.ts - startedAt), text: f.text, ...(f.b64 ? { b64: f.b64 } : {}), ...(f.origin ? { origin: f.origin } : {}) };
}

const sameClient = (a: ClientFrame, b: ClientFrame) =>
  a.seq === b.seq && a.offsetMs === b.offsetMs && a.text === b.text && a.b64 === b.b64 && a.origin === b.origin;

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
