// Reads a share file back as the bundle it carries, so `open`, `replay` and the page's import take an HTML file as
// they take a bundle: the same events, the same checks (the bundle's schemas, its recipe refusals), the same trust gate.
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { BundleError, type BundleEvent } from '../../shared/bundle/bundle-reader.js';
import { shareEvents, unpackShare } from '../../shared/share/share-data.js';
import { sharePayloadOf } from '../../shared/share/share-html.js';

const gunzipAsync = promisify(gunzip);

/** The bundle events of an HTML share file held whole; BundleError when it is some other HTML file or damaged. */
export async function shareHtmlEvents(html: string): Promise<Generator<BundleEvent>> {
  const payload = sharePayloadOf(html);
  if (payload === null) throw new BundleError('an HTML file without mcpscope share data (not made by mcpscope export --html)');
  let text: string;
  try {
    text = (await gunzipAsync(Buffer.from(payload, 'base64'))).toString('utf8');
  } catch (err) {
    throw new BundleError(`the share file's data is damaged: ${(err as Error).message}`);
  }
  return shareEvents(unpackShare(text));
}
