// The initialize (or server/discover) result of session X, read from its log, for every panel that needs the server's
// capabilities or identity.
import { useMemo, useState } from 'react';
import { useLog } from '../log/use-log.js';
import { discoveryInFlight, findHandshake, type HandshakeResult } from './handshake-result.js';

const sameExchange = (a: HandshakeResult | null, b: HandshakeResult | null) =>
  a?.requestSeq === b?.requestSeq && a?.responseSeq === b?.responseSeq && a?.probe === b?.probe;

export function useHandshakeResult(sessionId: string | null): HandshakeResult | null {
  const view = useLog(sessionId);
  const found = useMemo(() => (view ? findHandshake(view.source) : null), [view]);
  // Same exchange, same object: consumers can depend on it without re-running on every frame.
  const [kept, setKept] = useState(found);
  const same = sameExchange(kept, found);
  if (!same) setKept(found);
  return same ? kept : found;
}

/** A server/discover is on the wire and unanswered: a modern session is not ready for panel requests yet. */
export function useDiscoveryInFlight(sessionId: string | null): boolean {
  const view = useLog(sessionId);
  return useMemo(() => (view ? discoveryInFlight(view.source) : false), [view]);
}
