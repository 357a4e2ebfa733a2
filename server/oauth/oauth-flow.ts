// One MCP authorization flow, step by step, on the MCP SDK's client auth functions: challenge → resource metadata →
// authorization server metadata → (refresh) → client identity → authorization (PKCE S256, resource, state) → token.
import { randomBytes } from 'node:crypto';
import { exchangeAuthorization, refreshAuthorization, selectClientAuthMethod, startAuthorization } from '@modelcontextprotocol/sdk/client/auth.js';
import type { AuthorizationServerMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { OAuthConfig } from '../../shared/oauth/auth-config.js';
import { authDuties } from '../../shared/oauth/auth-era.js';
import type { AuthStepEvent, AuthStepName } from '../../shared/oauth/auth-steps.js';
import { clientCredentialsClient, clientCredentialsToken } from './client-credentials.js';
import { chooseClient } from './client-identity.js';
import { chooseIssuer, discoverResource, discoverServer, readChallenge, type AuthChallenge } from './discovery.js';
import { authorizationServerMoved, checkIss } from './issuer-binding.js';
import { describeError, FlowStep } from './flow-steps.js';
import type { FetchLike } from './recording-fetch.js';
import { credentialsFor, identityOf, type ServerCredentials, type StoredClient, type StoredTokens, type TokenStore } from './token-store.js';

/** What came back to the redirect URI. */
export interface CallbackParams {
  code?: string;
  state?: string;
  iss?: string;
  error?: string;
  error_description?: string;
}

export interface AuthorizationRequest {
  url: URL;
  state: string;
  flow: string;
  redirectUri: string;
  step: FlowStep;
}

export interface FlowEnv {
  serverUrl: string;
  config: OAuthConfig;
  store: TokenStore;
  fetch: FetchLike;
  protocolVersion?: string;
  /** The step the next HTTP requests belong to. */
  enter(step: FlowStep): void;
  emit(e: AuthStepEvent): void;
  redirectUri(): Promise<string>;
  /** Brings the authorization URL to the approver (or fetches it) and resolves with the redirect's parameters. */
  authorize(req: AuthorizationRequest): Promise<CallbackParams>;
}

export interface FlowOptions {
  /** Scope already requested on this connection: a step-up asks for it plus the challenge's. */
  previousScope?: string;
  /** False for a step-up (a refreshed token has the same scope) or when refreshing already failed. */
  allowRefresh: boolean;
}

export function union(a: string | undefined, b: string | undefined): string | undefined {
  const all = [...new Set([...(a?.split(/\s+/) ?? []), ...(b?.split(/\s+/) ?? [])].filter(Boolean))];
  return all.length ? all.join(' ') : undefined;
}

function toStoredTokens(t: OAuthTokens, previous?: StoredTokens): StoredTokens {
  const now = Date.now();
  return {
    access_token: t.access_token,
    token_type: t.token_type,
    ...((t.refresh_token ?? previous?.refresh_token) ? { refresh_token: t.refresh_token ?? previous?.refresh_token } : {}),
    ...((t.scope ?? previous?.scope) ? { scope: t.scope ?? previous?.scope } : {}),
    ...(t.expires_in !== undefined ? { expiresAt: now + t.expires_in * 1000 } : {}),
    obtainedAt: now,
  };
}

export class OAuthFlow {
  private n = 0;
  /** The scope the last flow asked for (a step-up adds to it even when the token response does not say). */
  lastScope: string | undefined;

  /** `prefix` scopes flow ids like exchange ids (a restarted connection's flows are `c2.f1`…). */
  constructor(
    private readonly env: FlowEnv,
    private readonly prefix = '',
  ) {}

  private step(flow: string, name: AuthStepName): FlowStep {
    const s = new FlowStep(flow, name, (e) => this.env.emit(e));
    this.env.enter(s);
    return s;
  }

  /** Runs a whole flow for `challenge`; resolves with the saved tokens, or throws an AuthFlowError naming the step. */
  async run(challenge: AuthChallenge, opts: FlowOptions): Promise<ServerCredentials> {
    const flow = `${this.prefix}f${++this.n}`;
    const { env } = this;
    const c = this.step(flow, 'challenge');
    const parsed = readChallenge(c, challenge);
    const insufficient = challenge.status === 403 && parsed.error === 'insufficient_scope';
    c.ok(
      insufficient
        ? `403 insufficient_scope: the token lacks scope${parsed.scope ? ` (${parsed.scope} required)` : ''}; asking again with more (step-up).`
        : `${challenge.status}: authorization is required.`,
    );

    const r = this.step(flow, 'resource-metadata');
    const found = await discoverResource(r, env.serverUrl, parsed, env.fetch);
    const { issuer, resource } = chooseIssuer(r, env.serverUrl, found, parsed.resourceMetadataUrl);
    const prm = found?.metadata;

    const version = challenge.protocolVersion ?? env.protocolVersion;
    const duties = authDuties(version);
    const m = this.step(flow, 'server-metadata');
    const metadata = await discoverServer(m, issuer, env.fetch, version);

    if (env.config.grant === 'client_credentials') {
      const scope = this.scopeFor(parsed.scope, prm?.scopes_supported, undefined, insufficient ? opts.previousScope : undefined);
      return this.clientCredentials(flow, { issuer, metadata, resource, scope });
    }

    const stored = credentialsFor(env.store, env.serverUrl, env.config);
    const mine = stored && stored.issuer === issuer ? stored : undefined;
    const identity = identityOf(env.config);
    if (opts.allowRefresh && !insufficient && mine?.tokens?.refresh_token) {
      const refreshed = await this.refreshWith(flow, { ...mine, tokens: mine.tokens }, metadata, resource);
      if (refreshed) return refreshed;
    }

    const scope = this.scopeFor(parsed.scope, prm?.scopes_supported, metadata, insufficient ? opts.previousScope : undefined);
    this.lastScope = scope;
    const redirectUri = await env.redirectUri();
    const k = this.step(flow, 'client');
    if (stored && stored.issuer !== issuer) authorizationServerMoved(k, env.config, stored.issuer, issuer, duties.refuseMovedPreRegistered);
    const { client, save } = await chooseClient(k, {
      config: env.config,
      issuer,
      metadata,
      remembered: mine?.client,
      redirectUri,
      scope,
      fetch: env.fetch,
      applicationType: duties.applicationType,
    });
    if (save) env.store.put({ serverUrl: env.serverUrl, issuer, identity, client, updatedAt: Date.now() });

    const code = await this.authorize(flow, { issuer, metadata, client, redirectUri, scope, resource, issRequired: duties.issRequiredWhenAdvertised });
    const tokens = await this.token(flow, { issuer, metadata, client, redirectUri, resource, ...code });
    const creds: ServerCredentials = {
      serverUrl: env.serverUrl,
      issuer,
      identity,
      ...(client.how !== 'pre-registered' ? { client } : {}),
      tokens,
      updatedAt: Date.now(),
    };
    env.store.put(creds);
    return creds;
  }

  /** Client credentials: a pre-registered client asks for a token for itself; nothing to refresh, no person. */
  private async clientCredentials(
    flow: string,
    a: { issuer: string; metadata: AuthorizationServerMetadata | undefined; resource: string; scope: string | undefined },
  ): Promise<ServerCredentials> {
    this.lastScope = a.scope;
    clientCredentialsClient(this.step(flow, 'client'), this.env.config, a.metadata);
    const s: FlowStep = this.step(flow, 'token');
    s.fact('token_endpoint', a.metadata?.token_endpoint ?? new URL('/token', a.issuer).href)
      .fact('grant_type', 'client_credentials')
      .fact('scope', a.scope ?? '(omitted: none known)')
      .fact('resource', a.resource);
    const t = await clientCredentialsToken(s, {
      config: this.env.config,
      issuer: a.issuer,
      metadata: a.metadata,
      resource: a.resource,
      scope: a.scope,
      fetch: this.env.fetch,
    });
    this.tokenFacts(s, t);
    s.ok(`Got a ${t.token_type} access token${t.expires_in !== undefined ? ` for ${t.expires_in} s` : ''} for the client itself.`);
    const creds: ServerCredentials = {
      serverUrl: this.env.serverUrl,
      issuer: a.issuer,
      identity: identityOf(this.env.config),
      tokens: toStoredTokens(t),
      updatedAt: Date.now(),
    };
    this.env.store.put(creds);
    return creds;
  }

  /** The scope to ask for: the user's, else the challenge's, else everything the resource supports, else none. */
  private scopeFor(
    challenged: string | undefined,
    supported: string[] | undefined,
    metadata: AuthorizationServerMetadata | undefined,
    previous: string | undefined,
  ): string | undefined {
    let scope = this.env.config.scope ?? union(previous, challenged ?? (supported?.length ? supported.join(' ') : undefined));
    // SEP-2207: a refresh token is asked for with offline_access only where the authorization server lists it.
    if (scope && metadata?.scopes_supported?.includes('offline_access') && !scope.split(' ').includes('offline_access')) scope = `${scope} offline_access`;
    return scope;
  }

  private async authorize(
    flow: string,
    a: {
      issuer: string;
      metadata?: AuthorizationServerMetadata | undefined;
      client: StoredClient;
      redirectUri: string;
      scope: string | undefined;
      resource: string;
      /** 2026-07-28: an advertised iss that is absent makes the response unusable. */
      issRequired: boolean;
    },
  ): Promise<{ code: string; codeVerifier: string }> {
    const s: FlowStep = this.step(flow, 'authorization');
    const state = randomBytes(32).toString('base64url');
    let started: { authorizationUrl: URL; codeVerifier: string };
    try {
      started = await startAuthorization(a.issuer, {
        ...(a.metadata ? { metadata: a.metadata } : {}),
        clientInformation: a.client,
        redirectUrl: a.redirectUri,
        state,
        resource: a.resource,
        ...(a.scope ? { scope: a.scope } : {}),
      });
    } catch (err) {
      s.fail(describeError(err));
    }
    const url = started.authorizationUrl;
    s.fact('authorization_endpoint', `${url.origin}${url.pathname}`)
      .fact('client_id', a.client.client_id)
      .fact('redirect_uri', a.redirectUri)
      .fact('scope', a.scope ?? '(omitted: none known)')
      .fact('resource', a.resource)
      .fact('code_challenge_method', 'S256');
    if (!/^https:|^http:\/\/(127\.0\.0\.1|localhost|\[::1\])[:/]/.test(a.redirectUri))
      s.finding('error', '"All redirect URIs MUST be either localhost or use HTTPS."');
    const back = await this.env.authorize({ url, state, flow, redirectUri: a.redirectUri, step: s });
    if (back.state !== state)
      s.fail(
        back.state === undefined
          ? 'The redirect carried no state: it cannot be tied to this flow, so its code is not used.'
          : 'The redirect carried a different state than the one sent: it is not the answer to this flow (a forged or stale redirect), so its code is not used.',
      );
    // iss before error: a response from the wrong issuer is not read at all, its error text included (RFC 9207 §2.4).
    checkIss(s, back.iss, a.metadata, a.issRequired);
    if (back.error) s.fail(`The authorization server refused: ${back.error}${back.error_description ? ` (${back.error_description})` : ''}.`);
    if (!back.code) s.fail('The redirect carried no code and no error.');
    s.fact('state', 'matched');
    s.ok('The authorization server redirected back with a code and the state this flow sent.');
    return { code: back.code, codeVerifier: started.codeVerifier };
  }

  private async token(
    flow: string,
    a: {
      issuer: string;
      metadata?: AuthorizationServerMetadata | undefined;
      client: StoredClient;
      redirectUri: string;
      resource: string;
      code: string;
      codeVerifier: string;
    },
  ): Promise<StoredTokens> {
    const s: FlowStep = this.step(flow, 'token');
    s.fact('token_endpoint', a.metadata?.token_endpoint ?? new URL('/token', a.issuer).href)
      .fact('client authentication', selectClientAuthMethod(a.client, a.metadata?.token_endpoint_auth_methods_supported ?? []))
      .fact('resource', a.resource);
    let t: OAuthTokens;
    try {
      t = await exchangeAuthorization(a.issuer, {
        ...(a.metadata ? { metadata: a.metadata } : {}),
        clientInformation: a.client,
        authorizationCode: a.code,
        codeVerifier: a.codeVerifier,
        redirectUri: a.redirectUri,
        resource: a.resource,
        fetchFn: this.env.fetch,
      });
    } catch (err) {
      s.fail(`The token request failed: ${describeError(err)}`);
    }
    const tokens = toStoredTokens(t);
    this.tokenFacts(s, t);
    s.ok(`Got a ${t.token_type} access token${t.expires_in !== undefined ? ` for ${t.expires_in} s` : ''}${t.refresh_token ? ' and a refresh token' : ''}.`);
    return tokens;
  }

  private tokenFacts(s: FlowStep, t: OAuthTokens): void {
    s.fact('token_type', t.token_type)
      .fact('scope granted', t.scope)
      .fact('expires_in', t.expires_in)
      .fact('refresh_token', t.refresh_token ? 'issued (masked)' : 'none');
    if (t.token_type.toLowerCase() !== 'bearer') s.finding('warning', `token_type is ${t.token_type}; MCP sends access tokens as Bearer.`);
  }

  /** A refresh with the stored refresh token; null (and a skipped step) when the server refuses it. */
  private async refreshWith(
    flow: string,
    creds: ServerCredentials & { tokens: StoredTokens },
    metadata: AuthorizationServerMetadata | undefined,
    resource: string,
  ): Promise<ServerCredentials | null> {
    const s: FlowStep = this.step(flow, 'refresh');
    const client: StoredClient | undefined =
      creds.client ??
      (this.env.config.clientId
        ? {
            client_id: this.env.config.clientId,
            ...(this.env.config.clientSecret ? { client_secret: this.env.config.clientSecret } : {}),
            how: 'pre-registered',
          }
        : undefined);
    if (!client) {
      s.skipped('A refresh token is stored but not the client it was issued to: authorizing again.');
      return null;
    }
    s.fact('token_endpoint', metadata?.token_endpoint ?? new URL('/token', creds.issuer).href).fact('client_id', client.client_id);
    let t: OAuthTokens;
    try {
      t = await refreshAuthorization(creds.issuer, {
        ...(metadata ? { metadata } : {}),
        clientInformation: client,
        refreshToken: creds.tokens.refresh_token!,
        resource,
        fetchFn: this.env.fetch,
      });
    } catch (err) {
      s.finding('info', `Refresh refused: ${describeError(err)}`);
      s.skipped('The refresh token was not accepted: authorizing again.');
      return null;
    }
    this.tokenFacts(s, t);
    s.ok('The access token was refreshed without asking anyone.');
    const out: ServerCredentials = { ...creds, tokens: toStoredTokens(t, creds.tokens), updatedAt: Date.now() };
    this.env.store.put(out);
    return out;
  }
}
