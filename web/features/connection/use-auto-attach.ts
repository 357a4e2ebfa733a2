// On first load, attaches to the session the CLI launched, else to the newest one; with none, the user connects.
import { useEffect, useRef } from 'react';
import type { RelayConfig, SessionInfo } from '../../../shared/relay-protocol.js';
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
    const launchId = config.launchSessionId;
    const launch = launchId === null ? undefined : sessions.find((s) => s.id === launchId);
    if (launch) return attach(launch);
    if (launchId !== null) {
      // The list may predate the launch session; ask for it directly before falling back to the newest.
      http.call('session', { params: { id: launchId } }).then(attach, () => sessions[0] && attach(sessions[0]));
      return;
    }
    if (sessions[0]) attach(sessions[0]);
  }, [config, sessions, sessionId, attach, http]);
}
