// The relay's sessions, newest first; kept current by socket `session` messages and mutation results.
import { useQuery } from '@tanstack/react-query';
import type { SessionInfo } from '../../shared/relay-protocol.js';
import { useRelay } from '../lib/relay/relay-context.js';
import { queryKeys } from './query-keys.js';

export function useSessions() {
  const { http } = useRelay();
  return useQuery({ queryKey: queryKeys.sessions, queryFn: () => http.call('sessions'), staleTime: 5_000 });
}

export function useSession(sessionId: string | null): SessionInfo | null {
  const { data } = useSessions();
  return data?.find((s) => s.id === sessionId) ?? null;
}
