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
    expect(maskBody(body)).toBe(
      'grant_type=authorization_code&code=••••&code_verifier=••••&redirect_uri=http%3A%2F%2F127.0.0.1%2Fcb&client_secret=••••&resource=http%3A%2F%2Fx',
    );
  });

  it('masks tokens in a JSON token response without touching its layout', () => {
    const body = '{"access_token":"tok.en","token_type":"Bearer","expires_in":3600,"refresh_token":"r\\"x"}';
    expect(maskBody(body)).toBe('{"access_token":"••••","token_type":"Bearer","expires_in":3600,"refresh_token":"••••"}');
  });

  it('masks state and code in an authorization URL and in a redirect Location, not code_challenge', () => {
    expect(maskParams('http://as/authorize?response_type=code&code_challenge=ch&state=st&client_id=c')).toBe(
      'http://as/authorize?response_type=code&code_challenge=ch&state=••••&client_id=c',
    );
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
    const x = redactOAuthExchange(
      exchange({
        response: {
          status: 201,
          statusText: 'Created',
          headers: [],
          body: '{"client_id":"c1","client_secret":"shh","registration_access_token":"t"}',
          bodySize: 10,
        },
      }),
    );
    expect(x.response?.body).toBe('{"client_id":"c1","client_secret":"••••","registration_access_token":"••••"}');
  });
});

describe('OAuth secrets in bodies of any shape', () => {
  it('masks the code and state of an HTML redirect page: a link with &amp;, a meta refresh, a form_post form', () => {
    const page = [
      '<meta http-equiv="refresh" content="0;url=http://127.0.0.1:5/cb?state=ST1&amp;code=CO1">',
      '<p>Found. Redirecting to <a href="http://127.0.0.1:5/cb?code=CO2&amp;state=ST2">http://127.0.0.1:5/cb?code=CO2&#38;state=ST2</a></p>',
      '<form method="post" action="http://127.0.0.1:5/cb"><input type="hidden" name="code" value="CO3"><input value=\'ST3\' name=state type=hidden><input name="iss" value="http://as"></form>',
    ].join('\n');
    const masked = maskBody(page);
    for (const v of ['CO1', 'CO2', 'CO3', 'ST1', 'ST2', 'ST3']) expect(masked, v).not.toContain(v);
    expect(masked).toContain('content="0;url=http://127.0.0.1:5/cb?state=••••&amp;code=••••"');
    expect(masked).toContain('<a href="http://127.0.0.1:5/cb?code=••••&amp;state=••••">');
    expect(masked).toContain('<input type="hidden" name="code" value="••••">');
    expect(masked).toContain('<input name="iss" value="http://as">');
  });

  it('masks JSON members in every quoting: plain, escaped in a string, HTML-escaped, single-quoted, bare keys, numbers', () => {
    const text = [
      '<script type="application/json">{"code":"J1","id_token":"J2","client_assertion":"J3","state":424242}</script>',
      '{"wrapped":"{\\"access_token\\":\\"J4\\"}"}',
      '<div data-config="{&quot;refresh_token&quot;:&quot;J5&quot;,&#34;code&#34;:&#34;J6&#34;}"></div>',
      "<script>var t = {'code': 'J7', state: \"J8\", expires_in: 5}</script>",
    ].join('\n');
    const masked = maskBody(text);
    for (const v of ['J1', 'J2', 'J3', '424242', 'J4', 'J5', 'J6', 'J7', 'J8']) expect(masked, v).not.toContain(v);
    expect(masked).toContain('&quot;refresh_token&quot;:&quot;••••&quot;');
    expect(masked).toContain('expires_in: 5');
  });

  it('masks form-encoded secrets wherever they sit, encoded or not, and leaves longer names alone', () => {
    const text =
      'code=F1&state=F2&access_token=F3&client_assertion=F4&client_assertion_type=urn%3Aietf\n<pre>code=F5&amp;refresh_token=F6</pre> redirect=http%3A%2F%2Fcb%3Fcode%3DF7%26state%3DF8 url="http://cb?x=1\\u0026code=F9" authcode=keep1 my_state=keep2';
    const masked = maskBody(text);
    for (const v of ['F1', 'F2', 'F3', 'F4', 'F5', 'F6', 'F7', 'F8', 'F9']) expect(masked, v).not.toContain(v);
    expect(masked).toContain('client_assertion_type=urn%3Aietf');
    expect(masked).toContain('authcode=keep1 my_state=keep2');
  });

  it('masks a code in any header of the exchange, not only Location', () => {
    const x = redactOAuthExchange(
      exchange({
        request: { method: 'GET', url: 'http://as/authorize', headers: [['Referer', 'http://as/login?state=H1']], bodySize: 0 },
        response: {
          status: 200,
          statusText: 'OK',
          headers: [
            ['Refresh', '0; url=http://127.0.0.1:5/cb?code=H2'],
            ['Set-Cookie', 'state=H3; HttpOnly'],
          ],
          body: '',
          bodySize: 0,
        },
      }),
    );
    expect(JSON.stringify(x)).not.toMatch(/H1|H2|H3/);
    expect(x.response?.headers[1]).toEqual(['Set-Cookie', 'state=••••; HttpOnly']);
  });
});
