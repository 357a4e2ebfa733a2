// A frame too big to hand to Monaco or pretty-print in one go: its head as text, Expand to read the whole text in a
// virtualized view of fixed-width slices (nothing is laid out beyond the screen), and Download of the exact bytes.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState } from 'react';
import { downloadBlob } from '../../lib/ui/download.js';
import { PREVIEW_CHARS, type FrameEntry } from '../../lib/log/frame-entry.js';
import { formatSize } from '../../lib/ui/format.js';
import type { LogSource } from '../../lib/log/log-source.js';
import { useScreenMask } from '../../lib/ui/screen-mask.js';

/** Above this many characters the detail pane shows this view instead of the editor and the parsed JSON. */
const LARGE_FRAME_CHARS = 1_000_000;
const SLICE = 160;
const LINE_HEIGHT = 16;

export function isLargeFrame(entry: FrameEntry): boolean {
  return entry.truncated === true || entry.frame.text.length > LARGE_FRAME_CHARS;
}

export function LargeFrameView({ source, entry }: { source: LogSource; entry: FrameEntry }) {
  const { frame } = entry;
  const [full, setFull] = useState<string | null>(null);
  const [busy, setBusy] = useState<'expand' | 'download' | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Read and downloaded as recorded; shown with credentials masked while presenting.
  const mask = useScreenMask();
  const shownFull = useMemo(() => (full === null || mask === null ? full : mask(full)), [full, mask]);
  const preview = useMemo(() => (mask === null ? frame.text.slice(0, PREVIEW_CHARS) : mask(frame.text.slice(0, PREVIEW_CHARS))), [frame.text, mask]);
  const run = (what: 'expand' | 'download', job: () => Promise<void>) => {
    setBusy(what);
    setError(null);
    job()
      .catch((err: unknown) => setError(err instanceof Error ? err.message : String(err)))
      .finally(() => setBusy(null));
  };
  const expand = () => run('expand', async () => setFull(await source.fullText(entry)));
  const download = () =>
    run('download', async () => {
      const file = await source.download(entry);
      downloadBlob(file.fileName, file.blob);
    });
  return (
    <div data-testid="large-frame" data-seq={frame.seq} className="flex min-h-0 flex-1 flex-col">
      <div className="flex shrink-0 flex-wrap items-center gap-2 border-b border-edge px-3 py-1">
        <span className="text-dim">
          {formatSize(frame.size)} frame; {full === null ? `showing the first ${formatSize(PREVIEW_CHARS)}` : 'showing all of it, unformatted'}.
        </span>
        {full === null && (
          <button type="button" data-testid="large-expand" className="btn" disabled={busy !== null} onClick={expand}>
            {busy === 'expand' ? 'reading…' : 'Expand'}
          </button>
        )}
        <button type="button" data-testid="large-download" className="btn" disabled={busy !== null} onClick={download}>
          {busy === 'download' ? 'downloading…' : 'Download'}
        </button>
        {error !== null && <span className="text-red-300">{error}</span>}
      </div>
      {shownFull === null ? (
        <pre data-testid="large-preview" className="min-h-0 flex-1 overflow-auto px-3 py-2 font-mono text-[11.5px] whitespace-pre-wrap break-all">
          {preview}
          {'\n…'}
        </pre>
      ) : (
        <SlicedText text={shownFull} />
      )}
    </div>
  );
}

/** The text cut into fixed-width lines, only the visible ones in the DOM: a 10 MB line costs one screen of layout. */
function SlicedText({ text }: { text: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const count = Math.ceil(text.length / SLICE);
  const v = useVirtualizer({ count, getScrollElement: () => ref.current, estimateSize: () => LINE_HEIGHT, overscan: 30 });
  return (
    <div ref={ref} data-testid="large-full" data-length={text.length} className="min-h-0 flex-1 overflow-auto px-3 py-2 font-mono text-[11.5px]">
      <div className="relative w-full" style={{ height: v.getTotalSize() }}>
        {v.getVirtualItems().map((item) => (
          <div
            key={item.index}
            className="absolute left-0 w-full overflow-hidden whitespace-pre"
            style={{ height: LINE_HEIGHT, transform: `translateY(${item.start}px)` }}
          >
            {text.slice(item.index * SLICE, (item.index + 1) * SLICE)}
          </div>
        ))}
      </div>
    </div>
  );
}
