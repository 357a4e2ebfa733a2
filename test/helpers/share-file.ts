// Reads a share file (mcpscope export --html) in a test: its payload decoded to the share text, and its contents.
import { gunzipSync } from 'node:zlib';
import { unpackShare, type ShareContents } from '../../shared/share/share-data.js';
import { sharePayloadOf } from '../../shared/share/share-html.js';

/** The uncompressed share text inside the file: where a planted secret would be, if anywhere. */
export function shareText(html: string): string {
  const payload = sharePayloadOf(html);
  if (payload === null) throw new Error('no share data in the file');
  return gunzipSync(Buffer.from(payload, 'base64')).toString('utf8');
}

export function shareContents(html: string): ShareContents {
  return unpackShare(shareText(html));
}
