// The initialize (or server/discover) result of session X, read from its log, for every panel that needs the server's
// capabilities or identity.
import { useMemo } from 'react';
import { discoveryInFlight, findHandshake, type HandshakeResult } from './handshake-result.js';
import { useSessionLog } from '../relay/relay-context.js';

export function useHandshakeResult(sessionId: string | null): HandshakeResult | null {
  const { log, version } = useSessionLog(sessionId);
  const found = useMemo(() => (log ? findHandshake(log) : null), [log, version]);
  // Same exchange, same object: consumers can depend on it without re-running on every frame.
  return useMemo(() => found, [found?.requestSeq, found?.responseSeq, found?.probe]);
}

/** A server/discover is on the wire and unanswered: a modern session is not ready for panel requests yet. */
export function useDiscoveryInFlight(sessionId: string | null): boolean {
  const { log, version } = useSessionLog(sessionId);
  return useMemo(() => (log ? discoveryInFlight(log) : false), [log, version]);
}
