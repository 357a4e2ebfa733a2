// The discovery half of the flow: the 401/403 challenge, protected resource metadata (RFC 9728) and authorization
// server metadata (RFC 8414, then OpenID discovery), with the 2025-03-26 fallbacks, each recorded as a step.
import { discoverAuthorizationServerMetadata, discoverOAuthProtectedResourceMetadata } from '@modelcontextprotocol/sdk/client/auth.js';
import { resourceUrlFromServerUrl } from '@modelcontextprotocol/sdk/shared/auth-utils.js';
import type { AuthorizationServerMetadata, OAuthProtectedResourceMetadata } from '@modelcontextprotocol/sdk/shared/auth.js';
import { bearerChallenge } from '../../shared/oauth/www-authenticate.js';
import { describeError, type FlowStep } from './flow-steps.js';
import { expectedResource, insecureEndpoint, MCP_HTTPS, resourceMatches, RFC_8414_ISSUER, sameIdentifier } from './metadata-checks.js';
import type { FetchLike } from './recording-fetch.js';

/** What the server said when it refused a request. */
export interface AuthChallenge {
  status: number;
  wwwAuthenticate?: string;
  /** The exchange that carried it. */
  exchange?: string;
  /** The protocol version the refused request spoke: it picks the era's authorization duties (auth-era.ts). */
  protocolVersion?: string;
}

export interface ParsedChallenge {
  resourceMetadataUrl?: URL;
  scope?: string;
  error?: string;
}

export function readChallenge(step: FlowStep, c: AuthChallenge): ParsedChallenge {
  if (c.exchange) step.exchanges.push(c.exchange);
  step.fact('status', c.status);
  const params = bearerChallenge(c.wwwAuthenticate);
  if (!c.wwwAuthenticate)
    step.finding(
      'error',
      `${c.status} without WWW-Authenticate: "The server generating a 401 response MUST send a WWW-Authenticate header field" (RFC 9110 §15.5.2); discovery falls back to the well-known URIs.`,
    );
  else if (!params) step.finding('warning', `WWW-Authenticate has no Bearer challenge: ${c.wwwAuthenticate}`);
  const out: ParsedChallenge = {};
  if (params?.resource_metadata) {
    try {
      out.resourceMetadataUrl = new URL(params.resource_metadata);
    } catch {
      step.finding('error', `resource_metadata is not a URL: ${params.resource_metadata}`);
    }
  }
  if (params?.scope) out.scope = params.scope;
  if (params?.error) out.error = params.error;
  step
    .fact('resource_metadata', params?.resource_metadata)
    .fact('scope', params?.scope)
    .fact('error', params?.error)
    .fact('error_description', params?.error_description);
  if (params && !params.resource_metadata)
    step.finding('info', 'No resource_metadata in the challenge: the client tries /.well-known/oauth-protected-resource (path first, then root).');
  return out;
}

/** Resource metadata and the URL it was read from (RFC 9728 §3.3 checks it against that URL's resource). */
export interface FoundResource {
  metadata: OAuthProtectedResourceMetadata;
  from: URL;
}

export async function discoverResource(step: FlowStep, serverUrl: string, challenge: ParsedChallenge, fetchFn: FetchLike): Promise<FoundResource | undefined> {
  // The SDK tries the path-aware URL, then the root one; the last URL asked is the one its answer came from.
  let from: URL | undefined;
  const watching: FetchLike = (url, init) => {
    from = new URL(String(url));
    return fetchFn(url, init);
  };
  try {
    const prm = await discoverOAuthProtectedResourceMetadata(
      serverUrl,
      challenge.resourceMetadataUrl ? { resourceMetadataUrl: challenge.resourceMetadataUrl } : {},
      watching,
    );
    step
      .fact('resource', prm.resource)
      .fact('authorization_servers', prm.authorization_servers?.join(' '))
      .fact('scopes_supported', prm.scopes_supported?.join(' '))
      .fact('read from', from?.href);
    return { metadata: prm, from: from ?? new URL(serverUrl) };
  } catch (err) {
    step.skipped(`No protected resource metadata (${describeError(err)}): as in 2025-03-26, the MCP server's origin is taken as the authorization server.`);
    return undefined;
  }
}

/** Records the broken rule as an error finding and stops the flow: the metadata must not be used. */
function refuse(step: FlowStep, message: string): never {
  step.finding('error', message);
  step.fail(message);
}

/** The authorization server must be https unless it is this machine; checked before anything is sent to it. */
function requireSecureIssuer(step: FlowStep, issuer: string, whence: string): void {
  const why = insecureEndpoint(issuer);
  if (why) refuse(step, `${whence}: ${why}. ${MCP_HTTPS} Stopped before anything was sent to it.`);
}

