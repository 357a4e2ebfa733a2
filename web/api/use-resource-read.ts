// resources/read of one URI as a query: read when selected, again on demand; each read is a request in the log.
import { useQuery } from '@tanstack/react-query';
import { mcpCall } from '../lib/mcp/mcp-call.js';
import { useRelay } from '../lib/relay/relay-context.js';
import { queryKeys } from './query-keys.js';
import type { McpSessionState } from './use-mcp-session.js';

export function useResourceRead(sessionId: string, mcp: McpSessionState, uri: string | null) {
  const { engines, store } = useRelay();
  return useQuery({
    queryKey: queryKeys.mcp(sessionId, mcp.epoch, 'resources/read', uri),
    enabled: mcp.ready && uri !== null,
    staleTime: Infinity,
    retry: false,
    queryFn: async () => {
      // Updates that arrive after this point make the read stale; the panel compares against it.
      const askedAfterSeq = store.lastSeq(sessionId);
      const call = await mcpCall(engines.get(sessionId), 'resources/read', { uri });
      return { ...call, askedAfterSeq };
    },
  });
}
