import { describe, expect, it } from 'vitest';
import { answersWithoutId, isJsonRpcBody } from '../../server/transports/http-answer-body.js';

describe('what a non-stream HTTP body says', () => {
  it('takes an RFC 6750 error body (a string error, no jsonrpc) for an HTTP error, not a JSON-RPC message', () => {
    expect(isJsonRpcBody('{"error":"invalid_token","error_description":"The access token expired"}')).toBe(false);
    expect(isJsonRpcBody('<html>404</html>')).toBe(false);
    expect(isJsonRpcBody('{"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"x"}}')).toBe(true);
    // A broken JSON-RPC error (no jsonrpc member) is still one, for the linter to judge.
    expect(isJsonRpcBody('{"id":1,"error":{"code":-32000,"message":"x"}}')).toBe(true);
  });

  it('ties an error without a usable id to the requests its POST carried, unless one of them is answered by id', () => {
    expect(answersWithoutId('{"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"x"}}', ['1'])).toBe(true);
    expect(answersWithoutId('{"jsonrpc":"2.0","error":{"code":-32700,"message":"x"}}', ['1'])).toBe(true);
    expect(answersWithoutId('{"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"x"}}', ['1'])).toBe(false);
    expect(answersWithoutId('[{"jsonrpc":"2.0","id":1,"result":{}},{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"x"}}]', ['1'])).toBe(false);
    expect(answersWithoutId('{"jsonrpc":"2.0","id":null,"result":{}}', ['1'])).toBe(false);
  });
});
