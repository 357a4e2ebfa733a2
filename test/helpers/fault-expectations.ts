// The verdict every fault preset gets from the servers we test against, as MCP-FACTS documents their behaviour:
// one table shared by the CLI and the browser tests, so both must agree with it and with each other.
import type { VerdictOutcome } from '../../shared/fault-lab/index.js';

/**
 * SDK servers on stdio (the demo server and server-everything behave alike): non-JSON lines, non-JSON-RPC objects,
 * `jsonrpc:"1.0"`, `id:null`, a BOM, arrays and multi-line JSON are dropped silently: "no reply", a deviation.
 */
export const STDIO_VERDICTS: Record<string, VerdictOutcome> = {
  'invalid-json': 'no-reply',
  'truncated-json': 'no-reply',
  'embedded-newline': 'no-reply',
  crlf: 'as-spec',
  'invalid-utf8': 'deviates',
  bom: 'no-reply',
  oversized: 'as-spec',
  'wrong-jsonrpc': 'no-reply',
  'missing-jsonrpc': 'no-reply',
  'missing-method': 'no-reply',
  'method-number': 'no-reply',
  'params-string': 'no-reply',
  'null-id': 'no-reply',
  'fractional-id': 'no-reply',
  'notification-with-id': 'as-spec',
  'second-initialize': 'as-spec',
  'duplicate-id': 'as-spec',
  'unknown-method': 'as-spec',
  'rpc-method': 'as-spec',
  'unsolicited-response': 'as-spec',
  'cancel-unknown': 'as-spec',
  'batch-empty': 'no-reply',
  'batch-notifications': 'as-spec',
  'batch-one-invalid': 'no-reply',
  'batch-initialize': 'no-reply',
};

/**
 * server-everything over Streamable HTTP: -32700 for valid JSON that is not JSON-RPC (should be -32600), error ids
 * null, 400 for an unknown session (spec: 404), 409 for a second GET stream, Express's 404 page for PUT, a second
 * request under an id in flight loses the first one's response, and 202 with no body for `[]`.
 */
export const HTTP_VERDICTS: Record<string, VerdictOutcome> = {
  'invalid-json': 'as-spec',
  'truncated-json': 'as-spec',
  'invalid-utf8': 'deviates',
  bom: 'as-spec',
  oversized: 'as-spec',
  'wrong-jsonrpc': 'deviates',
  'missing-jsonrpc': 'deviates',
  'missing-method': 'deviates',
  'method-number': 'deviates',
  'params-string': 'deviates',
  'null-id': 'deviates',
  'fractional-id': 'deviates',
  'notification-with-id': 'as-spec',
  'second-initialize': 'deviates',
  'duplicate-id': 'deviates',
  'unknown-method': 'as-spec',
  'rpc-method': 'as-spec',
  'unsolicited-response': 'as-spec',
  'cancel-unknown': 'as-spec',
  'batch-empty': 'no-reply',
  'batch-notifications': 'as-spec',
  'batch-one-invalid': 'deviates',
  'batch-initialize': 'deviates',
  'http-accept-missing': 'as-spec',
  'http-accept-wrong': 'as-spec',
  'http-content-type-wrong': 'as-spec',
  'http-session-missing': 'as-spec',
  'http-session-wrong': 'as-spec',
  'http-session-unknown': 'deviates',
  'http-protocol-version-wrong': 'as-spec',
  'http-get': 'deviates',
  'http-put': 'deviates',
  'http-delete': 'as-spec',
};
