// Reads a bundle from a byte stream (a file, an upload) as events, one line at a time; an HTML share file (mcpscope
// export --html) is told apart by its first characters and read as the bundle it carries (share-reader.ts).
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { looksLikeHtml } from '../../shared/share/share-html.js';
import { BundleError, BundleLineReader, type BundleEvent } from '../../shared/bundle/bundle-reader.js';
import type { BundleHeader } from '../../shared/bundle/bundle-format.js';
import type { ClientFrame } from '../../shared/replay/replay-plan.js';
import type { FrameRecord } from '../../shared/relay-protocol.js';

export async function* bundleEvents(input: Readable): AsyncGenerator<BundleEvent> {
  const chunks = input[Symbol.asyncIterator]() as AsyncIterator<Buffer | string>;
  const first = await chunks.next();
  if (first.done) yield* new BundleLineReader().end();
  else if (looksLikeHtml(first.value.toString().slice(0, 256))) {
    // A share file is one compressed block: it is read whole (the bundle inside is streamed out as events).
    const parts: Buffer[] = [Buffer.from(first.value)];
    for (let c = await chunks.next(); !c.done; c = await chunks.next()) parts.push(Buffer.from(c.value));
    const { shareHtmlEvents } = await import('./share-reader.js');
    yield* await shareHtmlEvents(Buffer.concat(parts).toString('utf8'));
  } else yield* bundleLines(Readable.from(rest(first.value, chunks)));
}

async function* rest(first: Buffer | string, chunks: AsyncIterator<Buffer | string>): AsyncGenerator<Buffer | string> {
  yield first;
  for (let c = await chunks.next(); !c.done; c = await chunks.next()) yield c.value;
}

async function* bundleLines(input: Readable): AsyncGenerator<BundleEvent> {
  const reader = new BundleLineReader();
  const lines = createInterface({ input, crlfDelay: Infinity });
  for await (const line of lines) yield* reader.push(line);
  yield* reader.end();
}

export interface LoadedBundle {
  header: BundleHeader;
  clientFrames: ClientFrame[];
  /** The transcript's frames that a diff compares (messages and stderr); relay events and HTTP records are left out. */
  messages: FrameRecord[];
}

/** Loads what a replay needs from a bundle file: the recipe, the client frames and the recorded messages. */
export async function loadBundleFile(path: string): Promise<LoadedBundle> {
  let header: BundleHeader | null = null;
  const clientFrames: ClientFrame[] = [];
  const messages: FrameRecord[] = [];
  for await (const ev of bundleEvents(createReadStream(path))) {
    if (ev.type === 'header') header = ev.header;
    else if (ev.type === 'clientFrame') clientFrames.push(ev.frame);
    else if (ev.type === 'frame' && ev.frame.dir !== 'relay') messages.push(ev.frame);
  }
  if (!header) throw new BundleError('the bundle has no header');
  return { header, clientFrames, messages };
}
