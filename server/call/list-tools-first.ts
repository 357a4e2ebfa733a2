// Before `mcpscope call --method tools/call`: one tools/list (every page), so that the tool's inputSchema and
// outputSchema are known to the linter and a 2026-07-28 HTTP transport learns which arguments go in Mcp-Param-*
// headers. Best effort: whatever goes wrong here is said on stderr and the call itself still goes out.
import { isErrorResponse } from '../../shared/engine/index.js';
import { isPlainObject } from '../../shared/jsonrpc.js';
import type { Output } from './call-output.js';
import type { CallSession } from './call-session.js';

/** A server that keeps handing out cursors should not keep the call from ever happening. */
const MAX_PAGES = 20;

/** Whether the call should list the tools first: a tools/call after a handshake, unless --no-list. */
export function wantsToolList(method: string, listFirst: boolean, handshaken: boolean): boolean {
  return method === 'tools/call' && listFirst && handshaken;
}

export async function listToolsFirst(session: CallSession, timeoutMs: number, out: Output): Promise<void> {
  // A server that declares no tools capability would only earn a finding the user's own call did not ask for.
  if (session.engine.capabilityWarning('tools/list') !== null) return;
  let cursor: string | undefined;
  const seen = new Set<string>();
  let tools = 0;
  let pages = 0;
  try {
    do {
      const response = await session.engine.request('tools/list', cursor === undefined ? undefined : { cursor }, { timeoutMs, origin: 'bookkeeping' });
      pages++;
      if (isErrorResponse(response)) {
        out.note(`tools/list (sent first, for the tool's schemas) was answered with error ${String(response.error.code)}; calling the tool anyway`);
        return;
      }
      const result = isPlainObject(response.result) ? response.result : {};
      if (Array.isArray(result.tools)) tools += result.tools.length;
      const next = result.nextCursor;
      cursor = typeof next === 'string' && !seen.has(next) ? next : undefined;
      if (cursor !== undefined) seen.add(cursor);
    } while (cursor !== undefined && pages < MAX_PAGES);
  } catch (err) {
    out.note(`tools/list (sent first, for the tool's schemas) failed: ${(err as Error).message}; calling the tool anyway`);
    return;
  }
  out.note(`listed the tools first (${tools} in ${pages} page${pages === 1 ? '' : 's'}) for their schemas; --no-list skips this`);
}
