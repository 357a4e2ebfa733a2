// Folds a fresh SessionInfo (from a mutation or the socket) into the cached session list, newest first.
import type { QueryClient } from '@tanstack/react-query';
import type { SessionInfo } from '../../shared/relay-protocol.js';
import { queryKeys } from './query-keys.js';

export function upsertSession(queryClient: QueryClient, session: SessionInfo): void {
  queryClient.setQueryData<SessionInfo[]>(queryKeys.sessions, (list) => {
    if (!list) return [session];
    const i = list.findIndex((s) => s.id === session.id);
    if (i === -1) return [session, ...list].sort((a, b) => b.startedAt - a.startedAt);
    const next = list.slice();
    next[i] = session;
    return next;
  });
}
