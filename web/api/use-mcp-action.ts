// A request a panel sends on the user's command (tools/call, prompts/get, subscribe…) as a TanStack mutation; its last
// outcome is kept in the mutation cache under a key, so it survives switching tools or tabs.
import { useMutation, useMutationState } from '@tanstack/react-query';
import { mcpCall, type McpCallResult } from '../lib/mcp/mcp-call.js';
import { useRelay } from '../lib/relay/relay-context.js';

export interface ActionState<V> {
  status: 'idle' | 'pending' | 'success' | 'error';
  data: McpCallResult | undefined;
  error: unknown;
  variables: V | undefined;
  /** Date.now() when the request was submitted (0 before any). */
  submittedAt: number;
}

/**
 * `key` names what the outcome belongs to (a tool name, a URI); `toParams` turns what the panel passes in into the
 * request's params. Outcomes are per server process (`epoch`): a restart starts with none.
 */
export function useMcpAction<V>(sessionId: string, epoch: string, method: string, key: readonly unknown[], toParams: (v: V) => unknown) {
  const { engines } = useRelay();
  const mutationKey = ['mcp-action', sessionId, epoch, method, ...key];
  const mutation = useMutation({
    mutationKey,
    mutationFn: (v: V) => mcpCall(engines.get(sessionId), method, toParams(v)),
  });
  const states = useMutationState({
    filters: { mutationKey, exact: true },
    select: (m): ActionState<V> => ({
      status: m.state.status,
      data: m.state.data as McpCallResult | undefined,
      error: m.state.error,
      variables: m.state.variables as V | undefined,
      submittedAt: m.state.submittedAt,
    }),
  });
  return { run: mutation.mutate, runAsync: mutation.mutateAsync, last: states.at(-1) ?? null };
}
