import { describe, expect, it } from 'vitest';
import type { HttpExchange } from '../../../shared/http-exchange.js';
import { maskBody, maskParams, redactOAuthExchange } from '../../../shared/oauth/redact-oauth-exchange.js';

const exchange = (over: Partial<HttpExchange>): HttpExchange => ({
  id: 'a1',
  state: 'complete',
  purpose: 'auth',
  request: { method: 'POST', url: 'http://as/token', headers: [['Authorization', 'Basic ••••']], bodySize: 0 },
  response: null,
  timing: { startedAt: 0 },
  receivedSeqs: [],
  ...over,
});

describe('OAuth exchange redaction', () => {
  it('masks the code, verifier, refresh token and secret of a token request body, and keeps the other fields', () => {
    const body = 'grant_type=authorization_code&code=abc&code_verifier=xyz&redirect_uri=http%3A%2F%2F127.0.0.1%2Fcb&client_secret=s3&resource=http%3A%2F%2Fx';
    expect(maskBody(body)).toBe('grant_type=authorization_code&code=••••&code_verifier=••••&redirect_uri=http%3A%2F%2F127.0.0.1%2Fcb&client_secret=••••&resource=http%3A%2F%2Fx');
  });

  it('masks tokens in a JSON token response without touching its layout', () => {
    const body = '{"access_token":"tok.en","token_type":"Bearer","expires_in":3600,"refresh_token":"r\\"x"}';
    expect(maskBody(body)).toBe('{"access_token":"••••","token_type":"Bearer","expires_in":3600,"refresh_token":"••••"}');
  });

  it('masks state and code in an authorization URL and in a redirect Location, not code_challenge', () => {
    expect(maskParams('http://as/authorize?response_type=code&code_challenge=ch&state=st&client_id=c')).toBe('http://as/authorize?response_type=code&code_challenge=ch&state=••••&client_id=c');
    const x = redactOAuthExchange(
      exchange({
        request: { method: 'GET', url: 'http://as/authorize?state=s1', headers: [], bodySize: 0 },
        response: { status: 302, statusText: 'Found', headers: [['Location', 'http://127.0.0.1:5/oauth/callback?code=c1&state=s1']], body: '', bodySize: 0 },
      }),
    );
    expect(x.request.url).toBe('http://as/authorize?state=••••');
    expect(x.response?.headers).toEqual([['Location', 'http://127.0.0.1:5/oauth/callback?code=••••&state=••••']]);
  });

  it('masks the client secret a registration response issues', () => {
    const x = redactOAuthExchange(exchange({ response: { status: 201, statusText: 'Created', headers: [], body: '{"client_id":"c1","client_secret":"shh","registration_access_token":"t"}', bodySize: 10 } }));
    expect(x.response?.body).toBe('{"client_id":"c1","client_secret":"••••","registration_access_token":"••••"}');
  });
});
