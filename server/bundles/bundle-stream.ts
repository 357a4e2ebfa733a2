// Reads a bundle from a byte stream (a file, an upload) as events, one line at a time.
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { BundleError, BundleLineReader, type BundleEvent } from '../../shared/bundle/bundle-reader.js';
import type { BundleHeader } from '../../shared/bundle/bundle-format.js';
import type { ClientFrame } from '../../shared/replay/replay-plan.js';
import type { FrameRecord } from '../../shared/relay-protocol.js';

export async function* bundleEvents(input: Readable): AsyncGenerator<BundleEvent> {
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
