// On first load, attaches to the session the CLI launched, else to the newest one; with none, the user connects.
import { useEffect, useRef } from 'react';
import type { RelayConfig, SessionInfo } from '../../../shared/relay-protocol.js';
import { firstSession } from '../../lib/relay/first-session.js';
import { useRelay } from '../../lib/relay/relay-context.js';

interface Options {
  config: RelayConfig | undefined;
  sessions: SessionInfo[] | undefined;
  sessionId: string | null;
  attach: (session: SessionInfo) => void;
}

export function useAutoAttach({ config, sessions, sessionId, attach }: Options): void {
  const { http } = useRelay();
  const done = useRef(false);
  useEffect(() => {
    if (done.current || sessionId !== null || !config || !sessions) return;
    done.current = true;
    const first = firstSession(config, sessions);
    if (first === null) return;
    if ('session' in first) return attach(first.session);
    // The list may predate the launch session; ask for it directly before falling back to the newest.
    http.call('session', { params: { id: first.askFor } }).then(attach, () => first.fallback && attach(first.fallback));
  }, [config, sessions, sessionId, attach, http]);
}
