// Writes a share file: the viewer template with a bundle's contents inside, packed (shared/share/share-data.ts),
// gzipped and base64-encoded into the template's data element. Its input is a bundle's events, so the share file holds
// exactly what the bundle does, redacted by the bundle writer's one path (a session is first written as a bundle).
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough, Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip, constants } from 'node:zlib';
import type { BundleEvent } from '../../shared/bundle/bundle-reader.js';
import type { BundleTrailer } from '../../shared/bundle/bundle-format.js';
import { SHARE_DATA_MARKER, SHARE_SCRIPT_CLOSING, shareScriptOpening } from '../../shared/share/share-html.js';
import { SharePacker } from '../../shared/share/share-data.js';
import { packageRoot } from '../package-root.js';
import { bundleEvents } from './bundle-stream.js';
import { writeBundle, type BundleSource } from './bundle-writer.js';
import { TextSink } from './text-sink.js';

/** Where the build puts the viewer (vite.share.config.ts); the package ships it. */
export function shareTemplatePath(): string {
  return join(packageRoot(), 'dist', 'share', 'viewer.html');
}

export function readShareTemplate(path = shareTemplatePath()): string {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new Error(`the share viewer is missing (${(err as Error).message}); build it with npm run build:web`, { cause: err });
  }
  if (text.split(SHARE_DATA_MARKER).length !== 2) throw new Error(`the share viewer ${path} has no single data marker`);
  return text;
}

/** Bytes → base64 as they come, keeping the 0–2 bytes that do not fill a group of three for the next chunk. */
function base64Stream(): Transform {
  let rest: Buffer = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      const all = rest.length > 0 ? Buffer.concat([rest, chunk]) : chunk;
      const whole = all.length - (all.length % 3);
      rest = all.subarray(whole);
      done(null, all.subarray(0, whole).toString('base64'));
    },
    flush(done) {
      done(null, rest.toString('base64'));
    },
  });
}

/** Writes the share file for a bundle's events to `out` (ended after); returns the bundle's trailer. */
export async function writeShareHtml(events: AsyncIterable<BundleEvent>, out: Writable, template = readShareTemplate()): Promise<BundleTrailer | null> {
  const [before, after] = template.split(SHARE_DATA_MARKER) as [string, string];
  const gzip = createGzip({ level: constants.Z_BEST_COMPRESSION, memLevel: 9 });
  const encoded = base64Stream();
  if (!out.write(before + shareScriptOpening())) await once(out, 'drain');
  const piped = pipeline(gzip, encoded, out, { end: false });
  let trailer: BundleTrailer | null = null;
  const packer = new SharePacker(async (text) => {
    if (!gzip.write(text)) await once(gzip, 'drain');
  });
  try {
    for await (const ev of events) {
      if (ev.type === 'trailer') trailer = ev.trailer;
      await packer.push(ev);
    }
  } catch (err) {
    gzip.destroy(err as Error);
    await piped.catch(() => undefined);
    throw err;
  }
  gzip.end();
  await piped;
  out.end(SHARE_SCRIPT_CLOSING + after);
  await once(out, 'finish');
  return trailer;
}

/** A session of the store as the events of its bundle: writeBundle's text read back as it is written. */
export async function* sessionBundleEvents(src: BundleSource): AsyncGenerator<BundleEvent> {
  const pass = new PassThrough();
  const written = writeBundle(src, new TextSink(pass)).catch((err: unknown) => {
    pass.destroy(err as Error);
  });
  try {
    yield* bundleEvents(pass);
  } finally {
    pass.destroy();
    await written;
  }
}
