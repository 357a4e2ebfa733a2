// Reads the share file's own data element: base64 → gzip → the share text (shared/share/share-data.ts), checked by the
// bundle's schemas. Nothing is fetched: the data is in the page.
import { gunzipSync } from 'fflate';
import { SHARE_SCRIPT_ID, SHARE_SCRIPT_TYPE } from '../../shared/share/share-html.js';
import { unpackShare, type ShareContents } from '../../shared/share/share-data.js';

export class ShareReadError extends Error {}

function base64Bytes(b64: string): Uint8Array {
  const bin = atob(b64.replace(/\s+/g, ''));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** The share text of a base64 payload. */
export function decodeSharePayload(b64: string): ShareContents {
  let text: string;
  try {
    text = new TextDecoder().decode(gunzipSync(base64Bytes(b64)));
  } catch (err) {
    throw new ShareReadError(`the file's data is damaged (${err instanceof Error ? err.message : String(err)})`);
  }
  return unpackShare(text);
}

/** The contents of this page's data element. */
export function readSharedPage(doc: Document): ShareContents {
  const el = doc.getElementById(SHARE_SCRIPT_ID);
  if (!el || el.getAttribute('type') !== SHARE_SCRIPT_TYPE) throw new ShareReadError('this page holds no recording: it is the viewer without its data');
  return decodeSharePayload(el.textContent ?? '');
}
