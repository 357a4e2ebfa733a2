// The client credentials grant (SEP-1046, an MCP authorization extension): no person and no redirect; a pre-registered
// client gets a token for itself, authenticating with its secret (client_secret_basic/post) or a signed JWT
// (private_key_jwt, RFC 7523). The token request itself is the MCP SDK's (fetchToken), like the other grants.
import { readFileSync } from 'node:fs';
import { fetchToken, selectClientAuthMethod, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { createPrivateKeyJwtAuth } from '@modelcontextprotocol/sdk/client/auth-extensions.js';
import type { AuthorizationServerMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { OAuthConfig } from '../../shared/oauth/auth-config.js';
import { describeError, type FlowStep } from './flow-steps.js';
import type { FetchLike } from './recording-fetch.js';

export interface ClientCredentialsRequest {
  config: OAuthConfig;
  issuer: string;
  metadata: AuthorizationServerMetadata | undefined;
  resource: string;
  scope: string | undefined;
  fetch: FetchLike;
}

/** The client as the SDK's token request sees it: the secret only when no key signs for it. */
function clientInformation(config: OAuthConfig): { client_id: string; client_secret?: string } {
  return { client_id: config.clientId ?? '', ...(config.clientSecret && !config.clientKeyFile ? { client_secret: config.clientSecret } : {}) };
}

/** How the client authenticates: by its key when it has one, else the secret method the SDK picks from the server's list. */
function authMethod(config: OAuthConfig, metadata: AuthorizationServerMetadata | undefined): string {
  return config.clientKeyFile ? 'private_key_jwt' : selectClientAuthMethod(clientInformation(config), metadata?.token_endpoint_auth_methods_supported ?? []);
}

/** The client step of a client credentials flow: who asks, and how it proves it. */
export function clientCredentialsClient(step: FlowStep, config: OAuthConfig, metadata: AuthorizationServerMetadata | undefined): void {
  if (!config.clientId) step.fail('The client credentials grant needs a pre-registered client: --client-id with --client-secret or --client-key.');
  if (!config.clientSecret && !config.clientKeyFile)
    step.fail(`The client ${config.clientId} has neither a secret (--client-secret) nor a private key (--client-key) to authenticate with.`);
  const method = authMethod(config, metadata);
  step.fact('client_id', config.clientId).fact('how', 'pre-registered').fact('client authentication', method);
  const grants = metadata?.grant_types_supported;
  if (grants && !grants.includes('client_credentials'))
    step.finding(
      'warning',
      `The authorization server lists grant_types_supported ${JSON.stringify(grants)}, without client_credentials: it will probably refuse.`,
    );
  const supported = metadata?.token_endpoint_auth_methods_supported;
  if (supported && !supported.includes(method))
    step.finding('warning', `The authorization server lists token_endpoint_auth_methods_supported ${JSON.stringify(supported)}, without ${method}.`);
  step.ok(`Using the pre-registered client ${config.clientId}, authenticating with ${method}; no person and no redirect (client credentials).`);
}

/** The token step: grant_type=client_credentials with the resource and scope, through the SDK's token request. */
export async function clientCredentialsToken(step: FlowStep, r: ClientCredentialsRequest): Promise<OAuthTokens> {
  const { config, metadata } = r;
  const clientId = config.clientId ?? '';
  let addClientAuthentication: OAuthClientProvider['addClientAuthentication'];
  if (config.clientKeyFile) {
    let key: string;
    try {
      key = readFileSync(config.clientKeyFile, 'utf8');
    } catch (err) {
      step.fail(`The private key ${config.clientKeyFile} cannot be read: ${describeError(err)}`);
    }
    const alg = config.signingAlg ?? metadata?.token_endpoint_auth_signing_alg_values_supported?.[0] ?? 'RS256';
    step.fact('signing alg', alg).fact('assertion audience', metadata?.issuer ?? r.issuer);
    addClientAuthentication = createPrivateKeyJwtAuth({ issuer: clientId, subject: clientId, privateKey: key, alg });
  }
  // The SDK's provider shape; only what a client credentials request reads is real here (no redirect, no verifier).
  const provider: OAuthClientProvider = {
    redirectUrl: undefined,
    clientMetadata: { redirect_uris: [], grant_types: ['client_credentials'], ...(r.scope ? { scope: r.scope } : {}) },
    clientInformation: () => clientInformation(config),
    tokens: () => undefined,
    saveTokens: () => undefined,
    redirectToAuthorization: () => {
      throw new Error('the client credentials grant has no authorization step');
    },
    saveCodeVerifier: () => undefined,
    codeVerifier: () => {
      throw new Error('the client credentials grant has no PKCE verifier');
    },
    prepareTokenRequest: (scope) => new URLSearchParams({ grant_type: 'client_credentials', ...(scope ? { scope } : {}) }),
    ...(addClientAuthentication ? { addClientAuthentication } : {}),
  };
  try {
    return await fetchToken(provider, r.issuer, { ...(metadata ? { metadata } : {}), resource: new URL(r.resource), fetchFn: r.fetch });
  } catch (err) {
    step.fail(`The token request failed: ${describeError(err)}`);
  }
}
