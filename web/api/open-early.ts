// Starts, as the page's first render begins, what its first paint waits on: the relay's config and session list, the
// socket, and the stream of the session the page will open (the one the CLI launched, else the newest). The replay of
// its frames then overlaps the page's start-up instead of following the first render's effects one round trip at a time.
import type { QueryClient } from '@tanstack/react-query';
import { firstSession } from '../lib/relay/first-session.js';
import type { RelayClient } from '../lib/relay/relay-client.js';
import { configQuery } from './use-config.js';
import { sessionsQuery } from './use-sessions.js';

export function openEarly(client: RelayClient, queryClient: QueryClient): void {
  client.socket.start();
  Promise.all([queryClient.fetchQuery(configQuery(client.http)), queryClient.fetchQuery(sessionsQuery(client.http))]).then(
    ([config, sessions]) => {
      const first = firstSession(config, sessions);
      // The workbench attaches to the same session (useAutoAttach) and takes this hold over when it subscribes.
      if (first !== null && 'session' in first) client.socket.subscribeEarly(first.session.id);
    },
    // The hooks that read these queries show the failure and retry; nothing is opened early.
    () => undefined,
  );
}
