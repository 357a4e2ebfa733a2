// OAuth data from the relay: stored credentials (masked) with "forget", and a session's waiting authorizations.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useRelay } from '../lib/relay/relay-context.js';

const tokensKey = ['oauth-tokens'] as const;
const pendingKey = (sessionId: string) => ['oauth-pending', sessionId] as const;

export function useOAuthTokens() {
  const { http } = useRelay();
  return useQuery({ queryKey: tokensKey, queryFn: () => http.call('oauthTokens'), staleTime: 2_000 });
}

export function useForgetTokens() {
  const { http } = useRelay();
  const queryClient = useQueryClient();
  return useMutation({
    // A profile's credentials are its own: forgetting them leaves other profiles' and ad-hoc targets' for the same server.
    mutationFn: ({ serverUrl, profileId }: { serverUrl: string; profileId: string | null }) =>
      http.call('forgetOAuthTokens', { query: { server: serverUrl, ...(profileId !== null ? { profile: profileId } : {}) } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: tokensKey }),
  });
}

/** Polled while `waiting`: the relay holds the URL to open (its state must never be recorded, so it is not in the log). */
export function usePendingAuthorizations(sessionId: string, waiting: boolean) {
  const { http } = useRelay();
  return useQuery({
    queryKey: pendingKey(sessionId),
    queryFn: () => http.call('oauthPending', { params: { id: sessionId } }),
    enabled: waiting,
    refetchInterval: waiting ? 1_000 : false,
  });
}

export function useCancelAuthorization(sessionId: string) {
  const { http } = useRelay();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => http.call('cancelOAuth', { params: { id: sessionId } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: pendingKey(sessionId) }),
  });
}

/** After a flow changes, the stored tokens may have too. */
export function useRefreshTokens(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => void queryClient.invalidateQueries({ queryKey: tokensKey }), [queryClient]);
}