/** Checks the resource metadata against the server and picks the authorization server; throws through `step.fail`. */
export function chooseIssuer(step: FlowStep, serverUrl: string, found: FoundResource | undefined, challengeUrl?: URL): { issuer: string; resource: string } {
  const canonical = resourceUrlFromServerUrl(serverUrl).href;
  if (!found) {
    const origin = new URL('/', serverUrl).href;
    requireSecureIssuer(step, origin, "Without resource metadata the MCP server's origin is the authorization server");
    return { issuer: origin, resource: canonical };
  }
  const prm = found.metadata;
  const expected = expectedResource(serverUrl, found.from, challengeUrl);
  if (!resourceMatches(prm.resource, expected.resource)) {
    refuse(
      step,
      `The protected resource metadata read from ${found.from.href} names the resource ${prm.resource}, not ${expected.resource}: ${expected.rule} Stopped before asking any authorization server.`,
    );
  }
  const first = prm.authorization_servers?.[0];
  if (!first) {
    step.finding(
      'error',
      '"The Protected Resource Metadata document returned by the MCP server MUST include the authorization_servers field containing at least one authorization server." Falling back to the MCP server\'s origin.',
    );
    const origin = new URL('/', serverUrl).href;
    requireSecureIssuer(step, origin, "The fallback authorization server (the MCP server's origin)");
    step.ok('Resource metadata read, but it names no authorization server.');
    return { issuer: origin, resource: prm.resource };
  }
  requireSecureIssuer(step, first, `The resource metadata names the authorization server ${first}`);
  if ((prm.authorization_servers?.length ?? 0) > 1)
    step.finding('info', `${prm.authorization_servers!.length} authorization servers are listed; the first is used.`);
  step.ok(`The resource ${prm.resource} is served by ${first}.`);
  return { issuer: first, resource: prm.resource };
}

export async function discoverServer(
  step: FlowStep,
  issuer: string,
  fetchFn: FetchLike,
  protocolVersion?: string,
): Promise<AuthorizationServerMetadata | undefined> {
  let metadata: AuthorizationServerMetadata | undefined;
  try {
    metadata = await discoverAuthorizationServerMetadata(issuer, { fetchFn, ...(protocolVersion ? { protocolVersion } : {}) });
  } catch (err) {
    step.fail(`Authorization server metadata could not be read: ${describeError(err)}`);
  }
  if (!metadata) {
    step.finding(
      'warning',
      "No RFC 8414 or OpenID metadata: using the 2025-03-26 default endpoints /authorize, /token and /register at the server's origin. PKCE support cannot be verified.",
    );
    step
      .fact('authorization_endpoint', new URL('/authorize', issuer).href)
      .fact('token_endpoint', new URL('/token', issuer).href)
      .fact('registration_endpoint', new URL('/register', issuer).href);
    step.skipped('No authorization server metadata: the default endpoints of 2025-03-26 are used.');
    return undefined;
  }
  step
    .fact('issuer', metadata.issuer)
    .fact('authorization_endpoint', metadata.authorization_endpoint)
    .fact('token_endpoint', metadata.token_endpoint)
    .fact('registration_endpoint', metadata.registration_endpoint)
    .fact('code_challenge_methods_supported', metadata.code_challenge_methods_supported?.join(' '))
    .fact('token_endpoint_auth_methods_supported', metadata.token_endpoint_auth_methods_supported?.join(' '))
    .fact('scopes_supported', metadata.scopes_supported?.join(' '))
    .fact('client_id_metadata_document_supported', metadata.client_id_metadata_document_supported);
  if (!sameIdentifier(metadata.issuer, issuer)) {
    refuse(
      step,
      `The authorization server metadata of ${issuer} says its issuer is ${metadata.issuer}: ${RFC_8414_ISSUER} Stopped before registering, authorizing or asking for a token.`,
    );
  }
  const insecure = (['authorization_endpoint', 'token_endpoint', 'registration_endpoint'] as const).flatMap((k) => {
    const url = metadata[k];
    const why = typeof url === 'string' ? insecureEndpoint(url) : null;
    return why ? [`${k} ${why}`] : [];
  });
  if (insecure.length)
    refuse(
      step,
      `The metadata of ${issuer} lists an endpoint mcpscope must not use: ${insecure.join('; ')}. ${MCP_HTTPS} Stopped before anything was sent to it.`,
    );
  const methods = metadata.code_challenge_methods_supported;
  if (!methods || !methods.includes('S256')) {
    step.fail(
      methods
        ? `The authorization server advertises PKCE methods ${methods.join(', ')} but not S256: "MCP clients MUST use the S256 code challenge method", so the flow stops here.`
        : '"If code_challenge_methods_supported is absent, the authorization server does not support PKCE and MCP clients MUST refuse to proceed." The metadata has no code_challenge_methods_supported.',
    );
  }
  if (!metadata.response_types_supported.includes('code'))
    step.fail(`response_types_supported (${metadata.response_types_supported.join(', ')}) lacks "code": no authorization code flow is possible.`);
  step.ok(`Metadata of ${metadata.issuer} read; it supports PKCE with S256.`);
  return metadata;
}
