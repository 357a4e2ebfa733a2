// Lint rules for MCP authorization (2025-03-26 and later): what servers, authorization servers and clients put on
// the wire around OAuth. Each rule quotes the one sentence it enforces, and a sentence that binds the party judged
// (MCP's "MCP clients MUST refuse" does not bind the authorization server); its severity is that sentence's keyword.
import type { RuleMeta, SpecRef } from './lint-types.js';
import { mcpRef } from './spec-refs.js';

const AUTHZ = '/basic/authorization';
const rfc = (section: string, url: string): SpecRef => ({ source: 'RFC', section, url });

const RFC9700_PKCE = rfc('RFC 9700 §2.1.1 Authorization Code Grant', 'https://www.rfc-editor.org/rfc/rfc9700.html#section-2.1.1');
const CLIENT_REFUSES =
  'MCP clients must refuse to proceed when the metadata lacks code_challenge_methods_supported (MCP 2025-11-25, Authorization Code Protection), so no conforming MCP client can use this server.';

export const AUTH_RULES = {
  'auth/401-without-challenge': {
    severity: 'error',
    title: '401 without WWW-Authenticate',
    explanation:
      'A 401 names the way to authorize in its WWW-Authenticate challenge; MCP (2025-06-18 on) adds that it points to the protected resource metadata ("MCP servers MUST use the HTTP header WWW-Authenticate when returning a 401 Unauthorized to indicate the location of the resource server metadata URL"). Without it a client cannot tell OAuth from any other refusal.',
    spec: rfc('RFC 9110 §15.5.2 401 Unauthorized', 'https://www.rfc-editor.org/rfc/rfc9110.html#section-15.5.2'),
    quote: {
      keyword: 'MUST',
      text: 'The server generating a 401 response MUST send a WWW-Authenticate header field (Section 11.6.1) containing at least one challenge applicable to the target resource.',
    },
    fix: 'Answer 401 with WWW-Authenticate: Bearer resource_metadata="<protected resource metadata URL>" (and scope="…" when known).',
  },
  'auth/resource-metadata-fields': {
    severity: 'error',
    title: 'Protected resource metadata without its authorization server (or resource)',
    explanation:
      'The protected resource metadata is how a client finds the authorization server; RFC 9728 §2 also makes its "resource" REQUIRED, the identifier the client checks against the server it is talking to. Clients stop at the first one missing.',
    spec: mcpRef('2025-11-25', 'Basic › Authorization › Authorization Server Location', `${AUTHZ}#authorization-server-location`),
    quote: {
      keyword: 'MUST',
      text: 'The Protected Resource Metadata document returned by the MCP server MUST include the authorization_servers field containing at least one authorization server.',
    },
    fix: 'Serve {"resource": "<the MCP server URL>", "authorization_servers": ["<issuer>"], …}.',
  },
  'auth/server-metadata-fields': {
    severity: 'error',
    title: 'Authorization server metadata missing a required field',
    explanation:
      'RFC 8414 §2 makes issuer and response_types_supported REQUIRED, authorization_endpoint REQUIRED for any grant that uses it, and token_endpoint REQUIRED unless only the implicit grant is supported: for the authorization code grant MCP uses, all four. A client cannot run the flow without them.',
    spec: rfc('RFC 8414 §2 Authorization Server Metadata', 'https://www.rfc-editor.org/rfc/rfc8414.html#section-2'),
    quote: {
      keyword: 'REQUIRED',
      text: 'issuer REQUIRED. The authorization server\'s issuer identifier, which is a URL that uses the "https" scheme and has no query or fragment components. … response_types_supported REQUIRED.',
    },
    fix: 'Serve issuer, authorization_endpoint, token_endpoint and response_types_supported (["code"]).',
  },
  'auth/pkce-methods-missing': {
    severity: 'warning',
    title: 'Authorization server metadata does not list its PKCE methods',
    explanation: `The RFC 8414 metadata has no code_challenge_methods_supported. The authorization server owes clients a way to learn that it supports PKCE, and the metadata element is the recommended way (it may instead use a deployment-specific one, which nothing on the wire shows). ${CLIENT_REFUSES}`,
    spec: RFC9700_PKCE,
    quote: {
      keyword: 'RECOMMENDED',
      text: 'It is RECOMMENDED for authorization servers to publish the element code_challenge_methods_supported in their Authorization Server Metadata [RFC8414] containing the supported PKCE challenge methods (which can be used by the client to detect PKCE support).',
    },
    fix: 'Support PKCE and list it: "code_challenge_methods_supported": ["S256"].',
  },
  'auth/oidc-pkce-methods-missing': {
    severity: 'error',
    title: 'OpenID provider metadata without code_challenge_methods_supported',
    explanation:
      'OpenID Connect Discovery does not define code_challenge_methods_supported, so MCP adds it for authorization servers that MCP clients discover that way: without it an MCP client must stop.',
    spec: mcpRef('2025-11-25', 'Basic › Authorization › Authorization Code Protection', `${AUTHZ}#authorization-code-protection`),
    quote: {
      keyword: 'MUST',
      text: 'Authorization servers providing OpenID Connect Discovery 1.0 MUST include code_challenge_methods_supported in their metadata to ensure MCP compatibility.',
    },
    fix: 'Add "code_challenge_methods_supported": ["S256"] to /.well-known/openid-configuration.',
  },
  'auth/pkce-s256-missing': {
    severity: 'info',
    title: 'Authorization server metadata lists PKCE methods without S256',
    explanation:
      'The metadata lists its PKCE methods and S256 is not among them. MCP clients must use S256 (MCP 2025-11-25: "MCP clients MUST use the S256 code challenge method when technically capable"), so they cannot proceed. What binds the server is weaker: RFC 7636 calls S256 mandatory to implement on the server, inside a sentence whose keyword binds the client.',
    spec: rfc('RFC 7636 §4.2 Client Creates the Code Challenge', 'https://www.rfc-editor.org/rfc/rfc7636.html#section-4.2'),
    quote: {
      keyword: null,
      basis: 'guidance',
      text: '… as "S256" is Mandatory To Implement (MTI) on the server. (RFC 7636 says so in passing, in the sentence whose keyword binds the client to use S256; the server’s part has no keyword of its own.)',
    },
    fix: 'Implement S256 and list it: "code_challenge_methods_supported": ["S256"].',
  },
  'auth/token-in-query': {
    severity: 'error',
    title: 'Access token in a query string',
    explanation: 'URLs end up in logs, histories and Referer headers; the token belongs in Authorization: Bearer.',
    spec: mcpRef('2025-11-25', 'Basic › Authorization › Token Requirements', `${AUTHZ}#token-requirements`),
    quote: { keyword: 'MUST NOT', text: 'Access tokens MUST NOT be included in the URI query string' },
    fix: 'Send the token only as Authorization: Bearer <token>.',
  },
  'auth/token-response-fields': {
    severity: 'error',
    title: 'Token response without access_token or token_type',
    explanation:
      'A successful token response carries the token and its type (token_type is REQUIRED as well, OAuth 2.1 §3.2.3); a client cannot use a response without them.',
    spec: rfc('OAuth 2.1 §3.2.3 Token Response', 'https://www.ietf.org/archive/id/draft-ietf-oauth-v2-1-13.html#section-3.2.3'),
    quote: { keyword: 'REQUIRED', text: 'access_token: REQUIRED. The access token issued by the authorization server.' },
    fix: 'Return {"access_token": "…", "token_type": "Bearer", …} with 200.',
  },
  'auth/metadata-issuer-mismatch': {
    severity: 'error',
    title: 'Authorization server metadata names another issuer than the URL it was read from',
    explanation:
      'The issuer in RFC 8414 (or OpenID) metadata must be the issuer whose well-known URL served it; a client that finds another one must not use the document (the 2026-07-28 revision repeats it for MCP clients: "If they differ, the client MUST NOT use the metadata"). A mismatch is how a mix-up starts: endpoints and a client assertion audience taken from a document that speaks for someone else.',
    spec: rfc('RFC 8414 §3.3 Authorization Server Metadata Validation', 'https://www.rfc-editor.org/rfc/rfc8414.html#section-3.3'),
    quote: {
      keyword: 'MUST',
      text: 'The "issuer" value returned MUST be identical to the authorization server\'s issuer identifier value into which the well-known URI string was inserted to create the URL used to retrieve the metadata.',
    },
    fix: 'Serve "issuer" exactly as the issuer URL the well-known path was built from (scheme, host, port and path, no trailing slash the URL did not have).',
  },
  'auth/iss-missing': {
    severity: 'error',
    title: 'Authorization response without iss from a server that advertises it',
    explanation:
      'The metadata sets authorization_response_iss_parameter_supported, yet the redirect back to the client carries no iss. From 2026-07-28 an MCP client must reject that response (the spec\'s table: advertised, iss absent → "Reject the response"), so the flow cannot finish with a conforming client.',
    spec: rfc('RFC 9207 §2 Response Parameter iss', 'https://www.rfc-editor.org/rfc/rfc9207.html#section-2'),
    quote: {
      keyword: 'MUST',
      text: 'In authorization responses to the client, including error responses, an authorization server supporting this specification MUST indicate its identity by including the iss parameter in the response.',
    },
    fix: 'Add iss=<the metadata issuer> to every authorization response, errors included, or stop advertising authorization_response_iss_parameter_supported.',
  },
  'auth/iss-mismatch': {
    severity: 'error',
    title: 'Authorization response iss differs from the metadata issuer',
    explanation:
      'The redirect carries an iss that is not, character for character, the issuer of the metadata; clients compare the two as plain strings (MCP 2026-07-28 forbids normalizing either), so a trailing slash or a different case is a mismatch and the client must drop the response as a possible mix-up.',
    spec: rfc('RFC 9207 §2.3 Providing the Issuer Identifier', 'https://www.rfc-editor.org/rfc/rfc9207.html#section-2.3'),
    quote: { keyword: 'MUST', text: "The issuer identifier included in the server's metadata value issuer MUST be identical to the iss parameter's value." },
    fix: "Send iss exactly as the metadata's issuer value.",
  },
  'auth/iss-not-advertised': {
    severity: 'error',
    title: 'Authorization response carries iss, but the metadata does not advertise it',
    explanation:
      'The redirect carries iss while the metadata lacks authorization_response_iss_parameter_supported: true. Without the flag a client cannot tell a response whose iss was stripped from one that never had it (MCP 2026-07-28 says the same: "Authorization servers that include the iss parameter MUST advertise this").',
    spec: rfc('RFC 9207 §2.3 Providing the Issuer Identifier', 'https://www.rfc-editor.org/rfc/rfc9207.html#section-2.3'),
    quote: {
      keyword: 'MUST',
      text: 'The server MUST indicate its support for the iss parameter by setting the metadata parameter authorization_response_iss_parameter_supported, defined in Section 3, to true.',
    },
    fix: 'Add "authorization_response_iss_parameter_supported": true to the authorization server metadata.',
  },
  'auth/redirect-uri-insecure': {
    severity: 'error',
    title: 'Redirect URI neither loopback nor https',
    explanation: 'A code sent to a plain-http remote address can be read on the way.',
    spec: mcpRef('2025-06-18', 'Basic › Authorization › Communication Security', `${AUTHZ}#communication-security`),
    quote: { keyword: 'MUST', text: 'All redirect URIs MUST be either localhost or use HTTPS.' },
    fix: 'Use http://127.0.0.1:<port>/… (or localhost) for a local client, https:// otherwise.',
  },
} as const satisfies Record<string, RuleMeta>;
