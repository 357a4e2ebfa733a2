// Hands the page's RelayClient to every component, and the socket's state to the connection indicator.
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { RelayClient } from './relay-client.js';
import type { SocketState } from './relay-socket.js';

export const RelayContext = createContext<RelayClient | null>(null);

export function useRelay(): RelayClient {
  const client = useContext(RelayContext);
  if (!client) throw new Error('useRelay outside RelayContext');
  return client;
}

export function useSocketState(): SocketState {
  const { socket } = useRelay();
  return useSyncExternalStore(socket.subscribeState, socket.getState);
}
