// Where a numeric error code sits in the JSON-RPC / MCP code space, and what can honestly be said about an unknown one.
import type { ErrorFacts, ErrorRange } from './error-code-types.js';
import { isPredefinedJsonRpcCode } from './wire-error-codes.js';
import { MODERN_PROTOCOL_VERSIONS } from '../mcp-versions.js';

/** 2026-07-28 splits the JSON-RPC server-error range: -32019…-32000 stays implementation-defined, the rest is the spec's. */
const SPEC_RANGE_TOP = -32020;

function isModernVersion(v: string | undefined): boolean {
  return v !== undefined && (MODERN_PROTOCOL_VERSIONS as readonly string[]).includes(v);
}

export function errorRange(code: number, protocolVersion?: string): ErrorRange {
  if (!Number.isInteger(code)) return 'not-an-integer';
  if (isPredefinedJsonRpcCode(code)) return 'jsonrpc-predefined';
  if (code <= -32000 && code >= -32099) {
    return isModernVersion(protocolVersion) && code <= SPEC_RANGE_TOP ? 'mcp-reserved' : 'implementation-defined';
  }
  if (code <= -32000 && code >= -32768) return 'jsonrpc-reserved';
  return 'application';
}

export const RANGE_FACTS: Record<ErrorRange, ErrorFacts> = {
  'jsonrpc-predefined': {
    name: 'JSON-RPC predefined error',
    meaning: 'One of the five codes JSON-RPC 2.0 defines.',
    causes: [],
    check: ['error.message and error.data.'],
    origin: 'peer',
  },
  'jsonrpc-reserved': {
    name: 'Reserved JSON-RPC code',
    meaning:
      'JSON-RPC reserves -32768…-32000 for pre-defined errors; this code is not one it defines, and the rest of the range is "reserved for future use" (a reservation without a MUST, so the lint only notes it).',
    causes: ['A server picked a code from the reserved range for its own error.'],
    check: ['error.message for what actually happened; a code outside -32768…-32000 would not collide with a future JSON-RPC one.'],
    origin: 'peer',
  },
  'implementation-defined': {
    name: 'Implementation-defined server error',
    meaning: 'JSON-RPC leaves -32099…-32000 to implementations: this code means whatever this server or library says it means.',
    causes: ['An error specific to this server or SDK.'],
    check: ["error.message and error.data; the server's documentation or source."],
    origin: 'either',
  },
  'mcp-reserved': {
    name: 'Unallocated MCP code',
    meaning:
      'In 2026-07-28, -32099…-32020 is reserved for codes the MCP specification allocates (implementations MUST NOT emit others from it), and this one is not allocated.',
    causes: ['A server used the spec range for its own error, or speaks a newer draft.'],
    check: ['error.message; implementation-specific codes belong in -32019…-32000 or outside the reserved range.'],
    origin: 'peer',
  },
  application: {
    name: 'Application-defined error',
    meaning: 'A code outside the range JSON-RPC reserves: the application defines it. It is not a protocol error.',
    causes: ['The server reports a failure of its own domain.'],
    check: ["error.message and error.data; the server's documentation. For a failing tool, MCP prefers a result with isError: true."],
    origin: 'peer',
  },
  'not-an-integer': {
    name: 'Invalid error code',
    meaning: 'JSON-RPC requires error.code to be an integer; this one is not, so it cannot be interpreted.',
    causes: ['A server that serialises a string or fractional code.'],
    check: ['The error object shape: {"code": <integer>, "message": <string>, "data"?: …}.'],
    origin: 'peer',
  },
};
