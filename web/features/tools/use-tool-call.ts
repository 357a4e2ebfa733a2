// Calls one tool with progress, elapsed time, cancellation and a per-call timeout. The outcome lives in the mutation
// cache (like every panel action's, see use-mcp-action), the running state in running-calls.
import { useMutation, useMutationState } from '@tanstack/react-query';
import type { ActionState } from '../../api/use-mcp-action.js';
import { McpCallError, mcpCall, type McpCallResult } from '../../lib/mcp/mcp-call.js';
import { useRelay } from '../../lib/relay/relay-context.js';
import { runKey, runningCalls, useRunningCall } from './running-calls.js';
import type { ToolCallVariables } from './tool-result.js';

export interface CallSettings {
  /** How long to wait for the result; progress pushes the timer back (up to 10 minutes in total). */
  timeoutMs: number;
}

export const DEFAULT_CALL_SETTINGS: CallSettings = { timeoutMs: 60_000 };

export function useToolCall(sessionId: string, epoch: string, toolName: string, settings: CallSettings) {
  const { engines } = useRelay();
  // Keyed like use-mcp-action's outcomes: per session, server process and tool, so a result survives switching tools.
  const mutationKey = ['mcp-action', sessionId, epoch, 'tools/call', toolName];
  const key = runKey(mutationKey);
  const mutation = useMutation({
    mutationKey,
    mutationFn: async (v: ToolCallVariables): Promise<McpCallResult> => {
      let id = -1;
      const engine = engines.get(sessionId);
      try {
        return await mcpCall(
          engine,
          'tools/call',
          { name: toolName, arguments: v.arguments },
          {
            timeoutMs: settings.timeoutMs,
            resetTimeoutOnProgress: true,
            onStart: (started) => {
              id = started.id;
              runningCalls.start(key, { id, startedAt: performance.now(), cancel: started.cancel });
            },
            onProgress: (params) => runningCalls.progress(key, id, params),
          },
        );
      } catch (err) {
        // Giving up on a tool call is said on the wire too (the spec's SHOULD), so the server can stop its work. Only
        // here: raw composer sends stay exactly what the user typed, with nothing added behind their back.
        if (err instanceof McpCallError && err.local && err.code === 'REQUEST_TIMEOUT' && id !== -1) {
          void engine.notify('notifications/cancelled', { requestId: id, reason: 'timed out' }, 'bookkeeping').catch(() => undefined);
        }
        throw err;
      } finally {
        runningCalls.end(key, id);
      }
    },
  });
  const states = useMutationState({
    filters: { mutationKey, exact: true },
    select: (m): ActionState<ToolCallVariables> => ({
      status: m.state.status,
      data: m.state.data as McpCallResult | undefined,
      error: m.state.error,
      variables: m.state.variables as ToolCallVariables | undefined,
      submittedAt: m.state.submittedAt,
    }),
  });
  return { run: mutation.mutate, last: states.at(-1) ?? null, running: useRunningCall(key) };
}
