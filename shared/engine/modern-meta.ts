// The 2026-07-28 request shape: protocol `_meta` on every request, and input_required results answered and retried.
import { isPlainObject } from '../jsonrpc.js';
import { META_CLIENT_CAPABILITIES, META_PROTOCOL_VERSION } from '../lint/mcp-session.js';
import type { JsonRpcResponse } from './engine-errors.js';

export { META_CLIENT_CAPABILITIES, META_PROTOCOL_VERSION };
export const META_CLIENT_INFO = 'io.modelcontextprotocol/clientInfo';
/** Where a 2026-07-28 server names itself: in its discovery result's `_meta`. */
export const META_SERVER_INFO = 'io.modelcontextprotocol/serverInfo';
/** 2026-07-28 has no logging/setLevel: the lowest level the client wants rides on each request instead. */
export const META_LOG_LEVEL = 'io.modelcontextprotocol/logLevel';
export const MODERN_PROTOCOL_VERSION = '2026-07-28';
/** A server that keeps asking is answered this many times, then its last question is handed to the caller. */
export const MAX_INPUT_ROUNDS = 8;

export function modernMeta(
  version: string,
  capabilities: Record<string, unknown>,
  clientInfo: Record<string, unknown>,
  logLevel?: string,
): Record<string, unknown> {
  const meta: Record<string, unknown> = { [META_PROTOCOL_VERSION]: version, [META_CLIENT_CAPABILITIES]: capabilities, [META_CLIENT_INFO]: clientInfo };
  if (logLevel !== undefined) meta[META_LOG_LEVEL] = logLevel;
  return meta;
}

/**
 * Merges `meta` into params._meta. Keys the caller already set win, so a deliberately wrong version can still be sent.
 * Params that are not an object (an array, a string) are left as they are: there is nowhere to put `_meta`.
 */
export function withMeta(params: unknown, meta: Record<string, unknown>): unknown {
  if (params === undefined) return { _meta: meta };
  if (!isPlainObject(params)) return params;
  const own = isPlainObject(params._meta) ? params._meta : {};
  return { ...params, _meta: { ...meta, ...own } };
}

export interface InputRequest {
  method: string;
  params: unknown;
}

export interface InputRequired {
  inputRequests: Record<string, InputRequest>;
  requestState?: string;
}

/** The server's questions when a result says `resultType: "input_required"`; null for any other response. */
export function inputRequiredOf(response: JsonRpcResponse): InputRequired | null {
  const result = response.result;
  if (!isPlainObject(result) || result.resultType !== 'input_required') return null;
  const inputRequests: Record<string, InputRequest> = {};
  if (isPlainObject(result.inputRequests)) {
    for (const [key, req] of Object.entries(result.inputRequests)) {
      if (isPlainObject(req) && typeof req.method === 'string') inputRequests[key] = { method: req.method, params: req.params };
    }
  }
  const out: InputRequired = { inputRequests };
  if (typeof result.requestState === 'string') out.requestState = result.requestState;
  return out;
}

/** The retried request's params: the original ones plus the answers and the server's opaque state, echoed back. */
export function retryParams(params: unknown, inputResponses: Record<string, unknown>, requestState: string | undefined): unknown {
  const base = isPlainObject(params) ? params : {};
  const { inputResponses: _old, requestState: _oldState, ...rest } = base;
  return { ...rest, inputResponses, ...(requestState === undefined ? {} : { requestState }) };
}
