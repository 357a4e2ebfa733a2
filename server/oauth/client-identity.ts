// The client step: who mcpscope is to the authorization server, in the spec's order of preference: pre-registered,
// a Client ID Metadata Document, a registration remembered from before, or Dynamic Client Registration (RFC 7591).
import { registerClient } from '@modelcontextprotocol/sdk/client/auth.js';
import type { AuthorizationServerMetadata, OAuthClientInformationFull } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { OAuthConfig } from '../../shared/oauth/auth-config.js';
import { APPLICATION_TYPE_MUST, APPLICATION_TYPE_NATIVE_SHOULD } from '../../shared/oauth/auth-era.js';
import { describeError, type FlowStep } from './flow-steps.js';
import type { FetchLike } from './recording-fetch.js';
import type { StoredClient } from './token-store.js';

const CLIENT_NAME = 'mcpscope';

/** The method to register with: a public client where the server allows one, else what it supports. */
function registrationAuthMethod(metadata: AuthorizationServerMetadata | undefined): string {
  const supported = metadata?.token_endpoint_auth_methods_supported;
  if (!supported || supported.includes('none')) return 'none';
  return ['client_secret_basic', 'client_secret_post'].find((m) => supported.includes(m)) ?? supported[0] ?? 'none';
}

export interface ClientChoice {
  client: StoredClient;
  /** True when the client is new and worth remembering for this authorization server. */
  save: boolean;
}

export async function chooseClient(
  step: FlowStep,
  opts: {
    config: OAuthConfig;
    issuer: string;
    metadata: AuthorizationServerMetadata | undefined;
    remembered: StoredClient | undefined;
    redirectUri: string;
    scope: string | undefined;
    fetch: FetchLike;
    /** 2026-07-28: registration says application_type (APPLICATION_TYPE_MUST). */
    applicationType?: boolean;
  },
): Promise<ClientChoice> {
  const { config, metadata, remembered, redirectUri } = opts;
  if (config.clientId) {
    step
      .fact('client_id', config.clientId)
      .fact('how', 'pre-registered')
      .fact('client_secret', config.clientSecret ? 'given (masked)' : 'none');
    step.ok(`Using the pre-registered client ${config.clientId}.`);
    return {
      client: { client_id: config.clientId, ...(config.clientSecret ? { client_secret: config.clientSecret } : {}), how: 'pre-registered' },
      save: false,
    };
  }
  if (config.clientMetadataUrl) {
    if (metadata?.client_id_metadata_document_supported === true) {
      if (!config.clientMetadataUrl.startsWith('https://'))
        step.finding(
          'warning',
          'A Client ID Metadata Document URL "MUST use the https scheme"; an http URL only works with servers that allow it for testing.',
        );
      step.fact('client_id', config.clientMetadataUrl).fact('how', 'client ID metadata document');
      step.ok('The server supports Client ID Metadata Documents: the document URL is the client_id; the server fetches the client metadata from it.');
      return { client: { client_id: config.clientMetadataUrl, how: 'metadata-document' }, save: false };
    }
    step.finding(
      'warning',
      `A Client ID Metadata Document URL was given, but the server does not set client_id_metadata_document_supported: falling back to dynamic registration.`,
    );
  }
  if (remembered && (remembered.redirect_uris === undefined || remembered.redirect_uris.includes(redirectUri))) {
    step
      .fact('client_id', remembered.client_id)
      .fact('how', `${remembered.how} earlier (remembered)`)
      .fact('token_endpoint_auth_method', remembered.token_endpoint_auth_method);
    step.ok(`Using the client registered earlier with this authorization server (${remembered.client_id}).`);
    return { client: remembered, save: false };
  }
  if (metadata && !metadata.registration_endpoint) {
    step.fail(
      'The authorization server offers no dynamic registration (no registration_endpoint) and no client was given: pass a pre-registered client (--client-id, --client-secret) or a Client ID Metadata Document URL (--client-metadata-url).',
    );
  }
  const method = registrationAuthMethod(metadata);
  const clientMetadata = {
    client_name: CLIENT_NAME,
    redirect_uris: [redirectUri],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: method,
    // A CLI and a page served from localhost: "native" (APPLICATION_TYPE_NATIVE_SHOULD), which also matches the
    // loopback redirect URI an OIDC server would refuse for a "web" client.
    ...(opts.applicationType ? { application_type: 'native' } : {}),
  };
  step
    .fact('registration_endpoint', metadata?.registration_endpoint ?? new URL('/register', opts.issuer).href)
    .fact('redirect_uri', redirectUri)
    .fact('requested token_endpoint_auth_method', method)
    .fact('application_type', opts.applicationType ? 'native' : undefined);
  let info: OAuthClientInformationFull;
  try {
    info = await registerClient(opts.issuer, {
      ...(metadata ? { metadata } : {}),
      clientMetadata,
      ...(opts.scope ? { scope: opts.scope } : {}),
      fetchFn: opts.fetch,
    });
  } catch (err) {
    // "MCP clients MUST be prepared to handle registration failures due to redirect URI constraints": say what was sent.
    step.fail(
      `Dynamic client registration failed: ${describeError(err)}${opts.applicationType ? ` It said application_type "native", as ${APPLICATION_TYPE_MUST} and ${APPLICATION_TYPE_NATIVE_SHOULD}; a server that wants another type for a loopback redirect URI refuses it.` : ''}`,
    );
  }
  step
    .fact('client_id', info.client_id)
    .fact('how', 'dynamic registration')
    .fact('token_endpoint_auth_method', info.token_endpoint_auth_method)
    .fact('client_secret', info.client_secret ? 'issued (masked)' : 'none');
  step.ok(`Registered as ${info.client_id}.`);
  const client: StoredClient = {
    client_id: info.client_id,
    ...(info.client_secret ? { client_secret: info.client_secret } : {}),
    ...(info.token_endpoint_auth_method ? { token_endpoint_auth_method: info.token_endpoint_auth_method } : {}),
    redirect_uris: info.redirect_uris ?? [redirectUri],
    how: 'registered',
  };
  return { client, save: true };
}
