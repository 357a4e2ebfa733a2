// Reads a non-stream HTTP body for what it says about the requests its POST carried: JSON-RPC or not (an OAuth
// error body is not), an error whose null id still answers them, and how to name a refusal that holds no JSON-RPC.
import { classifyText, classifyValue, idKey, isPlainObject, parseJson } from '../../shared/jsonrpc.js';
import type { HttpResponse } from './http-request.js';

/**
 * True for a body that is a JSON-RPC message. `{"error": "invalid_token", "error_description": …}` (RFC 6750, OAuth
 * and many REST APIs) has an `error` member too, but a string one and no `jsonrpc`: that is an HTTP error body.
 */
export function isJsonRpcBody(text: string): boolean {
  const c = classifyText(text);
  if (c.kind === 'noise' || c.kind === 'invalid') return false;
  if (c.kind === 'error' && isPlainObject(c.value) && !('jsonrpc' in c.value) && !isPlainObject(c.value.error)) return false;
  return true;
}

/** True when the body answers none of `requestIds` by id but holds an error without a usable id: then it answers them. */
export function answersWithoutId(text: string, requestIds: readonly string[]): boolean {
  const parsed = parseJson(text);
  if (!parsed.ok) return false;
  const items = Array.isArray(parsed.value) ? parsed.value : [parsed.value];
  let anonymous = false;
  for (const item of items) {
    const c = classifyValue(item);
    if (c.kind !== 'response' && c.kind !== 'error') continue;
    const key = c.hasId ? idKey(c.id) : null;
    if (key !== null && requestIds.includes(key)) return false;
    if (key === null && c.kind === 'error') anonymous = true;
  }
  return anonymous;
}

/** `invalid_token: The access token expired`, from an RFC 6750 JSON body, or null. */
function oauthError(text: string): string | null {
  const parsed = parseJson(text);
  const v = parsed.ok && isPlainObject(parsed.value) ? parsed.value : null;
  if (!v || typeof v.error !== 'string') return null;
  return typeof v.error_description === 'string' ? `${v.error}: ${v.error_description}` : v.error;
}

/** What a refusal that holds no JSON-RPC means, with the challenge a 401 or 403 carries. */
export function refusalMessage(res: HttpResponse, what: string, summary: string, text: string): string {
  const status = `${res.status} ${res.statusText}`.trim();
  const challenge = res.header('www-authenticate');
  const oauth = oauthError(text);
  if (res.status === 401 || (res.status === 403 && challenge)) {
    const why = res.status === 401 ? 'the server requires authorization' : 'the server refused the credentials (insufficient scope?)';
    return `${what} → ${status}: ${why}${challenge ? ` (WWW-Authenticate: ${challenge})` : ''}${oauth ? `; ${oauth}` : ''}`;
  }
  return `${what} → ${status}: ${summary}`;
}
