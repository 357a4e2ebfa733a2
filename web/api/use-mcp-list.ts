// A paginated MCP list (tools, resources, templates, prompts): follows nextCursor to the end, refetches on list_changed.
// It asks on its own (bookkeeping) only for a capability the server declared, and re-lists only when the server said
// it announces changes; a person can still ask by hand (List anyway, Refresh), and that request is theirs.
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FrameOrigin } from '../../shared/frame-origin.js';
import { mcpCall } from '../lib/mcp/mcp-call.js';
import { useRelay } from '../lib/relay/relay-context.js';
import { useLatestInboundSeq } from '../lib/log/use-inbound.js';
import { queryKeys } from './query-keys.js';
import { announcesListChanges, undeclared, type McpSessionState } from './use-mcp-session.js';

export interface McpList<T> {
  items: T[];
  /** How many requests it took; each is a request/response pair in the log. */
  pages: number;
  /** Set when paging stopped early: a cursor repeated or the page cap was reached. */
  stoppedEarly: string | null;
  /** The log's last seq before the first page was asked for: a list_changed after it makes this list stale. */
  askedAfterSeq: number;
}

// A server that keeps returning cursors must not make the panel loop forever.
const MAX_PAGES = 50;

export function useMcpList<T>(sessionId: string, mcp: McpSessionState, method: string, field: string, changedNotification: string | null) {
  const { engines, store } = useRelay();
  const missing = undeclared(mcp, method);
  // "List anyway" for an undeclared capability holds until the server behind the session changes.
  const [forcedEpoch, setForcedEpoch] = useState<string | null>(null);
  const forced = forcedEpoch === mcp.epoch;
  /** Who asks for the next fetch: a click says 'panel' once; anything else (opening, re-list) is bookkeeping. */
  const asker = useRef<FrameOrigin>('bookkeeping');
  const query = useQuery({
    queryKey: queryKeys.mcp(sessionId, mcp.epoch, method),
    enabled: mcp.ready && (missing === null || forced),
    staleTime: Infinity,
    retry: false,
    queryFn: async (): Promise<McpList<T>> => {
      const engine = engines.get(sessionId);
      const first = asker.current;
      asker.current = 'bookkeeping';
      const askedAfterSeq = store.lastSeq(sessionId);
      const items: T[] = [];
      const seen = new Set<string>();
      let cursor: string | undefined;
      for (let pages = 1; ; pages++) {
        // Following the cursor is bookkeeping, unless the list was forced for an undeclared capability.
        const origin = pages === 1 || missing !== null ? first : 'bookkeeping';
        const { result } = await mcpCall(engine, method, cursor === undefined ? {} : { cursor }, { origin });
        const list = result[field];
        if (Array.isArray(list)) items.push(...(list as T[]));
        const next = result.nextCursor;
        if (typeof next !== 'string') return { items, pages, stoppedEarly: null, askedAfterSeq };
        if (seen.has(next)) return { items, pages, stoppedEarly: `the server repeated cursor ${JSON.stringify(next)}`, askedAfterSeq };
        if (pages >= MAX_PAGES) return { items, pages, stoppedEarly: `stopped after ${MAX_PAGES} pages`, askedAfterSeq };
        seen.add(next);
        cursor = next;
      }
    },
  });
  const changedSeq = useLatestInboundSeq(sessionId, changedNotification ?? '');
  const { data, refetch, isFetching } = query;
  const relists = changedNotification !== null && missing === null && announcesListChanges(mcp, method.split('/')[0]!);
  useEffect(() => {
    if (relists && data && !isFetching && changedSeq > data.askedAfterSeq) void refetch();
  }, [relists, changedSeq, data, isFetching, refetch]);
  /** The Refresh button: the user's own request. */
  const refresh = useCallback(() => {
    asker.current = 'panel';
    return refetch();
  }, [refetch]);
  /** Lists a capability the server did not declare, because the user asked. */
  const listAnyway = useCallback(() => {
    asker.current = 'panel';
    setForcedEpoch(mcp.epoch);
  }, [mcp.epoch]);
  return { ...query, refresh, listAnyway, missing, forced };
}
