// completion/complete for one argument as the user types, if the server declared the completions capability.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { isPlainObject } from '../../shared/jsonrpc.js';
import { mcpCall } from '../lib/mcp/mcp-call.js';
import { useRelay } from '../lib/relay/relay-context.js';
import { useDebounced } from '../lib/ui/use-debounced.js';
import { queryKeys } from './query-keys.js';
import type { McpSessionState } from './use-mcp-session.js';

export type CompletionRef = { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string };

export interface CompletionRequest {
  ref: CompletionRef;
  argument: string;
  value: string;
  /** The other arguments already filled in, which some servers use to narrow suggestions. */
  context: Record<string, string>;
  /** Only the field being edited asks, so a form does not send a burst of requests when it opens. */
  active: boolean;
}

export interface Completion {
  values: string[];
  total: number | null;
  hasMore: boolean;
}

export function useCompletion(sessionId: string, mcp: McpSessionState, req: CompletionRequest) {
  const { engines } = useRelay();
  const value = useDebounced(req.value, 150);
  const supported = 'completions' in mcp.capabilities;
  const context = Object.keys(req.context).length > 0 ? { arguments: req.context } : undefined;
  const query = useQuery({
    queryKey: queryKeys.mcp(sessionId, mcp.epoch, 'completion/complete', req.ref, req.argument, value, context ?? null),
    enabled: mcp.ready && supported && req.active,
    staleTime: 60_000,
    retry: false,
    placeholderData: keepPreviousData,
    queryFn: async (): Promise<Completion> => {
      const params: Record<string, unknown> = { ref: req.ref, argument: { name: req.argument, value } };
      if (context) params.context = context;
      const { result } = await mcpCall(engines.get(sessionId), 'completion/complete', params, { origin: 'bookkeeping' });
      const c = isPlainObject(result.completion) ? result.completion : {};
      return {
        values: Array.isArray(c.values) ? c.values.filter((v): v is string => typeof v === 'string') : [],
        total: typeof c.total === 'number' ? c.total : null,
        hasMore: c.hasMore === true,
      };
    },
  });
  // `askedFor` lets the field tell suggestions for what is typed now from ones still shown for an earlier value.
  return { ...query, supported, askedFor: value };
}
