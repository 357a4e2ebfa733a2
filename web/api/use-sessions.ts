// The relay's sessions, newest first; kept current by socket `session` messages and mutation results.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionInfo } from '../../shared/relay-protocol.js';
import type { RelayHttp } from '../lib/relay/relay-http.js';
import { useRelay } from '../lib/relay/relay-context.js';
import { queryKeys } from './query-keys.js';

/** The query, also started before the page's first render (see open-early.ts). */
export const sessionsQuery = (http: RelayHttp) => queryOptions({ queryKey: queryKeys.sessions, queryFn: () => http.call('sessions'), staleTime: 5_000 });

export function useSessions() {
  const { http } = useRelay();
  return useQuery(sessionsQuery(http));
}

export function useSession(sessionId: string | null): SessionInfo | null {
  const { data } = useSessions();
  return data?.find((s) => s.id === sessionId) ?? null;
}
