// Which authorization duties bind mcpscope as a client in which protocol era, and the sentences that impose them. The
// 2026-07-28 revision adds client MUSTs that earlier revisions do not have (application_type in registration, an
// authorization response without `iss` rejected when the server advertised it, re-registration when the protected
// resource names another authorization server); a flow keyed on the version it runs for applies exactly those.
import { MODERN_PROTOCOL_VERSIONS } from '../mcp-versions.js';

const REV_2026 = 'MCP 2026-07-28, Authorization';

/** SEP-837: the client says what kind of application it is, so an OIDC server does not default it to "web". */
export const APPLICATION_TYPE_MUST = `"MCP clients MUST specify an appropriate application_type during Dynamic Client Registration." (${REV_2026} › Client Registration › Dynamic Client Registration)`;

/** mcpscope's kind: a CLI, and a web page served from localhost, both "native" by the same section's list. */
export const APPLICATION_TYPE_NATIVE_SHOULD = `"Native applications (desktop applications, mobile apps, CLI tools, and locally-hosted web applications accessed via localhost) SHOULD use application_type: "native"" (${REV_2026} › Client Registration › Dynamic Client Registration)`;

/** SEP-2468 / RFC 9207 §2.4: the table row "true | absent | Reject the response". */
export const ISS_VALIDATION_MUST = `"On receiving the authorization response, MCP clients MUST apply the validation in RFC9207 Section 2.4 before transmitting the authorization code to any token endpoint" (${REV_2026} › Authorization Response Validation: advertised authorization_response_iss_parameter_supported and iss absent → "Reject the response")`;

/** SEP-2468: the comparison is a plain string comparison, never a URL normalization. */
export const ISS_NO_NORMALIZATION_MUST = `"clients MUST NOT apply scheme or host case folding, default-port elision, trailing-slash, or percent-encoding normalization … before comparison." (${REV_2026} › Authorization Response Validation)`;

/** SEP-2352: credentials belong to the authorization server that issued them. */
export const REREGISTER_MUST = `"When the authorization server changes (detected via updated protected resource metadata), clients MUST NOT reuse client credentials from a different authorization server and MUST re-register with the new authorization server." (${REV_2026} › Client Registration › Authorization Server Binding)`;

/** The same section's word on pre-registered credentials that no longer match. */
export const PREREGISTERED_MISMATCH_SHOULD = `"If the authorization server indicated by protected resource metadata no longer matches the one the credentials were registered with, clients SHOULD surface an error rather than silently attempting to use mismatched credentials." (${REV_2026} › Client Registration › Authorization Server Binding)`;

export interface AuthDuties {
  /** Send application_type in Dynamic Client Registration. */
  applicationType: boolean;
  /** Reject an authorization response without iss when the authorization server advertised it. */
  issRequiredWhenAdvertised: boolean;
  /** Stop, rather than use a pre-registered client with an authorization server it was not registered with. */
  refuseMovedPreRegistered: boolean;
}

/** The duties of the era `version` belongs to (undefined: the legacy default, as a connection that names none). */
export function authDuties(version: string | undefined): AuthDuties {
  const modern = version !== undefined && (MODERN_PROTOCOL_VERSIONS as readonly string[]).includes(version);
  return { applicationType: modern, issRequiredWhenAdvertised: modern, refuseMovedPreRegistered: modern };
}

/**
 * The protocol version a refused request spoke: its MCP-Protocol-Version header (every 2026-07-28 POST and every
 * legacy one after initialize carries it), else the version its body offers (initialize's protocolVersion, or the
 * 2026 `_meta` key). Undefined when neither says.
 */
export function versionOfRequest(header: string | undefined, body: string | undefined): string | undefined {
  if (header) return header;
  if (!body) return undefined;
  try {
    const params = (JSON.parse(body) as { params?: Record<string, unknown> } | null)?.params;
    const meta = params?._meta as Record<string, unknown> | undefined;
    const v = params?.protocolVersion ?? meta?.['io.modelcontextprotocol/protocolVersion'];
    return typeof v === 'string' ? v : undefined;
  } catch {
    return undefined;
  }
}
