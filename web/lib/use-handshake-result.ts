// The initialize result of session X, read from its log, for every panel that needs the server's capabilities or identity.
import { useMemo } from 'react';
import { findHandshake, type HandshakeResult } from './handshake-result.js';
import { useSessionLog } from './relay-context.js';

export function useHandshakeResult(sessionId: string | null): HandshakeResult | null {
  const { log, version } = useSessionLog(sessionId);
  const found = useMemo(() => (log ? findHandshake(log) : null), [log, version]);
  // Same exchange, same object: consumers can depend on it without re-running on every frame.
  return useMemo(() => found, [found?.requestSeq, found?.responseSeq]);
}
