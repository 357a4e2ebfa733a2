// Folds a fresh SessionInfo (from a mutation or the socket) into the cached session list, newest first.
import type { QueryClient } from '@tanstack/react-query';
import type { SessionInfo } from '../../shared/relay-protocol.js';
import { queryKeys } from './query-keys.js';

/** True when the session is new to the list or its status changed: the history list is then worth reading again. */
export function upsertSession(queryClient: QueryClient, session: SessionInfo): boolean {
  let news = false;
  queryClient.setQueryData<SessionInfo[]>(queryKeys.sessions, (list) => {
    if (!list) return [session];
    const i = list.findIndex((s) => s.id === session.id);
    news = i === -1 || list[i]!.status !== session.status;
    if (i === -1) return [session, ...list].sort((a, b) => b.startedAt - a.startedAt);
    // A restart's HTTP answer (starting, running) can arrive after the socket already said the new process exited: the
    // older news has recorded fewer frames (every status change records an event), so it never replaces the newer.
    if (session.lastSeq < list[i]!.lastSeq) {
      news = false;
      return list;
    }
    const next = list.slice();
    next[i] = session;
    return next;
  });
  return news;
}
