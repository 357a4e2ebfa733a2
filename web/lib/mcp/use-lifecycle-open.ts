// Whether the session's client engine lets mcpscope's own requests out now: the handshake is complete (initialized
// sent, or server/discover answered), or none is known to be coming. Panels ask nothing before it.
import { useCallback, useSyncExternalStore } from 'react';
import { useRelay } from '../relay/relay-context.js';

export function useLifecycleOpen(sessionId: string | null): boolean {
  const { engines } = useRelay();
  const subscribe = useCallback(
    (listener: () => void) => (sessionId === null ? () => undefined : engines.get(sessionId).lifecycle.onChange(listener)),
    [engines, sessionId],
  );
  return useSyncExternalStore(subscribe, () => (sessionId === null ? false : engines.get(sessionId).lifecycle.open));
}
