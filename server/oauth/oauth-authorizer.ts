// Puts OAuth under one connection: the Bearer header for every request, and on a 401 (or a 403 insufficient_scope)
// one flow at a time, then the request again. Limits keep a server that never accepts from looping the person.
import type { HttpExchangeRecord } from '../../shared/http-exchange.js';
import type { OAuthConfig } from '../../shared/oauth/auth-config.js';
import type { AuthStepEvent } from '../../shared/oauth/auth-steps.js';
import { bearerChallenge } from '../../shared/oauth/www-authenticate.js';
import type { AuthChallenge } from './discovery.js';
import { AuthFlowError, FlowStep } from './flow-steps.js';
import { OAuthFlow, union, type AuthorizationRequest, type CallbackParams } from './oauth-flow.js';
import { RecordingFetch } from './recording-fetch.js';
import { credentialsFor, type TokenStore } from './token-store.js';

/** What hosts the flow: the CLI (loopback listener, system browser) or the relay (its own callback, the web page). */
export interface OAuthHost {
  store(config: OAuthConfig): TokenStore;
  redirectUri(config: OAuthConfig): Promise<string>;
  authorize(req: AuthorizationRequest, config: OAuthConfig, fetch: RecordingFetch): Promise<CallbackParams>;
}

export interface AuthSink {
  event(e: AuthStepEvent | { event: 'error'; message: string; code?: string; exchange?: string } | { event: 'warning'; message: string; code?: string }): void;
  exchange(x: HttpExchangeRecord): void;
}

/** Per request: how many flows it caused. One per 401, one step-up per 403; beyond that the answer stands. */
export interface AuthAttempt {
  flows: number;
  stepUps: number;
}

export class OAuthAuthorizer {
  private sink: AuthSink | null = null;
  private readonly store: TokenStore;
  private readonly recording: RecordingFetch;
  private readonly flow: OAuthFlow;
  private current: FlowStep | null = null;
  private running: Promise<boolean> | null = null;
  private next = 0;
  /** Scope asked for on this connection, so a step-up adds to it. */
  private scope: string | undefined;

  constructor(
    readonly serverUrl: string,
    readonly config: OAuthConfig,
    private readonly host: OAuthHost,
    exchangeScope = '',
  ) {
    this.store = host.store(config);
    this.recording = new RecordingFetch({
      record: (x) => this.sink?.exchange(x),
      nextId: () => `${exchangeScope}a${++this.next}`,
      tag: () => ({ flow: this.current?.flow ?? '', step: this.current?.name ?? '' }),
      onExchange: (id) => this.current?.exchanges.push(id),
    });
    this.flow = new OAuthFlow(
      {
        serverUrl,
        config,
        store: this.store,
        fetch: this.recording.fetch,
        enter: (s) => (this.current = s),
        emit: (e) => this.sink?.event(e),
        redirectUri: () => host.redirectUri(config),
        authorize: (req) => host.authorize(req, config, this.recording),
      },
      exchangeScope,
    );
  }

  attach(sink: AuthSink): void {
    this.sink = sink;
  }

  /** The Authorization header to send, from the tokens stored for this server (null before any flow). */
  header(): string | null {
    const t = credentialsFor(this.store, this.serverUrl, this.config)?.tokens;
    return t ? `Bearer ${t.access_token}` : null;
  }

  /**
   * Called with a 401 or 403; true when the request should be sent again (with the new header). `sent` is the
   * Authorization the refused request carried: if another request has changed it since, just retry.
   */
  async challenge(c: AuthChallenge, sent: string | null, attempt: AuthAttempt): Promise<boolean> {
    const params = bearerChallenge(c.wwwAuthenticate);
    const stepUp = c.status === 403 && params?.error === 'insufficient_scope';
    if (c.status === 403 && !stepUp) return false;
    if (this.running) return this.running;
    if (sent !== this.header() && this.header() !== null && attempt.flows === 0) {
      attempt.flows++;
      return true;
    }
    if (stepUp ? attempt.stepUps >= 1 : attempt.flows >= 1) {
      const why = stepUp
        ? `The server still answers 403 insufficient_scope after a step-up authorization${params?.scope ? ` (it asks for ${params.scope})` : ''}: not asking again, to avoid an authorization loop.`
        : 'The server refused the token it just got (401 again): not asking again.';
      this.sink?.event({ event: 'error', code: 'AUTH_FAILED', message: why, ...(c.exchange ? { exchange: c.exchange } : {}) });
      return false;
    }
    if (stepUp) attempt.stepUps++;
    else attempt.flows++;
    this.running = this.runFlow(c, stepUp).finally(() => (this.running = null));
    return this.running;
  }

  private async runFlow(c: AuthChallenge, stepUp: boolean): Promise<boolean> {
    try {
      const creds = await this.flow.run(c, { allowRefresh: !stepUp, ...(this.scope ? { previousScope: this.scope } : {}) });
      this.scope = union(this.flow.lastScope, creds.tokens?.scope);
      const retry = new FlowStep(this.current?.flow ?? '', 'retry', (e) => this.sink?.event(e));
      this.current = null;
      retry.ok('Sending the refused request again with Authorization: Bearer (the token is masked in the record).');
      return true;
    } catch (err) {
      this.current = null;
      const message =
        err instanceof AuthFlowError
          ? `authorization failed at the ${err.step} step: ${err.message}`
          : `authorization failed: ${err instanceof Error ? err.message : String(err)}`;
      this.sink?.event({ event: 'error', code: 'AUTH_FAILED', message, ...(c.exchange ? { exchange: c.exchange } : {}) });
      return false;
    }
  }

  /** Forgets this server's client and tokens. */
  forget(): boolean {
    return this.store.forget(this.serverUrl);
  }

  destroy(): void {
    this.recording.destroy();
  }
}
