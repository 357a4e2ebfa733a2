// The session's OAuth flows, folded from its log (shared/oauth/auth-flow-view.ts) whenever the log grows.
import { useMemo } from 'react';
import { authFlows, type FlowView } from '../../../shared/oauth/auth-flow-view.js';
import { useSessionLog } from '../../lib/relay/relay-context.js';

export function useAuthFlows(sessionId: string): FlowView[] {
  const { log, version } = useSessionLog(sessionId);
  return useMemo(() => (log ? authFlows(log.entries.map((e) => e.frame)) : []), [log, version]);
}
