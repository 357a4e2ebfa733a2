// Share ▾: a session as a file for someone else, in the header's session controls and on each row of Sessions &
// profiles. "HTML file" is one self-contained page that opens offline with nothing installed (the relay's share route,
// the same file as `mcpscope export --html`); "Bundle (JSON)" is the repro bundle. Both have secrets removed.
import { useCallback, useRef, useState } from 'react';
import { useRelay } from '../lib/relay/relay-context.js';
import type { Download } from '../lib/relay/relay-http.js';
import { downloadBlob } from '../lib/ui/download.js';
import { useDismiss } from '../lib/ui/use-dismiss.js';

/** `compact`: the connection bar's, which must fit 1024 px: an icon there, the word from 1280 px (xl) on. */
export function ShareMenu({ sessionId, testId = 'share-menu', compact = false }: { sessionId: string; testId?: string; compact?: boolean }) {
  const { http } = useRelay();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const boxRef = useRef<HTMLSpanElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, boxRef, close);
  const save = (get: () => Promise<Download>) => {
    setOpen(false);
    setError(null);
    setBusy(true);
    get()
      .then(
        (d) => downloadBlob(d.fileName, d.blob),
        (err: unknown) => setError(err instanceof Error ? err.message : String(err)),
      )
      .finally(() => setBusy(false));
  };
  const item = 'block w-full px-3 py-1 text-left text-xs hover:bg-button-hover';
  return (
    <span ref={boxRef} className="relative inline-flex items-center">
      <button
        type="button"
        className="btn"
        data-testid={testId}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={busy ? 'Sharing…' : 'Share'}
        title="share this session: one HTML file, or a bundle"
        disabled={busy}
        onClick={() => setOpen((v) => !v)}
      >
        {busy ? (
          'Sharing…'
        ) : compact ? (
          <>
            <span aria-hidden="true">⇪</span>
            <span className="hidden xl:inline"> Share ▾</span>
          </>
        ) : (
          'Share ▾'
        )}
      </button>
      {open && (
        <span role="menu" className="absolute top-full right-0 z-20 mt-1 w-72 rounded border border-edge bg-panel-2 py-1 shadow-lg">
          <button
            type="button"
            role="menuitem"
            className={item}
            data-testid="share-html"
            title="one HTML file that opens offline in any browser, nothing installed: every frame, findings, sequence view; secrets removed"
            onClick={() => save(() => http.call('sessionShare', { params: { id: sessionId } }))}
          >
            HTML file <span className="text-dim">— opens anywhere, read-only</span>
          </button>
          <button
            type="button"
            role="menuitem"
            className={item}
            data-testid="share-bundle"
            onClick={() => save(() => http.call('sessionBundle', { params: { id: sessionId } }))}
          >
            Bundle (JSON) <span className="text-dim">— for mcpscope open / replay</span>
          </button>
        </span>
      )}
      {error && (
        <span className="ml-2 text-red-300" data-testid="share-error-message">
          {error}
        </span>
      )}
    </span>
  );
}
