// One HTTP body as text: pretty JSON when it parses, the raw text otherwise, with what the relay cut off said plainly;
// credentials masked while presenting.
import { useMemo } from 'react';
import { formatSize } from '../../lib/ui/format.js';
import { useShownText } from '../../lib/ui/screen-mask.js';

interface Props {
  testId: string;
  body: string | undefined;
  size: number;
  truncated: boolean | undefined;
  contentType: string | undefined;
  /** A stream still open: its raw text is recorded when it ends (its events arrive before that). */
  streaming?: boolean;
}

// Pretty-printing a huge body into the DOM would stall the page; the relay already caps bodies at 256 KB.
const MAX_PRETTY = 200_000;

export function ExchangeBody({ testId, body, size, truncated, contentType, streaming }: Props) {
  const view = useMemo(() => {
    if (body === undefined || body === '') return null;
    if (truncated || body.length > MAX_PRETTY) return { json: false, text: body };
    try {
      return { json: true, text: JSON.stringify(JSON.parse(body), null, 2) };
    } catch {
      return { json: false, text: body };
    }
  }, [body, truncated]);
  const shown = useShownText(view?.text);
  return (
    <div className="px-3 py-1" data-testid={testId} data-format={view === null ? 'empty' : view.json ? 'json' : 'text'}>
      <p className="mb-1 text-[10px] text-dim">
        {formatSize(size)}
        {contentType ? ` · ${contentType}` : ''}
        {view !== null && (view.json ? ' · JSON, pretty-printed' : contentType?.includes('text/event-stream') ? ' · the raw event stream' : ' · shown as text')}
        {truncated && <span className="text-amber-300"> · only the head was kept: the full messages are their own frames</span>}
      </p>
      {view === null ? (
        <p className="text-dim">
          {streaming ? '(still streaming: the raw text is kept when the stream ends; the Events tab shows each event as it arrives)' : '(empty body)'}
        </p>
      ) : (
        <pre className="max-h-[32rem] overflow-auto rounded bg-black/30 px-2 py-1 font-mono text-[11px] leading-[1.45] break-words whitespace-pre-wrap">
          {shown}
        </pre>
      )}
    </div>
  );
}
