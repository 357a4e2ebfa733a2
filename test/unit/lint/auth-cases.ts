// One failing and one passing example for every authorization rule, as mcpscope records the exchanges.
import { http } from './frames.js';
import type { RuleCase } from './rule-case.js';

const AS = 'http://127.0.0.1:4000';
const asMeta = {
  issuer: AS,
  authorization_endpoint: `${AS}/authorize`,
  token_endpoint: `${AS}/token`,
  response_types_supported: ['code'],
  code_challenge_methods_supported: ['S256'],
};
const get = (url: string, body: unknown, step: string) =>
  http({ method: 'GET', url, status: 200, responseBody: JSON.stringify(body), purpose: 'auth', authStep: step });
const authorize = (redirect: string) =>
  http({
    method: 'GET',
    url: `${AS}/authorize?response_type=code&client_id=c&redirect_uri=${encodeURIComponent(redirect)}&state=••••`,
    status: 302,
    purpose: 'auth',
    authStep: 'authorization',
  });
const tokenResponse = (body: unknown) =>
  http({
    url: `${AS}/token`,
    body: 'grant_type=authorization_code&code=••••',
    status: 200,
    responseBody: JSON.stringify(body),
    purpose: 'auth',
    authStep: 'token',
  });

/** The authorization server's redirect back to the client, as recorded (code and state masked, iss kept). */
const redirectBack = (params: string) =>
  http({
    method: 'GET',
    url: `${AS}/authorize?response_type=code&client_id=c&redirect_uri=${encodeURIComponent('http://127.0.0.1:5000/cb')}&state=••••`,
    status: 302,
    responseHeaders: [['Location', `http://127.0.0.1:5000/cb?code=••••&state=••••${params}`]],
    purpose: 'auth',
    authStep: 'authorization',
  });
const advertised = { ...asMeta, authorization_response_iss_parameter_supported: true };
const WELL_KNOWN_AS = `${AS}/.well-known/oauth-authorization-server`;

