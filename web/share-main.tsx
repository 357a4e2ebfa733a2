// Entry of the share file's viewer (web/share.html, built by vite.share.config.ts into one self-contained page): reads
// the recording from the page's own data element and mounts the inspector's read-only components on it. The header is
// read first and the page rendered at once; the frames follow a slice per task (the log painting its first rows after
// the first slice), the way the live inspector's log fills while a session's history is replayed.
// First, so that no schema is built before zod's compiler is off (see the module).
import './lib/zod-jitless.js';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BundleError } from '../shared/bundle/bundle-reader.js';
import { queryKeys } from './api/query-keys.js';
import { RelayContext } from './lib/relay/relay-context.js';
import { markReadOnly } from './lib/ui/read-only.js';
import { startPresentation } from './lib/ui/presentation.js';
import { startTheme } from './lib/ui/theme.js';
import { createFileClient } from './share/file-client.js';
import { openSharedPage, ShareReadError, type ShareStream } from './share/read-share.js';
import { ShareApp } from './share/share-app.js';
import { ShareLoad } from './share/share-load.js';
import type { MessageStore } from './lib/log/message-store.js';
import './styles.css';

/**
 * Frames in the first slice (in the log before its first render) and in each slice after it. Each slice is one task and
 * one render of the page: small ones would keep the log moving but cost a render each (about 0.3 s at 100,000 frames
 * on a loaded machine), so the rest comes in a few large ones (a task of 0.5–2 s each at 20,000).
 */
const FIRST_SLICE = 500;
const SLICE = 20_000;
/** The rest is read after the first rows are on screen, or after this long if the first slice shows none. */
const FIRST_ROWS_WAIT_MS = 2_000;

startTheme();
startPresentation();
markReadOnly();
const root = document.getElementById('root');
if (!root) throw new Error('share.html has no #root');

function Failure({ message }: { message: string }) {
  return (
    <div className="p-6" data-testid="share-error">
      <h1 className="mb-2 text-base font-semibold">This mcpscope recording cannot be shown</h1>
      <p className="text-dim">{message}</p>
    </div>
  );
}

const isReadError = (err: unknown): err is Error => err instanceof ShareReadError || err instanceof BundleError;

/** Moves the stream's frames into the log a slice per task; the trailer (or the reason it cannot be read) ends it. */
function fill(stream: ShareStream, store: MessageStore, sessionId: string, load: ShareLoad, slice: number): void {
  try {
    store.append(sessionId, stream.take(slice));
    if (!stream.done) {
      const next = () => fill(stream, store, sessionId, load, SLICE);
      if (slice === FIRST_SLICE) afterFirstRows(next);
      else setTimeout(next, 0);
      return;
    }
    load.finish(stream.end().trailer);
  } catch (err) {
    if (!isReadError(err)) throw err;
    load.fail(err.message);
  }
  store.lintReplayed(sessionId);
}

/**
 * Runs `then` once the log shows its first rows (a task after the commit that put them in the page, so they are painted
 * first): until then the page's own first renders, not the rest of the recording, have the main thread.
 */
function afterFirstRows(then: () => void): void {
  const go = () => {
    observer.disconnect();
    clearTimeout(timer);
    requestAnimationFrame(() => setTimeout(then, 0));
  };
  const observer = new MutationObserver(() => {
    if (root?.querySelector('[data-testid="log-row"]')) go();
  });
  observer.observe(root!, { childList: true, subtree: true });
  const timer = setTimeout(go, FIRST_ROWS_WAIT_MS);
}

try {
  const stream = openSharedPage(document);
  const header = stream.header();
  const { client, session } = createFileClient(header);
  const load = new ShareLoad();
  // Nothing is ever fetched: what the components would ask the relay for is already here, and never stale.
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false, refetchOnWindowFocus: false } } });
  queryClient.setQueryData(queryKeys.sessions, [session]);
  document.title = `${session.name} — mcpscope recording`;
  fill(stream, client.store, session.id, load, FIRST_SLICE);
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RelayContext.Provider value={client}>
          <ShareApp header={header} load={load} sessionId={session.id} />
        </RelayContext.Provider>
      </QueryClientProvider>
    </StrictMode>,
  );
} catch (err) {
  if (!isReadError(err)) throw err;
  createRoot(root).render(<Failure message={err.message} />);
}
