// Masks the secrets of an OAuth exchange before it is recorded. Threat: access and refresh tokens, authorization
// codes, PKCE verifiers, client secrets and the flow's state reaching SQLite, a bundle or a shared screen. Names and
// shapes stay visible (the debugger and the lint need to see that a token was there), values do not.
import type { HttpExchange } from '../http-exchange.js';
import { HEADER_MASK } from '../masked-header-problem.js';

/** Parameters and JSON members whose values are credentials, one-time secrets or bound to a pending flow. */
export const OAUTH_SECRET_NAMES = [
  'access_token',
  'refresh_token',
  'id_token',
  'code',
  'code_verifier',
  'client_secret',
  'client_assertion',
  'assertion',
  'subject_token',
  'actor_token',
  'registration_access_token',
  'password',
  'state',
] as const;

const NAMES = OAUTH_SECRET_NAMES.join('|');
/** name=value in a query string or a form body. */
const PAIR = new RegExp(`(^|[?&#])(${NAMES})=([^&#]*)`, 'g');
/** "name": "value" in JSON (the value a string). */
const JSON_MEMBER = new RegExp(`("(?:${NAMES})"\\s*:\\s*)"(?:[^"\\\\]|\\\\.)*"`, 'g');

export function maskParams(text: string): string {
  return text.replace(PAIR, (_m, lead: string, name: string, value: string) => (value === '' ? `${lead}${name}=` : `${lead}${name}=${HEADER_MASK}`));
}

export function maskJsonMembers(text: string): string {
  return text.replace(JSON_MEMBER, `$1"${HEADER_MASK}"`);
}

/** A body, whichever of the two shapes it has; anything else passes through the JSON masking only. */
export function maskBody(text: string): string {
  const t = text.trimStart();
  if (t.startsWith('{') || t.startsWith('[')) return maskJsonMembers(text);
  return maskParams(maskJsonMembers(text));
}

/** The exchange with every OAuth secret in its URL, bodies and redirect Location masked (a new object). */
export function redactOAuthExchange(x: HttpExchange): HttpExchange {
  const request = { ...x.request, url: maskParams(x.request.url) };
  if (request.body !== undefined) request.body = maskBody(request.body);
  const r = x.response;
  const response = r && {
    ...r,
    headers: r.headers.map(([k, v]): [string, string] => (k.toLowerCase() === 'location' ? [k, maskParams(v)] : [k, v])),
    body: maskBody(r.body),
  };
  return { ...x, request, response };
}
