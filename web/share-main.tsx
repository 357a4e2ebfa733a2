// Entry of the share file's viewer (web/share.html, built by vite.share.config.ts into one self-contained page): reads
// the recording from the page's own data element and mounts the inspector's read-only components on it.
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
import { readSharedPage, ShareReadError } from './share/read-share.js';
import { ShareApp } from './share/share-app.js';
import './styles.css';

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

try {
  const contents = readSharedPage(document);
  const { client, session } = createFileClient(contents);
  // Nothing is ever fetched: what the components would ask the relay for is already here, and never stale.
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false, refetchOnWindowFocus: false } } });
  queryClient.setQueryData(queryKeys.sessions, [session]);
  document.title = `${session.name} — mcpscope recording`;
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RelayContext.Provider value={client}>
          <ShareApp contents={contents} sessionId={session.id} />
        </RelayContext.Provider>
      </QueryClientProvider>
    </StrictMode>,
  );
} catch (err) {
  if (!(err instanceof ShareReadError || err instanceof BundleError)) throw err;
  createRoot(root).render(<Failure message={err.message} />);
}
