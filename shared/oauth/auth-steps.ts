// The steps of an MCP authorization flow as the relay records them (one `auth` event per step and outcome), and
// what the specification expects at each, so the debugger can show both side by side.
import { z } from 'zod';

const AUTH_STEPS = ['challenge', 'resource-metadata', 'server-metadata', 'client', 'authorization', 'token', 'refresh', 'retry'] as const;
export type AuthStepName = (typeof AUTH_STEPS)[number];

const AuthFindingSchema = z.object({
  severity: z.enum(['error', 'warning', 'info']),
  message: z.string(),
});
export type AuthFinding = z.infer<typeof AuthFindingSchema>;

/** The `auth` transport event: one step of one flow reached a state. Holds no secret (tokens, codes, state). */
export const AuthStepEventSchema = z.object({
  event: z.literal('auth'),
  /** The flow this step belongs to (`f1`, `f2`…, unique within a connection). */
  flow: z.string(),
  step: z.enum(AUTH_STEPS),
  /** `waiting`: for a person or the server; `skipped`: not needed or not available (a fallback follows). */
  status: z.enum(['running', 'waiting', 'ok', 'skipped', 'failed']),
  /** What happened, in plain words. */
  message: z.string(),
  /** The HTTP exchanges this step made (their ids in the session's HTTP records). */
  exchanges: z.array(z.string()).default([]),
  findings: z.array(AuthFindingSchema).default([]),
  /** What was learned, as short strings (URLs, scopes, the client id, the token endpoint auth method…). */
  facts: z.record(z.string(), z.string()).default({}),
});
export type AuthStepEvent = z.infer<typeof AuthStepEventSchema>;

export interface StepExpectation {
  title: string;
  /** The rule this step follows, quoted or closely paraphrased from the spec that states it. */
  expects: string;
  source: string;
  url: string;
}

const AUTHZ = 'https://modelcontextprotocol.io/specification/2025-11-25/basic/authorization';

export const STEP_EXPECTATIONS: Record<AuthStepName, StepExpectation> = {
  challenge: {
    title: 'Challenge',
    expects:
      'A request without a valid token gets 401 with WWW-Authenticate: Bearer, carrying resource_metadata (and may carry scope); a token without enough scope gets 403 with error="insufficient_scope".',
    source: 'MCP 2025-11-25 › Authorization › Protected Resource Metadata Discovery Requirements',
    url: `${AUTHZ}#protected-resource-metadata-discovery-requirements`,
  },
  'resource-metadata': {
    title: 'Protected resource metadata',
    expects:
      'RFC 9728 metadata from the resource_metadata URL, else /.well-known/oauth-protected-resource with the MCP path, else at the root. "The Protected Resource Metadata document … MUST include the authorization_servers field containing at least one authorization server."',
    source: 'MCP 2025-11-25 › Authorization › Authorization Server Location; RFC 9728',
    url: `${AUTHZ}#authorization-server-location`,
  },
  'server-metadata': {
    title: 'Authorization server metadata',
    expects:
      'RFC 8414 then OpenID discovery, path inserted then appended for an issuer with a path. "If code_challenge_methods_supported is absent, the authorization server does not support PKCE and MCP clients MUST refuse to proceed." 2025-03-26 servers without metadata use /authorize, /token and /register at the MCP server\'s origin.',
    source: 'MCP 2025-11-25 › Authorization › Authorization Server Metadata Discovery; RFC 8414',
    url: `${AUTHZ}#authorization-server-metadata-discovery`,
  },
  client: {
    title: 'Client identity',
    expects:
      'Pre-registered client information if there is some; else a Client ID Metadata Document when the server sets client_id_metadata_document_supported; else Dynamic Client Registration (RFC 7591) at registration_endpoint.',
    source: 'MCP 2025-11-25 › Authorization › Client Registration Approaches',
    url: `${AUTHZ}#client-registration-approaches`,
  },
  authorization: {
    title: 'Authorization request',
    expects:
      'Authorization code with PKCE: "MCP clients MUST use the S256 code challenge method"; a resource parameter naming the MCP server (RFC 8707); an unguessable state checked on the redirect; a redirect URI that is loopback or https.',
    source: 'MCP 2025-11-25 › Authorization › Authorization Code Protection; Resource Parameter Implementation',
    url: `${AUTHZ}#authorization-code-protection`,
  },
  token: {
    title: 'Token request',
    expects:
      'The code with its code_verifier (or, with the client credentials extension SEP-1046, grant_type=client_credentials), the same resource parameter, and the client authentication the server supports (none, client_secret_basic, client_secret_post, or a signed JWT: private_key_jwt, RFC 7523). The response carries access_token and token_type (OAuth 2.1 §3.2.3).',
    source: 'MCP 2025-11-25 › Authorization › Token Handling; OAuth 2.1 §3.2',
    url: `${AUTHZ}#token-handling`,
  },
  refresh: {
    title: 'Refresh',
    expects:
      'grant_type=refresh_token at the token endpoint with the same client authentication and resource; a rejected refresh token means a new authorization.',
    source: 'OAuth 2.1 §4.3',
    url: 'https://www.ietf.org/archive/id/draft-ietf-oauth-v2-1-13.html#name-refresh-token-grant',
  },
  retry: {
    title: 'Request with the token',
    expects:
      '"MCP client MUST use the Authorization request header field … Authorization: Bearer <access-token>" on every request; "Access tokens MUST NOT be included in the URI query string".',
    source: 'MCP 2025-11-25 › Authorization › Access Token Usage',
    url: `${AUTHZ}#token-requirements`,
  },
};
