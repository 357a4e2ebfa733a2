// A paginated MCP list (tools, resources, templates, prompts): follows nextCursor to the end, refetches on list_changed.
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isPlainObject } from '../../shared/jsonrpc.js';
import { mcpCall } from '../lib/mcp/mcp-call.js';
import { useRelay } from '../lib/relay/relay-context.js';
import { useLatestInboundSeq } from '../lib/log/use-inbound.js';
import { queryKeys } from './query-keys.js';
import type { McpSessionState } from './use-mcp-session.js';

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
  const query = useQuery({
    queryKey: queryKeys.mcp(sessionId, mcp.epoch, method),
    enabled: mcp.ready,
    staleTime: Infinity,
    retry: false,
    queryFn: async (): Promise<McpList<T>> => {
      const engine = engines.get(sessionId);
      const askedAfterSeq = store.lastSeq(sessionId);
      const items: T[] = [];
      const seen = new Set<string>();
      let cursor: string | undefined;
      for (let pages = 1; ; pages++) {
        const { result } = await mcpCall(engine, method, cursor === undefined ? {} : { cursor });
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
  useEffect(() => {
    if (changedNotification !== null && data && !isFetching && changedSeq > data.askedAfterSeq) void refetch();
  }, [changedNotification, changedSeq, data, isFetching, refetch]);
  return query;
}

/** Reads a string field of a list item that may be anything the server sent. */
export function str(item: unknown, key: string): string | undefined {
  return isPlainObject(item) && typeof item[key] === 'string' ? item[key] : undefined;
}
