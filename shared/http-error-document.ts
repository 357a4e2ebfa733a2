// Recognises the JSON error documents HTTP layers answer with that are not JSON-RPC: an OAuth error (RFC 6749 §5.2,
// RFC 6750 §3: {"error": "invalid_token", "error_description": …}) or a problem document (RFC 9457: {type, title, status}).
import { isPlainObject } from './jsonrpc.js';

/**
 * True for a JSON object that is none of JSON-RPC's shapes (no jsonrpc, method, result or id) but an HTTP error
 * document. A server's 401 carries one; it is part of the HTTP exchange, not a malformed JSON-RPC frame.
 */
export function isHttpErrorDocument(value: unknown): boolean {
  if (!isPlainObject(value) || 'jsonrpc' in value || 'method' in value || 'result' in value || 'id' in value) return false;
  const oauth = typeof value.error === 'string';
  const problem = typeof value.title === 'string' && typeof value.status === 'number';
  return oauth || problem;
}
