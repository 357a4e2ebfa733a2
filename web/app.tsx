// The app root: gates on the relay token, then provides the relay client and query cache to the workbench.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useState } from 'react';
import { archiveKeys } from './api/archive-keys.js';
import { openEarly } from './api/open-early.js';
import { queryKeys } from './api/query-keys.js';
import { upsertSession } from './api/session-cache.js';
import { TokenMissing } from './components/token-missing.js';
import { OVERSCAN_ROWS, ROW_HEIGHT } from './features/log/log-columns.js';
import { createRelayClient, type RelayClient } from './lib/relay/relay-client.js';
import { RelayContext } from './lib/relay/relay-context.js';
import { forgetToken, takeToken } from './lib/relay/token.js';
import { Workbench } from './workbench.js';

export function App() {
  const [token, setToken] = useState(takeToken);
  const [refused, setRefused] = useState(false);

  // Pasting the printed URL into a tab already on this page changes only the fragment, which does not reload it.
  useEffect(() => {
    const onHashChange = () => {
      const next = takeToken();
      if (next === null) return;
      setToken(next);
      setRefused(false);
    };
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, []);

  if (!token || refused) return <TokenMissing refused={refused} />;
  return (
    <Connected
      key={token}
      token={token}
      onUnauthorized={() => {
        forgetToken();
        setRefused(true);
      }}
    />
  );
}

function Connected({ token, onUnauthorized }: { token: string; onUnauthorized: () => void }) {
  const [relayError, setRelayError] = useState<string | null>(null);
  const [{ queryClient, client }] = useState(() => {
    const queryClient = new QueryClient({
      defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } },
    });
    const client: RelayClient = createRelayClient(token, {
      onSession: (session) => {
        // A session that appeared from elsewhere (a tap recording into this store) or ended shows in the history too.
        if (upsertSession(queryClient, session)) void queryClient.invalidateQueries({ queryKey: archiveKeys.historyAll });
      },
      onUnauthorized,
      onRelayError: (code, message) => setRelayError(`${code}: ${message}`),
    });
    return { queryClient, client };
  });

  return (
    <QueryClientProvider client={queryClient}>
      <RelayContext.Provider value={client}>
        <OpenEarly client={client} queryClient={queryClient} />
        <Workbench relayError={relayError} onDismissRelayError={() => setRelayError(null)} />
      </RelayContext.Provider>
    </QueryClientProvider>
  );
}

/**
 * Starts the socket and what the first paint waits on (see open-early.ts) in a layout effect of the first child, so
 * the requests go out as the first render is committed, before the rest of the page's layout effects measure it (the
 * first layout of the whole page) and before the browser paints; stops the socket when the page lets go of the client.
 */
function OpenEarly({ client, queryClient }: { client: RelayClient; queryClient: QueryClient }) {
  useLayoutEffect(() => {
    // Session news travels over the socket: one created before it opened (or while it was reconnecting) was
    // broadcast to nobody here, so each time it opens the list is read again (a read still under way, such as the
    // first, is left to finish rather than restarted: the early subscribe waits on it).
    const off = client.socket.subscribeState(() => {
      if (client.socket.getState() === 'open') void queryClient.invalidateQueries({ queryKey: queryKeys.sessions }, { cancelRefetch: false });
    });
    // The log opens following the end: a screen of rows and its overscan above.
    openEarly(client, queryClient, Math.ceil(window.innerHeight / ROW_HEIGHT) + OVERSCAN_ROWS);
    return () => {
      off();
      client.socket.stop();
    };
  }, [client, queryClient]);
  return null;
}