export const AUTH_CASES: RuleCase[] = [
  {
    rule: 'auth/401-without-challenge',
    fails: 'a 401 with no WWW-Authenticate',
    bad: [http({ status: 401, responseBody: 'Unauthorized' })],
    passes: 'a 401 with a Bearer challenge',
    good: [
      http({
        status: 401,
        responseHeaders: [['WWW-Authenticate', 'Bearer resource_metadata="http://127.0.0.1:3001/.well-known/oauth-protected-resource/mcp"']],
      }),
    ],
  },
  {
    rule: 'auth/resource-metadata-fields',
    fails: 'protected resource metadata without authorization_servers',
    bad: [get('http://127.0.0.1:3001/.well-known/oauth-protected-resource/mcp', { resource: 'http://127.0.0.1:3001/mcp' }, 'resource-metadata')],
    passes: 'protected resource metadata naming its authorization server',
    good: [
      get(
        'http://127.0.0.1:3001/.well-known/oauth-protected-resource/mcp',
        { resource: 'http://127.0.0.1:3001/mcp', authorization_servers: [AS] },
        'resource-metadata',
      ),
    ],
  },
  {
    rule: 'auth/server-metadata-fields',
    fails: 'authorization server metadata without a token endpoint',
    bad: [get(`${AS}/.well-known/oauth-authorization-server`, { ...asMeta, token_endpoint: undefined }, 'server-metadata')],
    passes: 'complete authorization server metadata',
    good: [get(`${AS}/.well-known/oauth-authorization-server`, asMeta, 'server-metadata')],
  },
  {
    rule: 'auth/oidc-pkce-methods-missing',
    fails: 'OpenID metadata without code_challenge_methods_supported',
    bad: [get(`${AS}/.well-known/openid-configuration`, { ...asMeta, code_challenge_methods_supported: undefined }, 'server-metadata')],
    passes: 'OpenID metadata listing S256',
    good: [get(`${AS}/.well-known/openid-configuration`, asMeta, 'server-metadata')],
  },
  {
    rule: 'auth/pkce-methods-missing',
    fails: 'RFC 8414 metadata without code_challenge_methods_supported',
    bad: [get(`${AS}/.well-known/oauth-authorization-server`, { ...asMeta, code_challenge_methods_supported: undefined }, 'server-metadata')],
    passes: 'RFC 8414 metadata listing S256',
    good: [get(`${AS}/.well-known/oauth-authorization-server`, asMeta, 'server-metadata')],
  },
  {
    rule: 'auth/pkce-s256-missing',
    fails: 'metadata listing only plain',
    bad: [get(`${AS}/.well-known/oauth-authorization-server`, { ...asMeta, code_challenge_methods_supported: ['plain'] }, 'server-metadata')],
    passes: 'metadata listing S256',
    good: [get(`${AS}/.well-known/oauth-authorization-server`, asMeta, 'server-metadata')],
  },
  {
    rule: 'auth/token-in-query',
    fails: 'a request carrying access_token in its URL',
    bad: [http({ url: 'http://127.0.0.1:3001/mcp?access_token=abc', status: 200 })],
    passes: 'the token in the Authorization header',
    good: [http({ headers: [['Authorization', 'Bearer ••••']], status: 200 })],
  },
  {
    rule: 'auth/token-response-fields',
    fails: 'a token response without token_type',
    bad: [tokenResponse({ access_token: '••••', expires_in: 3600 })],
    passes: 'a token response with access_token and token_type',
    good: [tokenResponse({ access_token: '••••', token_type: 'Bearer' })],
  },
  {
    rule: 'auth/redirect-uri-insecure',
    fails: 'an authorization request redirecting to plain http on another host',
    bad: [authorize('http://client.example.com/callback')],
    passes: 'a loopback redirect URI',
    good: [authorize('http://127.0.0.1:7410/oauth/callback')],
  },
  {
    rule: 'auth/redirect-uri-insecure',
    fails: 'a registration asking for a plain http redirect URI',
    bad: [
      http({
        url: `${AS}/register`,
        body: JSON.stringify({ redirect_uris: ['http://10.0.0.5/cb'] }),
        status: 201,
        responseBody: '{"client_id":"c"}',
        purpose: 'auth',
        authStep: 'client',
      }),
    ],
    passes: 'a registration with an https redirect URI',
    good: [
      http({
        url: `${AS}/register`,
        body: JSON.stringify({ redirect_uris: ['https://client.example.com/cb'] }),
        status: 201,
        responseBody: '{"client_id":"c"}',
        purpose: 'auth',
        authStep: 'client',
      }),
    ],
  },
  {
    rule: 'auth/metadata-issuer-mismatch',
    fails: 'authorization server metadata whose issuer is another host than the one its well-known URL was built from',
    bad: [get(WELL_KNOWN_AS, { ...asMeta, issuer: 'https://login.victim.example' }, 'server-metadata')],
    passes: 'the issuer of the URL, path-inserted (RFC 8414) and OpenID-appended, with the trailing slash RFC 8414 drops',
    good: [
      get(WELL_KNOWN_AS, { ...asMeta, issuer: `${AS}/` }, 'server-metadata'),
      get(`${AS}/.well-known/oauth-authorization-server/tenant1`, { ...asMeta, issuer: `${AS}/tenant1` }, 'server-metadata'),
      get(`${AS}/tenant1/.well-known/openid-configuration`, { ...asMeta, issuer: `${AS}/tenant1` }, 'server-metadata'),
    ],
  },
  {
    rule: 'auth/iss-missing',
    fails: 'a redirect without iss from a server whose metadata advertises it',
    bad: [get(WELL_KNOWN_AS, advertised, 'server-metadata'), redirectBack('')],
    passes: 'the same redirect with iss, and one without iss from a server that does not advertise it',
    good: [get(WELL_KNOWN_AS, advertised, 'server-metadata'), redirectBack(`&iss=${encodeURIComponent(AS)}`)],
  },
  {
    rule: 'auth/iss-mismatch',
    fails: 'an iss that is the issuer with a trailing slash (a string comparison, no normalization)',
    bad: [get(WELL_KNOWN_AS, advertised, 'server-metadata'), redirectBack(`&iss=${encodeURIComponent(`${AS}/`)}`)],
    passes: 'an iss identical to the metadata issuer',
    good: [get(WELL_KNOWN_AS, advertised, 'server-metadata'), redirectBack(`&iss=${encodeURIComponent(AS)}`)],
  },
  {
    rule: 'auth/iss-not-advertised',
    fails: 'an iss from a server whose metadata lacks authorization_response_iss_parameter_supported',
    bad: [get(WELL_KNOWN_AS, asMeta, 'server-metadata'), redirectBack(`&iss=${encodeURIComponent(AS)}`)],
    passes: 'no iss from that server (RFC 9207 is optional for it)',
    good: [get(WELL_KNOWN_AS, asMeta, 'server-metadata'), redirectBack('')],
  },
];
