// Sends one MCP request through a session's client engine and splits the answer into a result or an error that says whose it is.
import { LocalEngineError, type ClientEngine } from '../../../shared/engine/index.js';
import type { FrameOrigin } from '../../../shared/frame-origin.js';
import { SendError } from '../relay/relay-socket.js';

export interface McpCallResult {
  /** The JSON-RPC id the request went out with, to find it in the log. */
  id: number;
  result: Record<string, unknown>;
  /** Round trip as this page measured it, send to response. */
  rttMs: number;
}

/** Either the server's JSON-RPC error response (`local` false) or a failure made here: timeout, not sent, connection closed. */
export class McpCallError extends Error {
  constructor(
    readonly local: boolean,
    readonly code: number | string,
    message: string,
    readonly data?: unknown,
    readonly id?: number,
  ) {
    super(message);
    this.name = 'McpCallError';
  }
}

export interface McpCallOptions {
  /** Who asks: 'panel' (default) for what a person clicked, 'bookkeeping' for what a panel asks on its own. */
  origin?: FrameOrigin;
  timeoutMs?: number;
  resetTimeoutOnProgress?: boolean;
  /** Asks for progress (a progressToken goes out in `_meta`) and gets each notifications/progress params. */
  onProgress?: (params: Record<string, unknown>) => void;
  /** Called as soon as the request is sent, with its id and a way to cancel it (notifications/cancelled). */
  onStart?: (started: { id: number; cancel: (reason?: string) => Promise<boolean> }) => void;
}

export async function mcpCall(engine: ClientEngine, method: string, params?: unknown, options: McpCallOptions = {}): Promise<McpCallResult> {
  const { onStart, ...requestOptions } = options;
  let id = engine.peekNextId();
  const started = performance.now();
  let response: Record<string, unknown>;
  try {
    const outgoing = engine.begin(method, params, requestOptions);
    id = outgoing.id;
    onStart?.({ id, cancel: (reason) => outgoing.cancel(reason) });
    response = await outgoing.response;
  } catch (err) {
    if (err instanceof LocalEngineError) throw new McpCallError(true, err.code, err.message, undefined, id);
    if (err instanceof SendError) throw new McpCallError(err.local, err.code, err.message, undefined, id);
    throw new McpCallError(true, 'UNKNOWN', err instanceof Error ? err.message : String(err), undefined, id);
  }
  const rttMs = performance.now() - started;
  const error = response.error;
  if (typeof error === 'object' && error !== null) {
    const e = error as { code?: unknown; message?: unknown; data?: unknown };
    throw new McpCallError(false, typeof e.code === 'number' ? e.code : String(e.code), typeof e.message === 'string' ? e.message : '(no message)', e.data, id);
  }
  const result = response.result;
  return { id, rttMs, result: typeof result === 'object' && result !== null && !Array.isArray(result) ? (result as Record<string, unknown>) : {} };
}
