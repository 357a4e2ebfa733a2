// The OAuth host of `mcpscope call` (and of the relay's own CLI launch): tokens in the data directory, the redirect
// URI on a loopback listener, and the authorization URL opened in the system browser, printed, or fetched.
import type { OAuthConfig } from '../../shared/oauth/auth-config.js';
import { fetchAuthorization } from './fetch-authorization.js';
import { LoopbackCallback } from './loopback-callback.js';
import type { OAuthHost } from './oauth-authorizer.js';
import type { AuthorizationRequest, CallbackParams } from './oauth-flow.js';
import { PendingFlows } from './pending-flows.js';
import type { RecordingFetch } from './recording-fetch.js';
import { FileTokenStore, MemoryTokenStore, type TokenStore } from './token-store.js';

export interface CliOAuthHostOptions {
  dataDir: string;
  /** Where the person reads the authorization URL (stderr). */
  print(text: string): void;
  openBrowser(url: string): void;
}

export class CliOAuthHost implements OAuthHost {
  private readonly flows = new PendingFlows();
  private readonly loopback = new LoopbackCallback(this.flows);

  constructor(private readonly opts: CliOAuthHostOptions) {}

  store(config: OAuthConfig): TokenStore {
    return config.tokenCache === false ? new MemoryTokenStore() : new FileTokenStore(this.opts.dataDir);
  }

  redirectUri(config: OAuthConfig): Promise<string> {
    return this.loopback.start(config.callbackPort);
  }

  async authorize(req: AuthorizationRequest, config: OAuthConfig, recording: RecordingFetch): Promise<CallbackParams> {
    const mode = config.open ?? 'browser';
    if (mode === 'fetch') return fetchAuthorization(req, recording.fetch);
    const wait = this.flows.wait({ state: req.state, authorizationUrl: req.url.href, redirectUri: req.redirectUri, owner: '', flow: req.flow });
    this.opts.print(
      `mcpscope: to authorize, open this URL in a browser:\n  ${req.url.href}\nmcpscope: waiting for the redirect to ${req.redirectUri} (Ctrl-C to give up)\n`,
    );
    if (mode === 'browser') this.opts.openBrowser(req.url.href);
    req.step.waiting(
      mode === 'browser'
        ? 'The authorization URL was opened in the system browser (and printed); waiting for the redirect.'
        : 'The authorization URL was printed; waiting for the redirect.',
    );
    try {
      return await wait;
    } catch (err) {
      req.step.fail(err instanceof Error ? err.message : String(err));
    }
  }

  close(): void {
    this.flows.cancel('', undefined, 'mcpscope is stopping');
    this.loopback.close();
  }
}
