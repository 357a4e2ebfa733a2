// Checks the HTTP exchanges around MCP authorization: 401 challenges, OAuth metadata documents, token responses,
// tokens in URLs and redirect URIs. Reads any recorded exchange (mcpscope's own flow tags its steps; a transcript
// from elsewhere is recognized by its well-known paths and parameters).
import { isPlainObject } from '../jsonrpc.js';
import type { FrameRecord } from '../relay-protocol.js';
import { BoundedMap } from './bounded-map.js';
import type { LintContext } from './lint-context.js';

interface Seen {
  id: string;
  url: string;
  method: string;
  body: string | null;
  step: string | null;
  status: number;
  headers: Map<string, string>;
  responseBody: string;
}

/** `x`: the exchange record's parsed text (undefined when it is not JSON). */
function read(x: unknown): Seen | null {
  if (!isPlainObject(x) || typeof x.id !== 'string' || !isPlainObject(x.request) || !isPlainObject(x.response) || x.state === 'open') return null;
  const { request: q, response: r } = x;
  if (typeof r.status !== 'number' || typeof q.url !== 'string') return null;
  const headers = new Map<string, string>();
  if (Array.isArray(r.headers)) for (const l of r.headers) if (Array.isArray(l) && typeof l[0] === 'string') headers.set(l[0].toLowerCase(), String(l[1]));
  return {
    id: x.id,
    url: q.url,
    method: String(q.method),
    body: typeof q.body === 'string' ? q.body : null,
    step: typeof x.authStep === 'string' ? x.authStep : null,
    status: r.status,
    headers,
    responseBody: typeof r.body === 'string' ? r.body : '',
  };
}

function json(text: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(text);
    return isPlainObject(v) ? v : null;
  } catch {
    return null;
  }
}

