// The checks OAuth metadata must pass before any of it is used: RFC 9728 §3.3 (the resource), RFC 8414 §3.3 (the
// issuer) and MCP's communication security rule (https for every authorization server endpoint but a loopback one).
// Threat: the MCP server, or whoever answers for its metadata, names someone else's resource or issuer, so that
// mcpscope asks a foreign authorization server for a token for the wrong resource, signs a client assertion whose
// audience is a victim's issuer (found: `issuer: https://login.victim.example` served from http://127.0.0.1 became
// the JWT audience), or sends codes, verifiers and secrets in clear text to a remote host. Each mismatch stops the
// flow before the next request, with the sentence it breaks quoted. Loopback hosts (127.0.0.0/8, ::1, localhost)
// may use http: they never leave the machine, and tests and local development run there.
import { isLoopback } from '../cli/loopback.js';

export const RFC_8414_ISSUER =
  '"The "issuer" value returned MUST be identical to the authorization server\'s issuer identifier value into which the well-known URI string was inserted to create the URL used to retrieve the metadata. If these values are not identical, the data contained in the response MUST NOT be used." (RFC 8414 §3.3)';
export const RFC_9728_WELL_KNOWN =
  '"The "resource" value returned MUST be identical to the protected resource\'s resource identifier value into which the well-known URI path suffix was inserted to create the URL used to retrieve the metadata. If these values are not identical, the data contained in the response MUST NOT be used." (RFC 9728 §3.3)';
export const RFC_9728_CHALLENGE =
  '"If the protected resource metadata was retrieved from a URL returned by the protected resource via the WWW-Authenticate resource_metadata parameter, then the "resource" value returned MUST be identical to the URL that the client used to make the request to the resource server. If these values are not identical, the data contained in the response MUST NOT be used." (RFC 9728 §3.3; §7.3 says why: it stops impersonation)';
export const MCP_HTTPS = '"All authorization server endpoints MUST be served over HTTPS." (MCP 2025-06-18 and later, Authorization › Communication Security)';

const PRM_WELL_KNOWN = '/.well-known/oauth-protected-resource';

/**
 * Two identifiers are the same when they parse to the same URL: `https://as.example` and `https://as.example/` are
 * one issuer, so are a host in upper and lower case; any other difference (a path, a trailing slash after a path,
 * a port) is a different identifier. A value that is not a URL matches nothing.
 */
export function sameIdentifier(a: string, b: string): boolean {
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return false;
  }
}

/**
 * Whether the resource metadata names `expected`. One leeway beside sameIdentifier: a resource without a query matches
 * a server URL with one, since a query there is often the user's key, which no metadata document can repeat; origin and
 * path must still be identical.
 */
export function resourceMatches(resource: string, expected: string): boolean {
  if (sameIdentifier(resource, expected)) return true;
  try {
    const r = new URL(resource);
    const e = new URL(expected);
    if (r.search !== '' || e.search === '') return false;
    e.search = '';
    return r.href === e.href;
  } catch {
    return false;
  }
}

/** The URL the resource metadata must name, and the sentence that says so, given where it was read from. */
export function expectedResource(serverUrl: string, readFrom: URL, challengeUrl: URL | undefined): { resource: string; rule: string } {
  const server = new URL(serverUrl);
  server.hash = '';
  if (challengeUrl && readFrom.href === challengeUrl.href) return { resource: server.href, rule: RFC_9728_CHALLENGE };
  // The SDK tries the path-aware URL first, then the root one: the root document speaks for the origin.
  if (readFrom.pathname === PRM_WELL_KNOWN && server.pathname !== '/') return { resource: new URL('/', server).href, rule: RFC_9728_WELL_KNOWN };
  return { resource: server.href, rule: RFC_9728_WELL_KNOWN };
}

/** Why `url` may not be an authorization server endpoint (null when it may): not a URL, or plain http to a remote host. */
export function insecureEndpoint(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return `${url} is not a URL`;
  }
  if (u.protocol === 'https:') return null;
  if (u.protocol === 'http:' && isLoopback(u.hostname)) return null;
  return `${u.href} is served over ${u.protocol.replace(/:$/, '')}, not https, on a host that is not loopback`;
}
