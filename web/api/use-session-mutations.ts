// Create, restart and stop sessions; each result goes straight into the session list cache.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateSessionBody, SessionInfo } from '../../shared/relay-protocol.js';
import { useRelay } from '../lib/relay/relay-context.js';
import { upsertSession } from './session-cache.js';

function useSessionMutation<V>(fn: (vars: V) => Promise<SessionInfo>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: (session) => upsertSession(queryClient, session) });
}

export function useCreateSession() {
  const { http } = useRelay();
  return useSessionMutation((body: CreateSessionBody) => http.call('createSession', { body }));
}

export function useRestartSession() {
  const { http } = useRelay();
  return useSessionMutation((id: string) => http.call('restartSession', { params: { id } }));
}

export function useStopSession() {
  const { http } = useRelay();
  return useSessionMutation((id: string) => http.call('stopSession', { params: { id } }));
}
