// The method filter's suggestions for a windowed session: the page holds only its head and tail, so the distinct
// methods of the whole session come from the relay (through the method index), merged with those held.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useRelay } from '../lib/relay/relay-context.js';

/** A live session may gain methods: looked up again now and then. */
const REFRESH_MS = 10_000;

export function useFrameMethods(sessionId: string | null, windowed: boolean, held: readonly string[]): string[] {
  const { http } = useRelay();
  const { data } = useQuery({
    queryKey: ['frame-methods', sessionId],
    queryFn: async () => (await http.call('sessionMethods', { params: { id: sessionId! } })).methods,
    enabled: windowed && sessionId !== null,
    refetchInterval: REFRESH_MS,
  });
  return useMemo(() => (windowed && data ? [...new Set([...data, ...held])].sort() : [...held]), [windowed, data, held]);
}
