// The frame's JSON pretty-printed, or for text that is not JSON, where and why parsing stopped.
import { useMemo } from 'react';
import type { FrameEntry } from '../../lib/log/frame-entry.js';
import { jsonErrorPosition } from '../../lib/editor/json-error-position.js';

// The view scrolls on its own, so it takes focus (Tab) to be scrolled with the keys too.
const SCROLLS = { tabIndex: 0 } as const;
const FOCUS_RING = 'outline-none focus-visible:ring-1 focus-visible:ring-blue-600/60 focus-visible:ring-inset';

// Pretty-printing a multi-megabyte frame into the DOM would freeze the page; the raw editor still has it all.
const MAX_PRETTY_CHARS = 400_000;

export function ParsedView({ entry }: { entry: FrameEntry }) {
  const { frame, value } = entry;
  const pretty = useMemo(() => {
    if (value === undefined) return null;
    const text = JSON.stringify(value, null, 2);
    return text.length > MAX_PRETTY_CHARS ? `${text.slice(0, MAX_PRETTY_CHARS)}\n… (${text.length - MAX_PRETTY_CHARS} more characters; see raw)` : text;
  }, [value]);
  const position = useMemo(() => (value === undefined && entry.parseError ? jsonErrorPosition(frame.text) : null), [value, entry.parseError, frame.text]);

  if (pretty !== null) {
    return (
      <pre
        data-testid="detail-parsed"
        {...SCROLLS}
        className={`${FOCUS_RING} min-h-24 flex-1 overflow-auto px-3 py-2 font-mono text-[11.5px] leading-[1.45] whitespace-pre-wrap break-words`}
      >
        {pretty}
      </pre>
    );
  }
  if (frame.kind === 'stderr' || frame.kind === 'oversize') {
    return (
      <pre
        data-testid="detail-parsed"
        {...SCROLLS}
        className={`${FOCUS_RING} min-h-24 flex-1 overflow-auto px-3 py-2 font-mono text-[11.5px] whitespace-pre-wrap break-words text-dim`}
      >
        {frame.kind === 'oversize' ? 'Not parsed: only the head of this frame was kept.' : frame.text}
      </pre>
    );
  }
  return (
    <div data-testid="detail-parsed" {...SCROLLS} className={`${FOCUS_RING} min-h-24 flex-1 overflow-auto px-3 py-2`}>
      <p className="mb-1 text-red-300">
        Not JSON: {entry.parseError?.message ?? 'unparseable'}
        {position && ` (line ${position.line}, column ${position.column}, offset ${position.offset}: expected ${position.expected})`}
      </p>
      {position && <ErrorSnippet text={frame.text} offset={position.offset} />}
    </div>
  );
}

/** The text around the failure with a caret under the first bad character. */
function ErrorSnippet({ text, offset }: { text: string; offset: number }) {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const lineEnd = text.indexOf('\n', offset);
  const line = text.slice(lineStart, lineEnd === -1 ? undefined : lineEnd);
  const col = offset - lineStart;
  // Long one-line frames are cut to a window around the failure so the caret stays on screen.
  const from = Math.max(0, col - 60);
  const shown = line.slice(from, col + 60);
  return (
    <pre className="overflow-x-auto rounded bg-black/40 p-2 font-mono text-[11.5px]">
      {(from > 0 ? '…' : '') + shown}
      {'\n'}
      <span className="text-red-400">{' '.repeat(col - from + (from > 0 ? 1 : 0))}^</span>
    </pre>
  );
}
