// The session's OAuth flows, folded from its log (shared/oauth/auth-flow-view.ts) whenever the log grows.
import { useMemo } from 'react';
import { authFlows, type FlowView } from '../../../shared/oauth/auth-flow-view.js';
import { useLog } from '../../lib/log/use-log.js';

export function useAuthFlows(sessionId: string): FlowView[] {
  const view = useLog(sessionId);
  // A flow runs at the start of a connection or on a 401 mid-session: the frames the page holds carry it.
  return useMemo(() => (view ? authFlows(view.source.held.map((e) => e.frame)) : []), [view]);
}
