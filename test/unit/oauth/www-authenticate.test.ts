import { describe, expect, it } from 'vitest';
import { bearerChallenge, parseWwwAuthenticate } from '../../../shared/oauth/www-authenticate.js';

describe('parseWwwAuthenticate', () => {
  it('reads a Bearer challenge with quoted resource_metadata and scope', () => {
    const h = 'Bearer resource_metadata="http://x/.well-known/oauth-protected-resource/mcp", scope="mcp:basic mcp:write"';
    expect(bearerChallenge(h)).toEqual({ resource_metadata: 'http://x/.well-known/oauth-protected-resource/mcp', scope: 'mcp:basic mcp:write' });
  });

  it('reads unquoted values, escaped quotes and a second challenge after the first', () => {
    const cs = parseWwwAuthenticate('Basic realm="a \\"b\\"", Bearer error=insufficient_scope, scope="x"');
    expect(cs).toEqual([
      { scheme: 'Basic', params: { realm: 'a "b"' } },
      { scheme: 'Bearer', params: { error: 'insufficient_scope', scope: 'x' } },
    ]);
  });

  it('keeps a token68 credential apart from params', () => {
    expect(parseWwwAuthenticate('Negotiate abc123==')).toEqual([{ scheme: 'Negotiate', params: {}, token68: 'abc123==' }]);
  });

  it('gives null without a header or without a Bearer challenge', () => {
    expect(bearerChallenge(undefined)).toBeNull();
    expect(bearerChallenge('Basic realm="x"')).toBeNull();
  });

  it('names params case-insensitively and treats a bare Bearer as a challenge without params', () => {
    expect(bearerChallenge('bearer')).toEqual({});
    expect(bearerChallenge('Bearer Error="invalid_token"')).toEqual({ error: 'invalid_token' });
  });
});