/** The query parameters of a URL string, without a URL class (shared/ has none). */
function query(url: string): Map<string, string> {
  const m = new Map<string, string>();
  const q = /\?([^#]*)/.exec(url)?.[1];
  if (!q) return m;
  for (const part of q.split('&')) {
    const at = part.indexOf('=');
    const k = at === -1 ? part : part.slice(0, at);
    let v = at === -1 ? '' : part.slice(at + 1);
    try {
      v = decodeURIComponent(v.replace(/\+/g, ' '));
    } catch {
      // a malformed escape is kept as written
    }
    m.set(k, v);
  }
  return m;
}

const path = (url: string) => /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*([^?#]*)/i.exec(url)?.[1] ?? '';
const origin = (url: string) => /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(url)?.[0] ?? '';
/** A URL without its query and fragment: how an endpoint in metadata is matched against a request. */
const endpoint = (url: string) => url.replace(/[?#].*$/, '');

const WELL_KNOWN = /\/\.well-known\/(oauth-authorization-server|openid-configuration)(?=\/|$)/;

/**
 * The issuer a metadata URL was built from (RFC 8414 §3.1 inserts the well-known segment between host and path;
 * OpenID Discovery appends it): the URL with the segment taken out. Null when the path has no such segment.
 */
function issuerOfMetadataUrl(url: string): string | null {
  const p = path(url);
  const m = WELL_KNOWN.exec(p);
  if (!m) return null;
  return origin(url) + p.slice(0, m.index) + p.slice(m.index + m[0].length);
}

/** What one authorization server's metadata said about iss, keyed by its authorization endpoint. */
interface IssPromise {
  issuer: string;
  advertised: boolean;
}

function isLoopbackOrHttps(uri: string): boolean {
  return /^https:\/\//i.test(uri) || /^http:\/\/(localhost|127(\.\d{1,3}){3}|\[::1\])(:\d+)?(\/|$)/i.test(uri);
}

export class AuthChecks {
  private readonly judged: BoundedMap<string, true>;
  /** Authorization endpoint → its metadata's issuer and iss flag, so the redirect it answers with can be judged. */
  private readonly servers: BoundedMap<string, IssPromise>;

  constructor(historyLimit: number) {
    this.judged = new BoundedMap(historyLimit);
    this.servers = new BoundedMap(historyLimit);
  }

  /**
   * RFC 9207 on an authorization response: a redirect from an authorization endpoint whose metadata was seen, back to
   * the client with a code or an error. The Location is read as recorded (code and state are masked there, iss is not).
   */
  private judgeIss(ctx: LintContext, x: Seen, at: number): void {
    if (x.status < 300 || x.status >= 400) return;
    const promise = this.servers.get(endpoint(x.url));
    const location = x.headers.get('location');
    if (!promise || location === undefined) return;
    const back = query(location);
    if (!back.has('code') && !back.has('error')) return;
    const iss = back.get('iss');
    const where = `The authorization response from ${endpoint(x.url)} (${x.status} to ${endpoint(location)})`;
    if (iss === undefined) {
      if (promise.advertised)
        ctx.emit('auth/iss-missing', at, `${where} carries no iss, though the metadata sets authorization_response_iss_parameter_supported.`, []);
      return;
    }
    if (!promise.advertised)
      ctx.emit(
        'auth/iss-not-advertised',
        at,
        `${where} carries iss, but the metadata of ${promise.issuer} does not set authorization_response_iss_parameter_supported to true.`,
        [],
      );
    if (iss !== promise.issuer)
      ctx.emit('auth/iss-mismatch', at, `${where} carries iss ${JSON.stringify(iss)}; the metadata's issuer is ${JSON.stringify(promise.issuer)}.`, []);
  }

  /** `value`: the frame's text as the linter's caller parsed it (undefined when it is not JSON). */
  onExchange(ctx: LintContext, frame: FrameRecord, value: unknown): void {
    const x = read(value);
    if (!x || this.judged.has(x.id)) return;
    this.judged.set(x.id, true);
    const at = frame.seq;
    const p = path(x.url);

    if (x.status === 401 && !x.headers.has('www-authenticate'))
      ctx.emit('auth/401-without-challenge', at, `${x.method} ${p || x.url} was answered 401 with no WWW-Authenticate header.`, []);

    const q = query(x.url);
    if (q.has('access_token')) ctx.emit('auth/token-in-query', at, `${x.method} ${p} carries access_token in its query string.`, []);

    const redirect = q.get('redirect_uri');
    if (q.get('response_type') === 'code' && redirect !== undefined && !isLoopbackOrHttps(redirect))
      ctx.emit('auth/redirect-uri-insecure', at, `The authorization request names redirect_uri ${redirect}.`, []);
    if (x.method === 'POST' && (x.step === 'client' || /\/register$/.test(p)) && x.body) {
      const uris = json(x.body)?.redirect_uris;
      const bad = Array.isArray(uris) ? uris.filter((u): u is string => typeof u === 'string' && !isLoopbackOrHttps(u)) : [];
      if (bad.length) ctx.emit('auth/redirect-uri-insecure', at, `The client registration asks for redirect_uris ${bad.join(', ')}.`, []);
    }

    this.judgeIss(ctx, x, at);
    if (x.status < 200 || x.status >= 300) return;
    const doc = json(x.responseBody);
    if (!doc) return;
    const prm = p.includes('/.well-known/oauth-protected-resource') || (x.step === 'resource-metadata' && x.method === 'GET');
    const asm =
      p.includes('/.well-known/oauth-authorization-server') ||
      p.includes('/.well-known/openid-configuration') ||
      (x.step === 'server-metadata' && x.method === 'GET');
    if (prm) {
      const missing = [
        typeof doc.resource !== 'string' && 'resource',
        !(Array.isArray(doc.authorization_servers) && doc.authorization_servers.length > 0) && 'authorization_servers',
      ].filter(Boolean);
      if (missing.length) ctx.emit('auth/resource-metadata-fields', at, `The protected resource metadata at ${p} lacks ${missing.join(' and ')}.`, []);
    } else if (asm) {
      const oidc = p.includes('/.well-known/openid-configuration');
      const missing = ['issuer', 'authorization_endpoint', 'token_endpoint'].filter((k) => typeof doc[k] !== 'string');
      const expected = issuerOfMetadataUrl(x.url);
      // "https://as.example/" and "https://as.example" build the same well-known URL (RFC 8414 §3.1 drops the slash).
      if (typeof doc.issuer === 'string' && expected !== null && doc.issuer !== expected && doc.issuer !== `${expected}/`)
        ctx.emit(
          'auth/metadata-issuer-mismatch',
          at,
          `The metadata at ${p} says its issuer is ${JSON.stringify(doc.issuer)}; the URL was built from ${JSON.stringify(expected)}.`,
          [],
        );
      if (typeof doc.issuer === 'string' && typeof doc.authorization_endpoint === 'string')
        this.servers.set(endpoint(doc.authorization_endpoint), {
          issuer: doc.issuer,
          advertised: doc.authorization_response_iss_parameter_supported === true,
        });
      if (!Array.isArray(doc.response_types_supported)) missing.push('response_types_supported');
      if (missing.length) ctx.emit('auth/server-metadata-fields', at, `The authorization server metadata at ${p} lacks ${missing.join(', ')}.`, []);
      const methods = doc.code_challenge_methods_supported;
      // Absent: MCP binds an OpenID provider (MUST), RFC 9700 an RFC 8414 one (RECOMMENDED); listed without S256: RFC 7636.
      if (methods === undefined) {
        ctx.emit(
          oidc ? 'auth/oidc-pkce-methods-missing' : 'auth/pkce-methods-missing',
          at,
          `The ${oidc ? 'OpenID provider' : 'authorization server'} metadata at ${p} has no code_challenge_methods_supported; MCP clients refuse to proceed without it.`,
          [],
        );
      } else if (!Array.isArray(methods) || !methods.includes('S256')) {
        ctx.emit('auth/pkce-s256-missing', at, `code_challenge_methods_supported is ${JSON.stringify(methods)}: no S256, which MCP clients must use.`, []);
      }
    }
    const tokenStep = x.step === 'token' || x.step === 'refresh' || (x.method === 'POST' && x.body !== null && /(^|&)grant_type=/.test(x.body));
    if (tokenStep) {
      const missing = ['access_token', 'token_type'].filter((k) => typeof doc[k] !== 'string');
      if (missing.length) ctx.emit('auth/token-response-fields', at, `The token response (${x.status}) lacks ${missing.join(' and ')}.`, []);
    }
  }
}
