// The relay's configuration: fetched once, it does not change while the relay runs.
import { useQuery } from '@tanstack/react-query';
import { useRelay } from '../lib/relay/relay-context.js';
import { queryKeys } from './query-keys.js';

export function useConfig() {
  const { http } = useRelay();
  return useQuery({ queryKey: queryKeys.config, queryFn: () => http.call('config'), staleTime: Infinity, retry: 1 });
}
