// Reads the share file's own data element: base64 → gzip → the share text (shared/share/share-unpacker.ts), checked by
// the bundle's schemas. Nothing is fetched: the data is in the page. The page reads it as a stream (ShareStream), a
// slice of frames at a time, so its first rows are painted while the rest is still being inflated and unpacked.
import { Gunzip, gunzipSync } from 'fflate';
import { BundleError } from '../../shared/bundle/bundle-reader.js';
import type { BundleHeader } from '../../shared/bundle/bundle-format.js';
import type { FrameRecord } from '../../shared/relay-protocol.js';
import { SHARE_SCRIPT_ID, SHARE_SCRIPT_TYPE } from '../../shared/share/share-html.js';
import { ShareUnpacker, unpackShare, type ShareContents } from '../../shared/share/share-data.js';

export class ShareReadError extends Error {}

/** Base64 characters inflated per step: 48 kB of gzip, about a block of 5,000 small frames. A multiple of 4. */
const B64_STEP = 64 * 1024;

function base64Bytes(b64: string): Uint8Array {
  const bin = atob(b64.replace(/\s+/g, ''));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

const damaged = (err: unknown) => new ShareReadError(`the file's data is damaged (${err instanceof Error ? err.message : String(err)})`);

/** The share text of a base64 payload, whole. */
export function decodeSharePayload(b64: string): ShareContents {
  let text: string;
  try {
    text = new TextDecoder().decode(gunzipSync(base64Bytes(b64)));
  } catch (err) {
    throw damaged(err);
  }
  return unpackShare(text);
}

/**
 * A base64 payload read a piece at a time: `header()` inflates just enough to read the header; `take(n)` hands over
 * the next frames, up to n (fewer only at the end), inflating and unpacking only as far as they need; `end()` checks
 * the text is whole and gives what follows the frames. Errors are ShareReadError (base64 or gzip) or BundleError.
 */
export class ShareStream {
  private readonly b64: string;
  private pos = 0;
  private readonly gunzip: Gunzip;
  private readonly utf8 = new TextDecoder();
  private readonly unpacker: ShareUnpacker;
  private readonly queue: FrameRecord[] = [];
  /** Set by the unpacker inside gunzip.push, so it is not mistaken for a damaged stream. */
  private unpackError: unknown = null;

  constructor(b64: string) {
    this.b64 = b64.replace(/\s+/g, '');
    this.unpacker = new ShareUnpacker({ frames: (fs) => this.queue.push(...fs) });
    this.gunzip = new Gunzip((chunk, final) => {
      if (this.unpackError) return;
      try {
        this.unpacker.push(this.utf8.decode(chunk, { stream: !final }));
      } catch (err) {
        this.unpackError = err;
      }
    });
  }

  /** Every byte of the payload has been inflated and every frame handed over. */
  get done(): boolean {
    return this.pos >= this.b64.length && this.queue.length === 0;
  }

  header(): BundleHeader {
    while (!this.unpacker.header && this.pos < this.b64.length) this.feed();
    if (!this.unpacker.header) this.unpacker.end();
    return this.unpacker.header!;
  }

  take(n: number): FrameRecord[] {
    while (this.queue.length < n && this.pos < this.b64.length) this.feed();
    return this.queue.splice(0, n);
  }

  end(): Omit<ShareContents, 'frames'> {
    if (!this.done) throw new Error('ShareStream.end before every frame was taken');
    return this.unpacker.end();
  }

  private feed(): void {
    const piece = this.b64.slice(this.pos, this.pos + B64_STEP);
    this.pos += piece.length;
    try {
      this.gunzip.push(base64Bytes(piece), this.pos >= this.b64.length);
    } catch (err) {
      throw damaged(err);
    }
    if (this.unpackError) throw this.unpackError instanceof BundleError ? this.unpackError : damaged(this.unpackError);
  }
}

/** This page's data element, as a stream. */
export function openSharedPage(doc: Document): ShareStream {
  const el = doc.getElementById(SHARE_SCRIPT_ID);
  if (!el || el.getAttribute('type') !== SHARE_SCRIPT_TYPE) throw new ShareReadError('this page holds no recording: it is the viewer without its data');
  return new ShareStream(el.textContent ?? '');
}
