// Authorization flows waiting for the redirect back to mcpscope's callback, found by their `state`.
// Threat model: the callback URL is public by nature (any page can navigate the person's browser to it, and it
// cannot carry the relay's API token), so the only thing tying a redirect to a flow is `state`: 256 random bits,
// bound to one pending flow, used once (the first redirect that names it, right or wrong, ends the wait), and
// forgotten after a deadline. A redirect with an unknown state changes nothing and learns nothing (the page says
// the same for every miss). Codes never reach a log: the flow's recorded exchanges mask them.
import type { CallbackParams } from './oauth-flow.js';

/** How long a person has to approve before the flow gives up. */
const APPROVAL_TIMEOUT_MS = 10 * 60_000;

export interface PendingFlow {
  state: string;
  /** The full authorization URL (state included): only for the token-holding page, never recorded. */
  authorizationUrl: string;
  redirectUri: string;
  /** Who started it: a relay session id, or empty for the CLI. */
  owner: string;
  flow: string;
  startedAt: number;
}

interface Entry extends PendingFlow {
  resolve(p: CallbackParams): void;
  reject(err: Error): void;
  timer: NodeJS.Timeout;
}

export interface CallbackOutcome {
  status: number;
  ok: boolean;
  message: string;
}

export class PendingFlows {
  private readonly byState = new Map<string, Entry>();

  /** Waits for the redirect that carries `p.state`; rejects after `timeoutMs` or when cancelled. */
  wait(p: Omit<PendingFlow, 'startedAt'>, timeoutMs = APPROVAL_TIMEOUT_MS): Promise<CallbackParams> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.byState.delete(p.state);
        reject(new Error(`no redirect came back within ${Math.round(timeoutMs / 1000)} s: the authorization was not completed`));
      }, timeoutMs);
      timer.unref?.();
      this.byState.set(p.state, { ...p, startedAt: Date.now(), resolve, reject, timer });
    });
  }

  /** The redirect arrived: settles the flow whose state it names, once. */
  complete(query: URLSearchParams): CallbackOutcome {
    const state = query.get('state');
    const entry = state === null ? undefined : this.byState.get(state);
    if (!entry)
      return {
        status: 400,
        ok: false,
        message: 'This redirect does not belong to an authorization mcpscope is waiting for (unknown, used or expired state). Start the connection again.',
      };
    this.byState.delete(entry.state);
    clearTimeout(entry.timer);
    const params: CallbackParams = {};
    for (const k of ['code', 'state', 'iss', 'error', 'error_description'] as const) {
      const v = query.get(k);
      if (v !== null) params[k] = v;
    }
    entry.resolve(params);
    if (params.error)
      return {
        status: 200,
        ok: false,
        message: `The authorization server refused: ${params.error}${params.error_description ? ` (${params.error_description})` : ''}. mcpscope shows the details.`,
      };
    return { status: 200, ok: true, message: 'mcpscope received the authorization. You can close this tab.' };
  }

  /** Ends every flow of `owner` (a stopped session), or one flow. */
  cancel(owner: string, flow?: string, reason = 'the authorization was cancelled'): number {
    let n = 0;
    for (const e of [...this.byState.values()]) {
      if (e.owner !== owner || (flow !== undefined && e.flow !== flow)) continue;
      this.byState.delete(e.state);
      clearTimeout(e.timer);
      e.reject(new Error(reason));
      n++;
    }
    return n;
  }

  list(owner: string): PendingFlow[] {
    return [...this.byState.values()]
      .filter((e) => e.owner === owner)
      .map(({ state, authorizationUrl, redirectUri, owner: o, flow, startedAt }) => ({ state, authorizationUrl, redirectUri, owner: o, flow, startedAt }));
  }
}
