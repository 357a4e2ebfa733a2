// The verdict every fault preset gets from the servers we test against, as MCP-FACTS documents their behaviour:
// one table shared by the CLI and the browser tests, so both must agree with it and with each other.
import type { VerdictOutcome } from '../../shared/fault-lab/index.js';

/**
 * SDK servers on stdio (the demo server and server-everything behave alike), at the default 2025-11-25: non-JSON
 * lines, non-JSON-RPC objects, `jsonrpc:"1.0"`, `id:null`, a BOM and multi-line JSON are dropped silently: "no reply".
 * Batches are dropped too, which 2025-11-25 allows (it has no batches). Invalid UTF-8 is answered with the bytes
 * replaced, which the spec is silent on.
 */
export const STDIO_VERDICTS: Record<string, VerdictOutcome> = {
  'invalid-json': 'no-reply',
  'truncated-json': 'no-reply',
  'embedded-newline': 'no-reply',
  crlf: 'as-spec',
  'invalid-utf8': 'spec-silent',
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
  'batch-empty': 'as-spec',
  'batch-notifications': 'as-spec',
  'batch-one-invalid': 'as-spec',
  'batch-initialize': 'as-spec',
};

/**
 * server-everything over Streamable HTTP, at 2025-11-25: -32700 for valid JSON that is not JSON-RPC (should be -32600),
 * error ids null even where the id was readable, 400 for an unknown session (spec: 404), 409 for a second GET stream,
 * a foreign Origin accepted (spec: 403). Where the spec is silent or lenient the verdict says so: a null or fractional
 * id refused (either is allowed), invalid UTF-8 answered, a reused id in flight answered once, 406/415 for a wrong
 * Accept or Content-Type, Express's 404 page for PUT; batches rejected or ignored, which 2025-11-25 allows.
 */
export const HTTP_VERDICTS: Record<string, VerdictOutcome> = {
  'invalid-json': 'as-spec',
  'truncated-json': 'as-spec',
  'invalid-utf8': 'spec-silent',
  bom: 'as-spec',
  oversized: 'as-spec',
  'wrong-jsonrpc': 'deviates',
  'missing-jsonrpc': 'deviates',
  'missing-method': 'deviates',
  'method-number': 'deviates',
  'params-string': 'deviates',
  'null-id': 'as-spec',
  'fractional-id': 'as-spec',
  'notification-with-id': 'as-spec',
  'second-initialize': 'deviates',
  'duplicate-id': 'spec-silent',
  'unknown-method': 'as-spec',
  'rpc-method': 'as-spec',
  'unsolicited-response': 'as-spec',
  'cancel-unknown': 'as-spec',
  'batch-empty': 'as-spec',
  'batch-notifications': 'as-spec',
  'batch-one-invalid': 'as-spec',
  'batch-initialize': 'as-spec',
  'http-accept-missing': 'spec-silent',
  'http-accept-wrong': 'spec-silent',
  'http-content-type-wrong': 'spec-silent',
  'http-session-missing': 'as-spec',
  'http-session-wrong': 'as-spec',
  'http-session-unknown': 'spec-silent',
  'http-protocol-version-wrong': 'as-spec',
  'http-origin-foreign': 'deviates',
  'http-host-foreign': 'spec-silent',
  'http-get': 'deviates',
  'http-put': 'spec-silent',
  'http-delete': 'as-spec',
};
