// Renders one MCP content block (text, image, audio, resource link, embedded resource) as text-only, safe markup;
// text with its credentials masked while presenting.
import { isPlainObject } from '../../shared/jsonrpc.js';
import { publishIntent } from '../lib/ui/panel-intents.js';
import { mediaDataUrl } from '../lib/ui/safe-media.js';
import { useShownText } from '../lib/ui/screen-mask.js';
import { JsonView } from './json-view.js';
import { ResourceContents } from './resource-contents.js';
import { SafeLink } from './safe-link.js';

export function ContentBlock({ block }: { block: unknown }) {
  if (!isPlainObject(block)) return <JsonView value={block} />;
  const type = typeof block.type === 'string' ? block.type : '?';
  return (
    <div data-testid="content-block" data-type={type} className="space-y-1">
      <div className="text-[10px] tracking-wide text-dim uppercase">{type.replace('_', ' ')}</div>
      <BlockBody block={block} type={type} />
    </div>
  );
}

function BlockBody({ block, type }: { block: Record<string, unknown>; type: string }) {
  switch (type) {
    case 'text':
      return <TextBody text={typeof block.text === 'string' ? block.text : JSON.stringify(block.text)} />;
    case 'image': {
      const src = mediaDataUrl('image', block.mimeType, block.data);
      return src ? <img src={src} alt="image content" className="max-h-64 max-w-full border border-edge" /> : <Malformed what="image" block={block} />;
    }
    case 'audio': {
      const src = mediaDataUrl('audio', block.mimeType, block.data);
      return src ? <audio data-testid="content-audio" controls src={src} className="w-full" /> : <Malformed what="audio" block={block} />;
    }
    case 'resource_link':
      return (
        <div className="rounded border border-edge px-2 py-1">
          <div className="flex items-center gap-2 font-mono">
            <SafeLink href={block.uri} />
            <OpenInResources uri={block.uri} />
          </div>
          <div className="text-dim">{[block.title ?? block.name, block.mimeType, block.description].filter((v) => typeof v === 'string').join(' · ')}</div>
        </div>
      );
    case 'resource':
      return (
        <>
          <OpenInResources uri={isPlainObject(block.resource) ? block.resource.uri : undefined} />
          <ResourceContents contents={block.resource} />
        </>
      );
    default:
      return <JsonView value={block} />;
  }
}

/** Reads the URI in the Resources tab (a resources/read the log shows like any other), whatever its scheme. */
function OpenInResources({ uri }: { uri: unknown }) {
  if (typeof uri !== 'string' || uri === '') return null;
  return (
    <button
      type="button"
      data-testid="open-in-resources"
      data-uri={uri}
      className="btn shrink-0 font-sans"
      title="read this resource in the Resources tab"
      onClick={() => publishIntent({ target: 'resources', method: 'resources/read', params: { uri }, message: null })}
    >
      Open in Resources
    </button>
  );
}

function TextBody({ text }: { text: string }) {
  return <pre className="overflow-auto rounded bg-black/30 px-2 py-1 font-mono text-[11.5px] whitespace-pre-wrap break-words">{useShownText(text)}</pre>;
}

function Malformed({ what, block }: { what: string; block: Record<string, unknown> }) {
  return (
    <div>
      <p className="text-amber-300">This {what} block has no usable mimeType/data, so it is shown as JSON.</p>
      <JsonView value={{ ...block, data: typeof block.data === 'string' ? `${block.data.slice(0, 80)}…` : block.data }} />
    </div>
  );
}
