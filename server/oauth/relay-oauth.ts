// The relay's OAuth host: one token store for every session (the data directory's 0600 file), the relay's own
// /oauth/callback as redirect URI, and the page (which holds the API token) opening the authorization URL.
import type { OAuthConfig } from '../../shared/oauth/auth-config.js';
import { HEADER_MASK } from '../../shared/masked-header-problem.js';
import type { OAuthTokenSummary, PendingAuthorization } from '../../shared/oauth/token-summary.js';
import { fetchAuthorization } from './fetch-authorization.js';
import type { FlowStep } from './flow-steps.js';
import type { OAuthHost } from './oauth-authorizer.js';
import type { CallbackParams } from './oauth-flow.js';
import { PendingFlows, type CallbackOutcome } from './pending-flows.js';
import { FileTokenStore, MemoryTokenStore, profileTokenStore, type ServerCredentials, type TokenStore } from './token-store.js';

export interface RelayOAuthOptions {
  dataDir: string;
  /** The relay's callback URL (known once it listens). */
  redirectUri(): string;
  /** Where a person running the relay from a terminal reads the authorization URL (`--oauth-open print`). */
  print?(text: string): void;
}

function summarize(c: ServerCredentials): OAuthTokenSummary {
  const t = c.tokens;
  return {
    serverUrl: c.serverUrl,
    issuer: c.issuer,
    clientId: c.client?.client_id ?? null,
    clientHow: c.client?.how ?? null,
    accessToken: t ? `${HEADER_MASK} (${t.access_token.length} characters)` : null,
    hasRefreshToken: Boolean(t?.refresh_token),
    scope: t?.scope ?? null,
    expiresAt: t?.expiresAt ?? null,
    updatedAt: c.updatedAt,
    profileId: c.profileId ?? null,
  };
}

export class RelayOAuth {
  readonly flows = new PendingFlows();
  private readonly file: FileTokenStore;
  /** --no-token-cache targets: tokens for the life of the session only. */
  private readonly memory = new Map<string, MemoryTokenStore>();

  constructor(private readonly opts: RelayOAuthOptions) {
    this.file = new FileTokenStore(opts.dataDir);
  }

  /** The host for one session's transports; its pending flows are that session's. A session connected from a saved
   * profile (`profileId`) keeps its tokens apart from every other profile's and from ad-hoc targets'. */
  forSession(sessionId: string, profileId?: string): OAuthHost {
    const kept = (config: OAuthConfig): TokenStore => {
      if (config.tokenCache !== false) return this.file;
      let m = this.memory.get(sessionId);
      if (!m) this.memory.set(sessionId, (m = new MemoryTokenStore()));
      return m;
    };
    return {
      store: (config) => (profileId === undefined ? kept(config) : profileTokenStore(kept(config), profileId)),
      redirectUri: async () => this.opts.redirectUri(),
      authorize: async (req, config, recording): Promise<CallbackParams> => {
        const step: FlowStep = req.step;
        if (config.open === 'fetch') return fetchAuthorization(req, recording.fetch);
        const wait = this.flows.wait({ state: req.state, authorizationUrl: req.url.href, redirectUri: req.redirectUri, owner: sessionId, flow: req.flow });
        if (config.open === 'print') this.opts.print?.(`mcpscope: to authorize session ${sessionId}, open:\n  ${req.url.href}\n`);
        step.waiting('Waiting for approval: open the authorization page with Authorize in the Auth tab (it comes back to this relay).');
        try {
          return await wait;
        } catch (err) {
          step.fail(err instanceof Error ? err.message : String(err));
        }
      },
    };
  }

  callback(query: URLSearchParams): CallbackOutcome {
    return this.flows.complete(query);
  }

  pending(sessionId: string): PendingAuthorization[] {
    return this.flows.list(sessionId).map((p) => ({ flow: p.flow, authorizationUrl: p.authorizationUrl, redirectUri: p.redirectUri, startedAt: p.startedAt }));
  }

  /** Ends a session's waiting flows (it stopped, or the person gave up). */
  cancel(sessionId: string, reason?: string): number {
    return this.flows.cancel(sessionId, undefined, reason);
  }

  dropSession(sessionId: string): void {
    this.cancel(sessionId, 'the session stopped');
    this.memory.delete(sessionId);
  }

  tokens(): OAuthTokenSummary[] {
    return this.file.list().map(summarize);
  }

  forget(serverUrl: string, profileId?: string): boolean {
    return this.file.forget(serverUrl, profileId);
  }
}
