// The issuer binding of a flow, as the 2026-07-28 revision states it: the authorization response's iss against the
// issuer recorded from validated metadata (RFC 9207), and client credentials kept to the authorization server that
// issued them when the protected resource names another one (SEP-2352). Threat: a mix-up (a code or a client id
// meant for one authorization server handed to another, possibly the attacker's).
import type { AuthorizationServerMetadata } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { OAuthConfig } from '../../shared/oauth/auth-config.js';
import { ISS_NO_NORMALIZATION_MUST, ISS_VALIDATION_MUST, PREREGISTERED_MISMATCH_SHOULD, REREGISTER_MUST } from '../../shared/oauth/auth-era.js';
import type { FlowStep } from './flow-steps.js';
import { sameIdentifier } from './metadata-checks.js';

/**
 * The protected resource now names another authorization server than the one the stored client and tokens came
 * from: neither goes to the new one (a registered client registers again, in every era; the 2026-07-28 revision
 * makes it a MUST). A pre-registered client id was issued by the old one, so from 2026-07-28 the flow stops and
 * says so rather than offer it to a stranger.
 */
export function authorizationServerMoved(k: FlowStep, config: OAuthConfig, before: string, now: string, refusePreRegistered: boolean): void {
  k.fact('previous authorization server', before);
  if (config.clientId && config.grant !== 'client_credentials' && refusePreRegistered)
    k.fail(
      `The protected resource metadata now names the authorization server ${now}, but the pre-registered client ${config.clientId} was used with ${before}: ${PREREGISTERED_MISMATCH_SHOULD} Pass the client id registered with ${now} (--client-id), or forget the stored tokens (the page's Forget tokens, or delete the entry in <data dir>/oauth-tokens.json).`,
    );
  k.finding(
    'info',
    config.clientId
      ? `The authorization server changed from ${before} to ${now}; the pre-registered client ${config.clientId} is offered to it as given, and nothing obtained from ${before} is.`
      : `The authorization server changed from ${before} to ${now}: the client registered with ${before} and its tokens are not used there. ${REREGISTER_MUST}`,
  );
}

/**
 * RFC 9207 §2.4 as the 2026-07-28 revision tabulates it: a present iss is compared with the issuer recorded from
 * the validated metadata, as strings (no URL normalization), whether or not the server advertised it; an absent one
 * is rejected when the metadata advertised authorization_response_iss_parameter_supported (from 2026-07-28; before,
 * a note). Threat: a mix-up, where a code from an authorization server the attacker runs is sent to an honest one.
 */
export function checkIss(s: FlowStep, iss: string | undefined, metadata: AuthorizationServerMetadata | undefined, required: boolean): void {
  const advertised = (metadata as Record<string, unknown> | undefined)?.authorization_response_iss_parameter_supported === true;
  s.fact('iss', iss ?? '(absent)').fact('authorization_response_iss_parameter_supported', advertised);
  if (iss !== undefined && metadata && iss !== metadata.issuer) {
    const normalizedOnly = sameIdentifier(iss, metadata.issuer);
    s.fail(
      `The redirect's iss (${iss}) is not the issuer recorded for this flow (${metadata.issuer}): a possible mix-up (RFC 9207), so its code is not used and nothing else it says is read.${normalizedOnly ? ` They differ only by URL normalization, which does not count: ${ISS_NO_NORMALIZATION_MUST}` : ''}`,
    );
  }
  if (iss === undefined && advertised) {
    if (required)
      s.fail(
        `The authorization server advertises authorization_response_iss_parameter_supported, but its redirect carried no iss: ${ISS_VALIDATION_MUST}. Its code is not used.`,
      );
    s.finding(
      'info',
      'The authorization server advertises authorization_response_iss_parameter_supported, but its redirect carried no iss (RFC 9207 §2). Accepted in this protocol version; from 2026-07-28 MCP clients must reject such a response.',
    );
  }
  if (iss !== undefined && metadata) s.fact('iss', 'matched the recorded issuer');
}
