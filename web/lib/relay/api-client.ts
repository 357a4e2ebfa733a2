// Typed calls to the relay's HTTP API, with the bearer token and its error envelope turned into ApiError.
import type { CreateSessionBody, FrameRecord, RelayConfig, SessionInfo } from '../../../shared/relay-protocol.js';
import type { OAuthTokenSummary, PendingAuthorization } from '../../../shared/oauth/token-summary.js';
import { RecipeReviewSchema, type RecipeReview } from '../../../shared/trust/recipe-review.js';

/** A failure reported by the relay (`code` from RELAY_ERROR_CODES) or, with code NETWORK, by the browser. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** With RECIPE_UNCONFIRMED: the recipe to show a person before it may run. */
    readonly review?: RecipeReview,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The ApiError for a relay's error envelope (or a body that is not one). */
export function errorFromBody(status: number, statusText: string, payload: unknown): ApiError {
  const error = (payload as { error?: { code?: unknown; message?: unknown; review?: unknown } } | undefined)?.error;
  const code = typeof error?.code === 'string' ? error.code : `HTTP_${status}`;
  const review = RecipeReviewSchema.safeParse(error?.review);
  return new ApiError(status, code, typeof error?.message === 'string' ? error.message : statusText, review.success ? review.data : undefined);
}

export type ApiClient = ReturnType<typeof createApiClient>;

export function createApiClient(token: string, onUnauthorized: () => void) {
  async function call<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    let res: Response;
    try {
      res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    } catch (err) {
      throw new ApiError(0, 'NETWORK', `relay unreachable: ${err instanceof Error ? err.message : String(err)}`);
    }
    const payload: unknown = await res.json().catch(() => undefined);
    if (res.ok) return payload as T;
    if (res.status === 401) onUnauthorized();
    throw errorFromBody(res.status, res.statusText, payload);
  }

  const session = (id: string) => `/api/sessions/${encodeURIComponent(id)}`;

  return {
    config: () => call<RelayConfig>('GET', '/api/config'),
    sessions: () => call<SessionInfo[]>('GET', '/api/sessions'),
    session: (id: string) => call<SessionInfo>('GET', session(id)),
    createSession: (body: CreateSessionBody) => call<SessionInfo>('POST', '/api/sessions', body),
    /** True when this tab won the right to perform the handshake; false when another tab or load already has it. */
    claimHandshake: async (id: string): Promise<boolean> => {
      try {
        await call<{ claimed: boolean }>('POST', `${session(id)}/claim-handshake`);
        return true;
      } catch (err) {
        if (err instanceof ApiError && err.status === 409) return false;
        throw err;
      }
    },
    restart: (id: string) => call<SessionInfo>('POST', `${session(id)}/restart`),
    stop: (id: string) => call<SessionInfo>('POST', `${session(id)}/stop`),
    /** Stored OAuth credentials, masked; forget drops one server's client and tokens. */
    oauthTokens: () => call<OAuthTokenSummary[]>('GET', '/api/oauth/tokens'),
    forgetTokens: (serverUrl: string) => call<{ forgotten: boolean }>('DELETE', `/api/oauth/tokens?server=${encodeURIComponent(serverUrl)}`),
    /** The session's authorizations waiting for a person, with the URL to open. */
    oauthPending: (id: string) => call<PendingAuthorization[]>('GET', `${session(id)}/oauth/pending`),
    cancelOAuth: (id: string) => call<{ cancelled: number }>('POST', `${session(id)}/oauth/cancel`),
    frames: (id: string, afterSeq = 0, limit = 500) =>
      call<{ frames: FrameRecord[] }>('GET', `${session(id)}/frames?afterSeq=${afterSeq}&limit=${limit}`),
  };
}
