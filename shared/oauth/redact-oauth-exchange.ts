// Masks the secrets of an OAuth exchange before it is recorded. Threat: access, refresh and ID tokens, authorization
// codes, PKCE verifiers, client secrets and assertions, and the flow's state reaching SQLite, a bundle, a HAR or curl
// export or a shared screen. They hide in more than query strings and JSON: an authorization server's redirect page
// repeats the code in a link (`&amp;code=`), a meta refresh, a form_post form, escaped JSON in an attribute. So every
// URL, header and body is searched for every shape, whatever its content type says. Names and shapes stay visible (the
// debugger and the lint need to see that a token was there), values do not; masking too much is the safe mistake.
import type { HttpExchange } from '../http-exchange.js';
import { HEADER_MASK } from '../masked-header-problem.js';

/** Parameters and JSON members whose values are credentials, one-time secrets or bound to a pending flow. */
const OAUTH_SECRET_NAMES = [
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

const NAMES = `(?:${OAUTH_SECRET_NAMES.join('|')})`;
const M = HEADER_MASK;

/**
 * name=value in a query, a fragment, a form body, a Location or an HTML attribute. The name starts after anything that
 * cannot be part of one (so `&amp;code=` and `;url=…?code=` count, `authcode=` does not) or after an encoded `&` / `?`
 * (`%26`, `%3F`, `\u0026`); `=` may be encoded too. The value ends where a URL, an attribute, a JSON string or a cookie (`; `) would.
 */
const PAIR = new RegExp(`(^|[^A-Za-z0-9_.~$-]|%26|%3F|\\\\u0026)(${NAMES})(=|%3D)((?:(?!%26|%23|\\\\u0026|;\\s)[^&#"'<>\\s\\\\])*)`, 'gi');

/** The quotes a JSON member can be written in: plain, single, escaped inside a JSON string, HTML-escaped. */
const QUOTES: ReadonlyArray<readonly [key: string, value: string]> = [
  ['"', '"(?:[^"\\\\]|\\\\.)*"'],
  ["'", "'(?:[^'\\\\]|\\\\.)*'"],
  ['\\\\"', '\\\\"(?:(?!\\\\").)*?\\\\"'],
  ['&quot;', '&quot;(?:(?!&quot;).)*?&quot;'],
  ['&#0*34;', '&#0*34;(?:(?!&#0*34;).)*?&#0*34;'],
  ['&#x0*22;', '&#x0*22;(?:(?!&#x0*22;).)*?&#x0*22;'],
];
const NUMBER = '-?\\d[\\d.eE+-]*';
/** "name": "value" (or a number), in each quoting; the masked value is written in the key's quotes. */
const MEMBERS = QUOTES.map(([k, v]) => new RegExp(`(${k})(${NAMES})(?:${k})(\\s*:\\s*)(?:${v}|${NUMBER})`, 'gi'));
/** name: "value" with a bare key, as a script in a page writes it. */
const BARE_MEMBER = new RegExp(`(^|[^A-Za-z0-9_$.-])(${NAMES})(\\s*:\\s*)("(?:[^"\\\\]|\\\\.)*"|'(?:[^'\\\\]|\\\\.)*')`, 'g');
/** A form field (response_mode=form_post posts the code and state this way). */
const INPUT = /<input\b[^>]*>/gi;
const SECRET_FIELD = new RegExp(`\\bname\\s*=\\s*(["']?)${NAMES}\\1(?=[\\s/>]|$)`, 'i');
const VALUE_ATTR = /(\bvalue\s*=\s*)("[^"]*"|'[^']*'|[^\s>]+)/i;

export function maskParams(text: string): string {
  return text.replace(PAIR, (_m, lead: string, name: string, eq: string, value: string) => `${lead}${name}${eq}${value === '' ? '' : M}`);
}

function maskJsonMembers(text: string): string {
  let out = text;
  for (const re of MEMBERS) out = out.replace(re, (_m, q: string, name: string, sep: string) => `${q}${name}${q}${sep}${q}${M}${q}`);
  return out.replace(BARE_MEMBER, (_m, lead: string, name: string, sep: string, value: string) => `${lead}${name}${sep}${value[0]}${M}${value[0]}`);
}

function maskFormFields(text: string): string {
  return text.replace(INPUT, (tag) => (SECRET_FIELD.test(tag) ? tag.replace(VALUE_ATTR, `$1"${M}"`) : tag));
}

/** A body of any kind (JSON, form, HTML, text): every shape is looked for, since a content type can lie. */
export function maskBody(text: string): string {
  return maskParams(maskJsonMembers(maskFormFields(text)));
}

const maskHeaders = (lines: Array<[string, string]>): Array<[string, string]> => lines.map(([k, v]) => [k, maskParams(v)]);

/** The exchange with every OAuth secret in its URL, headers, bodies and events masked (a new object). */
export function redactOAuthExchange(x: HttpExchange): HttpExchange {
  const request = { ...x.request, url: maskParams(x.request.url), headers: maskHeaders(x.request.headers) };
  if (request.body !== undefined) request.body = maskBody(request.body);
  const r = x.response;
  const response = r && {
    ...r,
    headers: maskHeaders(r.headers),
    body: maskBody(r.body),
    ...(r.events ? { events: r.events.map((e) => (e.data === undefined ? e : { ...e, data: maskBody(e.data) })) } : {}),
  };
  return { ...x, request, response };
}
