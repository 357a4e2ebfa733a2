// Lint rules for MCP authorization (2025-03-26 and later): what servers, authorization servers and clients put on
// the wire around OAuth. Each MUST sentence is quoted in the rule that enforces it.
import type { RuleMeta, SpecRef } from './lint-types.js';
import { mcpRef } from './spec-refs.js';

const AUTHZ = '/basic/authorization';
const rfc = (section: string, url: string): SpecRef => ({ source: 'RFC', section, url });

export const AUTH_RULES = {
  'auth/401-without-challenge': {
    severity: 'error',
    title: '401 without WWW-Authenticate',
    explanation:
      'RFC 9110 §15.5.2: "The server generating a 401 response MUST send a WWW-Authenticate header field containing at least one challenge applicable to the target resource." MCP 2025-06-18: "MCP servers MUST use the HTTP header WWW-Authenticate when returning a 401 Unauthorized to indicate the location of the resource server metadata URL." Without it a client cannot tell OAuth from any other refusal.',
    spec: rfc('RFC 9110 §15.5.2 401 Unauthorized', 'https://www.rfc-editor.org/rfc/rfc9110.html#section-15.5.2'),
    fix: 'Answer 401 with WWW-Authenticate: Bearer resource_metadata="<protected resource metadata URL>" (and scope="…" when known).',
  },
  'auth/metadata-fields': {
    severity: 'error',
    title: 'OAuth metadata missing a required field',
    explanation:
      'Protected resource metadata (RFC 9728 §2): "resource: REQUIRED", and MCP: "The Protected Resource Metadata document returned by the MCP server MUST include the authorization_servers field containing at least one authorization server." Authorization server metadata (RFC 8414 §2): issuer and response_types_supported are REQUIRED, and so are authorization_endpoint and token_endpoint for the authorization code grant.',
    spec: mcpRef('2025-11-25', 'Basic › Authorization › Authorization Server Location', `${AUTHZ}#authorization-server-location`),
    fix: 'Serve every required field; clients stop at the first one missing.',
  },
  'auth/pkce-s256-missing': {
    severity: 'error',
    title: 'Authorization server metadata does not advertise PKCE S256',
    explanation:
      'MCP 2025-11-25: "If code_challenge_methods_supported is absent, the authorization server does not support PKCE and MCP clients MUST refuse to proceed." and "MCP clients MUST use the S256 code challenge method". Such a server cannot be used by a conforming MCP client.',
    spec: mcpRef('2025-11-25', 'Basic › Authorization › Authorization Code Protection', `${AUTHZ}#authorization-code-protection`),
    fix: 'Support PKCE and list it: "code_challenge_methods_supported": ["S256"].',
  },
  'auth/token-in-query': {
    severity: 'error',
    title: 'Access token in a query string',
    explanation: 'MCP: "Access tokens MUST NOT be included in the URI query string." URLs end up in logs, histories and Referer headers; the token belongs in Authorization: Bearer.',
    spec: mcpRef('2025-11-25', 'Basic › Authorization › Token Requirements', `${AUTHZ}#token-requirements`),
    fix: 'Send the token only as Authorization: Bearer <token>.',
  },
  'auth/token-response-fields': {
    severity: 'error',
    title: 'Token response without access_token or token_type',
    explanation: 'OAuth 2.1 §3.2.3: a successful token response carries "access_token: REQUIRED. The access token issued by the authorization server." and "token_type: REQUIRED. The type of the access token issued". A client cannot use a response without them.',
    spec: rfc('OAuth 2.1 §3.2.3 Token Response', 'https://www.ietf.org/archive/id/draft-ietf-oauth-v2-1-13.html#section-3.2.3'),
    fix: 'Return {"access_token": "…", "token_type": "Bearer", …} with 200.',
  },
  'auth/redirect-uri-insecure': {
    severity: 'error',
    title: 'Redirect URI neither loopback nor https',
    explanation: 'MCP 2025-06-18: "All redirect URIs MUST be either localhost or use HTTPS." A code sent to a plain-http remote address can be read on the way.',
    spec: mcpRef('2025-06-18', 'Basic › Authorization › Communication Security', `${AUTHZ}#communication-security`),
    fix: 'Use http://127.0.0.1:<port>/… (or localhost) for a local client, https:// otherwise.',
  },
} as const satisfies Record<string, RuleMeta>;
