// The outcome of the last tools/call: content blocks, isError marked plainly, structuredContent checked, or the error.
import { isPlainObject } from '../../../shared/jsonrpc.js';
import type { ActionState } from '../../api/use-mcp-action.js';
import { CallError } from '../../components/call-error.js';
import { ContentBlock } from '../../components/content-block.js';
import { LogLink } from '../../components/log-link.js';
import { formatLatency } from '../../lib/ui/format.js';
import { McpCallError } from '../../lib/mcp/mcp-call.js';
import { StructuredCheck } from './structured-check.js';

export interface ToolCallVariables {
  arguments: unknown;
  /** Sent with "Send anyway": the arguments failed the input schema, on purpose. */
  invalid: boolean;
}

interface Props {
  sessionId: string;
  state: ActionState<ToolCallVariables>;
  outputSchema: unknown;
  onSelect: (seq: number) => void;
}

export function ToolResult({ sessionId, state, outputSchema, onSelect }: Props) {
  if (state.status === 'idle') return null;
  if (state.status === 'pending') return <p className="text-dim">Calling…</p>;
  if (state.status === 'error') {
    // A Cancel the user pressed is what they asked for, not a failure: said plainly, never in the red error box.
    if (state.error instanceof McpCallError && state.error.local && state.error.code === 'CANCELLED') {
      return (
        <p data-testid="tool-cancelled" data-request-id={state.error.id ?? ''} className="rounded border border-edge bg-white/5 px-2 py-1">
          Cancelled by you{state.error.id !== undefined && <span className="font-mono"> (request id {String(state.error.id)})</span>}: notifications/cancelled
          was sent, and any late response from the server is ignored.
        </p>
      );
    }
    return <CallError error={state.error} />;
  }
  const data = state.data!;
  const result = data.result;
  const isError = result.isError === true;
  const content = Array.isArray(result.content) ? result.content : null;
  return (
    <div data-testid="tool-result" data-is-error={isError} className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-[10px] tracking-wide text-dim uppercase">result</span>
        <LogLink sessionId={sessionId} id={data.id} onSelect={onSelect} />
        <span className="font-mono text-[11px] text-dim">{formatLatency(data.rttMs)}</span>
        {state.variables?.invalid && <span className="rounded bg-amber-900/60 px-1 text-[10px] text-amber-100">sent with invalid arguments</span>}
      </div>
      {isError && (
        <p data-testid="tool-is-error" className="rounded border border-red-800 bg-red-950/60 px-2 py-1 font-semibold text-red-200">
          isError: true — the tool reports that it failed. This is a result, not a JSON-RPC error.
        </p>
      )}
      {content === null && <p className="text-amber-300">The result has no content array, which the spec requires.</p>}
      {content?.map((block, i) => (
        <ContentBlock key={i} block={block} />
      ))}
      <StructuredCheck outputSchema={outputSchema} structured={isPlainObject(result) ? result.structuredContent : undefined} isError={isError} />
    </div>
  );
}
