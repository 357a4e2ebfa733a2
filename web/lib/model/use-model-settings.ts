// The model settings the relay keeps for the Chat tab and for sampling answered by a model (never the key itself).
import { useQuery } from '@tanstack/react-query';
import { useRelay } from '../relay/relay-context.js';

export const MODEL_SETTINGS_KEY = ['model-settings'] as const;

export function useModelSettings() {
  const { http } = useRelay();
  return useQuery({ queryKey: MODEL_SETTINGS_KEY, queryFn: () => http.call('modelSettings'), staleTime: Infinity });
}
