// Starts, as the page's first render begins, what its first paint waits on: the relay's config and session list, the
// socket, and the stream of the session the page will open (the one the CLI launched, else the newest). The replay of
// its frames then overlaps the page's start-up instead of following the first render's effects one round trip at a time.
import type { QueryClient } from '@tanstack/react-query';
import { firstSession } from '../lib/relay/first-session.js';
import type { RelayClient } from '../lib/relay/relay-client.js';
import { configQuery } from './use-config.js';
import { sessionsQuery } from './use-sessions.js';

/** `endRows`: how many of a huge session's last rows its log shows on opening (a screen and the overscan). */
export function openEarly(client: RelayClient, queryClient: QueryClient, endRows: number): void {
  client.socket.start();
  Promise.all([queryClient.fetchQuery(configQuery(client.http)), queryClient.fetchQuery(sessionsQuery(client.http))]).then(
    ([config, sessions]) => {
      const first = firstSession(config, sessions);
      if (first === null || !('session' in first)) return;
      // A huge session opens on its last rows, read over HTTP. Its stream is asked for once they have been answered:
      // the relay serves requests in turn, and the replay of the frames the page holds (10,200, hundreds of ms on the
      // relay and in the page) would otherwise go first, while the first paint needs only those rows and the count.
      const ahead = client.store.readAhead(first.session.id, first.session.lastSeq, endRows);
      // The workbench attaches to the same session (useAutoAttach) and takes this hold over when it subscribes.
      client.socket.subscribeEarly(first.session.id, ahead);
    },
    // The hooks that read these queries show the failure and retry; nothing is opened early.
    () => undefined,
  );
}
