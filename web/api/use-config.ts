// The relay's configuration: fetched once, it does not change while the relay runs.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RelayHttp } from '../lib/relay/relay-http.js';
import { useRelay } from '../lib/relay/relay-context.js';
import { queryKeys } from './query-keys.js';

/** The query, also started before the page's first render (see open-early.ts). */
export const configQuery = (http: RelayHttp) => queryOptions({ queryKey: queryKeys.config, queryFn: () => http.call('config'), staleTime: Infinity, retry: 1 });

export function useConfig() {
  const { http } = useRelay();
  return useQuery(configQuery(http));
}
