// A failed MCP request, saying whose failure it was: the server's JSON-RPC error, or one made locally (timeout, not sent).
import { McpCallError } from '../lib/mcp/mcp-call.js';
import { JsonView } from './json-view.js';

export function CallError({ error }: { error: unknown }) {
  if (!(error instanceof McpCallError)) {
    return <p className="rounded border border-red-900 bg-red-950/40 px-2 py-1 text-red-200">{error instanceof Error ? error.message : String(error)}</p>;
  }
  // The client's own cancel (a Cancel button, a panel letting go) is not an error of anyone's: a plain note, not red.
  if (error.local && error.code === 'CANCELLED') {
    return (
      <p data-testid="call-cancelled" className="rounded border border-edge bg-white/5 px-2 py-1">
        Cancelled{error.id !== undefined && <span className="font-mono"> (request id {error.id})</span>}: {error.message}
      </p>
    );
  }
  return (
    <div data-testid="call-error" data-local={error.local} className="rounded border border-red-900 bg-red-950/40 px-2 py-1 text-red-200">
      <p>
        <span className="font-semibold">{error.local ? 'Local error (made by mcpscope, not the server)' : 'Error response from the server'}</span>
        {error.id !== undefined && <span className="text-red-300/70"> · request id {error.id}</span>}
      </p>
      <p className="font-mono">
        {error.code}: {error.message}
      </p>
      {error.data !== undefined && <JsonView value={error.data} className="mt-1 max-h-40" />}
    </div>
  );
}
