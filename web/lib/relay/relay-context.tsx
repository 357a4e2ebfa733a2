// Hands the page's RelayClient to every component, and the hooks that read its framework-free stores.
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { RelayClient } from './relay-client.js';
import type { SessionLog } from '../log/session-log.js';
import type { SocketState } from './relay-socket.js';

export const RelayContext = createContext<RelayClient | null>(null);

export function useRelay(): RelayClient {
  const client = useContext(RelayContext);
  if (!client) throw new Error('useRelay outside RelayContext');
  return client;
}

/** The session's log plus its version; components re-render whenever frames arrive for that session only. */
export function useSessionLog(sessionId: string | null): { log: SessionLog | null; version: number } {
  const { store } = useRelay();
  const version = useSyncExternalStore(store.subscribe, () => store.versionOf(sessionId));
  return { log: sessionId === null ? null : store.log(sessionId), version };
}

export function useSocketState(): SocketState {
  const { socket } = useRelay();
  return useSyncExternalStore(socket.subscribeState, socket.getState);
}
