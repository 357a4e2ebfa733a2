// The initialize (or server/discover) result of session X, read from its log, for every panel that needs the server's
// capabilities or identity.
import { useLogSelect } from '../log/use-log.js';
import { discoveryInFlight, findHandshake, type HandshakeResult } from './handshake-result.js';

const sameExchange = (a: HandshakeResult | null, b: HandshakeResult | null) =>
  a?.requestSeq === b?.requestSeq && a?.responseSeq === b?.responseSeq && a?.probe === b?.probe;

/** Same exchange, same object: a component that reads it re-renders when the handshake changes, not on every frame. */
export function useHandshakeResult(sessionId: string | null): HandshakeResult | null {
  return useLogSelect(sessionId, findHandshake, sameExchange);
}

/** A server/discover is on the wire and unanswered: a modern session is not ready for panel requests yet. */
export function useDiscoveryInFlight(sessionId: string | null): boolean {
  return useLogSelect(sessionId, discoveryInFlight, (a, b) => a === b) ?? false;
}
