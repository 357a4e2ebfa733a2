// Starts the browser-side linter of a session as soon as its target is known: the transport and offered version.
import { useEffect } from 'react';
import { lintTransport } from '../../../shared/lint/index.js';
import { useSession } from '../../api/use-sessions.js';
import { useRelay } from '../../lib/relay/relay-context.js';

export function useLintSetup(sessionId: string | null): void {
  const { store } = useRelay();
  const session = useSession(sessionId);
  const transport = session ? lintTransport(session.target) : null;
  const protocolVersion = session?.protocolVersion;
  useEffect(() => {
    // Frames that arrive first wait in the log; configuring lints them in one go.
    if (sessionId !== null && transport !== null) store.configureLint(sessionId, { transport, ...(protocolVersion ? { protocolVersion } : {}) });
  }, [store, sessionId, transport, protocolVersion]);
}
