// React's view of a session's server-request inbox: requests, roots and rules, re-rendered whenever any of them changes.
import { useSyncExternalStore } from 'react';
import type { InboxState, ServerRequestInbox } from './server-request-inbox.js';
import { useRelay } from '../relay/relay-context.js';

export function useServerRequests(sessionId: string): { inbox: ServerRequestInbox; state: InboxState } {
  const inbox = useRelay().engines.inbox(sessionId);
  const state = useSyncExternalStore(inbox.subscribe, inbox.getSnapshot);
  return { inbox, state };
}

export function usePendingServerRequests(sessionId: string): number {
  return useServerRequests(sessionId).state.requests.filter((r) => r.state === 'pending').length;
}
