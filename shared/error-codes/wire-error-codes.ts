// The numeric JSON-RPC error codes mcpscope knows, by name, and the lookup from a code to its catalogue entry.
import type { WireErrorEntry } from './error-code-types.js';
import { JSONRPC_ERROR_ENTRIES } from './jsonrpc-error-entries.js';
import { MCP_ERROR_ENTRIES } from './mcp-error-entries.js';

/** Codes that travel on the wire as `error.code`. A local library may reuse some of them; see LOCAL_ERROR_CODES. */
export const WIRE_ERROR_CODES = {
  PARSE_ERROR: -32700, // the text was not valid JSON
  INVALID_REQUEST: -32600, // JSON, but not a valid JSON-RPC request object
  METHOD_NOT_FOUND: -32601, // no such method here, or its capability was not negotiated
  INVALID_PARAMS: -32602, // the params do not fit the method (2026: also resource not found)
  INTERNAL_ERROR: -32603, // the receiver failed unexpectedly; not for business errors
  SDK_CONNECTION_CLOSED: -32000, // SDK: closed connection (local) or a transport rejection by an SDK HTTP server
  SDK_TIMEOUT_OR_NO_SESSION: -32001, // SDK: request timeout (local) or session not found (HTTP 404)
  RESOURCE_NOT_FOUND: -32002, // resources/read of an unknown URI, 2024-11-05 … 2025-11-25 only
  HEADER_MISMATCH: -32020, // 2026: HTTP headers disagree with the body
  MISSING_REQUIRED_CLIENT_CAPABILITY: -32021, // 2026: the request needs a client capability it did not declare
  UNSUPPORTED_PROTOCOL_VERSION: -32022, // 2026: the server does not speak the requested version
  URL_ELICITATION_REQUIRED: -32042, // 2025-11-25: the user must visit a URL first
} as const;

export const WIRE_ERROR_CATALOGUE: readonly WireErrorEntry[] = [...JSONRPC_ERROR_ENTRIES, ...MCP_ERROR_ENTRIES];

const byCode = new Map(WIRE_ERROR_CATALOGUE.map((e) => [e.code, e]));

export function wireErrorEntry(code: number): WireErrorEntry | undefined {
  return byCode.get(code);
}

/** The codes JSON-RPC 2.0 itself defines. */
export function isPredefinedJsonRpcCode(code: number): boolean {
  return code === -32700 || (code <= -32600 && code >= -32603);
}
