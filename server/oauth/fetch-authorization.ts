// `--oauth-open fetch`: mcpscope requests the authorization URL itself and takes the code from the redirect, for
// authorization servers that approve without a person (test servers, the conformance suite's mocks).
import type { AuthorizationRequest, CallbackParams } from './oauth-flow.js';
import type { FlowStep } from './flow-steps.js';
import type { FetchLike } from './recording-fetch.js';

const MAX_HOPS = 5;

/** The redirect's parameters if `location` points at the redirect URI (same origin and path), else null. */
function callbackParams(location: URL, redirectUri: string): CallbackParams | null {
  const r = new URL(redirectUri);
  if (location.origin !== r.origin || location.pathname !== r.pathname) return null;
  const p = location.searchParams;
  const out: CallbackParams = {};
  for (const k of ['code', 'state', 'iss', 'error', 'error_description'] as const) {
    const v = p.get(k);
    if (v !== null) out[k] = v;
  }
  return out;
}

/** An OAuth error body as `error: description`, else the start of whatever the body says. */
async function refusal(res: Response): Promise<string> {
  const text = await res.text().catch(() => '');
  try {
    const e = JSON.parse(text) as { error?: unknown; error_description?: unknown };
    if (typeof e.error === 'string') return typeof e.error_description === 'string' ? `${e.error}: ${e.error_description}` : e.error;
  } catch {
    // not JSON
  }
  return text.trim().slice(0, 200) || 'no body';
}

export async function fetchAuthorization(req: AuthorizationRequest, fetch: FetchLike): Promise<CallbackParams> {
  const step: FlowStep = req.step;
  step.waiting('Requesting the authorization URL directly (--oauth-open fetch): no person is asked.');
  let url = req.url;
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    let res: Response;
    try {
      res = await fetch(url, { redirect: 'manual', headers: { Accept: 'text/html,application/json' } });
    } catch (err) {
      step.fail(`The authorization endpoint could not be reached: ${err instanceof Error ? err.message : String(err)}`);
    }
    const location = res.headers.get('location');
    if (res.status >= 400) step.fail(`The authorization endpoint refused the request (${res.status}): ${await refusal(res)}`);
    if (res.status < 300 || !location) {
      step.fail(
        `The authorization endpoint answered ${res.status} without redirecting back: it wants a person to sign in or approve. Use --oauth-open browser (or print) instead of fetch.`,
      );
    }
    const next = new URL(location, url);
    const params = callbackParams(next, req.redirectUri);
    if (params) return params;
    if (next.origin !== req.url.origin)
      step.fail(
        `The authorization endpoint redirected to another site (${next.origin}), not back to the redirect URI: a person is needed there. Use --oauth-open browser (or print).`,
      );
    url = next;
  }
  step.fail(`More than ${MAX_HOPS} redirects without coming back to the redirect URI.`);
}
