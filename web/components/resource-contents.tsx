// One resource's contents as read or embedded: text as text, images previewed, audio playable, any blob downloadable.
import { isPlainObject } from '../../shared/jsonrpc.js';
import { base64Bytes, mediaDataUrl } from '../lib/ui/safe-media.js';
import { downloadBlob, fileNameFor } from '../lib/ui/download.js';
import { SafeLink } from './safe-link.js';

export function ResourceContents({ contents }: { contents: unknown }) {
  if (!isPlainObject(contents)) return <p className="text-red-300">Not a resource contents object.</p>;
  const uri = typeof contents.uri === 'string' ? contents.uri : '';
  const mime = typeof contents.mimeType === 'string' ? contents.mimeType : null;
  const text = typeof contents.text === 'string' ? contents.text : null;
  const blob = typeof contents.blob === 'string' ? contents.blob : null;
  const image = blob !== null ? mediaDataUrl('image', mime, blob) : null;
  const audio = blob !== null ? mediaDataUrl('audio', mime, blob) : null;
  const bytes = blob !== null ? base64Bytes(blob) : null;
  return (
    <div data-testid="resource-contents" data-uri={uri} className="space-y-1 rounded border border-edge p-1.5">
      <div className="flex flex-wrap items-center gap-2 font-mono text-[11px] text-dim">
        <SafeLink href={uri} />
        {mime && <span>{mime}</span>}
        {bytes && <span>{bytes.length} bytes</span>}
        {blob !== null && bytes && (
          <button
            type="button"
            data-testid="resource-download"
            className="btn ml-auto px-1.5 py-0 text-[11px]"
            onClick={() => downloadBlob(fileNameFor(uri, 'resource.bin'), bytes, mime ?? undefined)}
          >
            download
          </button>
        )}
        {text !== null && (
          <button
            type="button"
            className="btn ml-auto px-1.5 py-0 text-[11px]"
            onClick={() => downloadBlob(fileNameFor(uri, 'resource.txt'), text, mime ?? 'text/plain')}
          >
            download
          </button>
        )}
      </div>
      {text !== null && (
        <pre data-testid="resource-text" className="max-h-80 overflow-auto rounded bg-black/30 px-2 py-1 font-mono text-[11px] whitespace-pre-wrap break-words">
          {text}
        </pre>
      )}
      {image && (
        <img
          data-testid="resource-image"
          src={image}
          alt={`preview of ${uri}`}
          className="max-h-64 max-w-full border border-edge bg-[repeating-conic-gradient(#222_0%_25%,#333_0%_50%)] [background-size:12px_12px] [image-rendering:pixelated] min-w-16"
        />
      )}
      {audio && <audio data-testid="resource-audio" controls src={audio} className="w-full" />}
      {blob !== null && !bytes && <p className="text-red-300">The blob is not valid base64.</p>}
      {text === null && blob === null && <p className="text-amber-300">Neither text nor blob: this contents object is malformed.</p>}
    </div>
  );
}
