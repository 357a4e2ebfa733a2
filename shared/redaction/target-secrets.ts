// The one place that decides which parts of a target recipe are secret, and replaces each with what the output at hand
// needs: [REDACTED] in bundles and scripts, •••• in what the relay stores and shows, the placeholder in the profile API,
// a client's own variable in an exported mcp.json.
// Threat: a credential typed into a recipe (`--password V`, `--token=V`, an `sk-…` argument, `API_KEY=V`, a marked env
// var, `Authorization: Bearer V`, `https://user:V@host`, `?api_key=V`) leaving the machine in a file someone else reads,
// because one exporter had a masker of its own that forgot one of these places.
import type { Target } from '../relay-protocol.js';
import { Redactor } from './redactor.js';
import { secretArgs } from './secret-args.js';
import { REDACTED, isSecretName } from './secret-patterns.js';
import { findUrlPassword } from './url-password.js';

/** Where a secret sat in the target; a mask can name a variable after it. */
export type SecretPlace =
  | { kind: 'env'; name: string }
  /** `flag`: the `--api-key` before it, or the `--token` of `--token=V`. */
  | { kind: 'arg'; index: number; flag: string }
  | { kind: 'header'; name: string }
  | { kind: 'url-password'; user: string }
  | { kind: 'query'; name: string }
  | { kind: 'auth'; name: 'clientSecret' | 'clientKeyFile' };

/** What to write in place of a secret `value` found at `place`. */
export type SecretMask = (place: SecretPlace, value: string) => string;

export interface SecretPolicy {
  /** Env var names marked secret, besides those whose names say so (API_KEY, GITHUB_TOKEN…). */
  secretEnv?: readonly string[];
  /**
   * Header names marked secret, besides those named like a credential (Authorization, Cookie, X-Api-Key…);
   * 'all' (the default): every custom header, since any of them may carry one.
   */
  secretHeaders?: readonly string[] | 'all';
  /** An OAuth private key's path counts too: a recipe from elsewhere would pick which local key signs for its server. */
  keyFile?: boolean;
  /** Clears credential shapes (sk-…, ghp_…, AKIA…) and known values out of every other string; patterns only by default. */
  redactor?: Redactor;
}

export interface MaskedTarget {
  target: Target;
  /** What was replaced, as `env.NAME`, `arg.3`, `header.Name`, `url`, `auth.clientSecret`, in the target's order. */
  removed: string[];
  /** The subset of `removed` where only a credential's shape gave it away (a mask had no name to go by). */
  shapes: string[];
  /** Each secret value replaced through the mask (URL parts raw and percent-decoded): what must not appear anywhere else. */
  values: string[];
}

const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

const decoded = (s: string): string => {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
};

/** The target with every secret replaced by `mask(place, value)` and every other string cleared of credential shapes. */
export function maskTarget(target: Target, mask: SecretMask, policy: SecretPolicy = {}): MaskedTarget {
  const redactor = policy.redactor ?? new Redactor();
  const removed: string[] = [];
  const shapes: string[] = [];
  const values: string[] = [];
  const hide = (label: string, place: SecretPlace, value: string, ...forms: string[]): string => {
    if (!removed.includes(label)) removed.push(label);
    values.push(value, ...forms.filter((f) => f !== value));
    return mask(place, value);
  };
  // A string no name marks as secret: only what looks like a credential goes, and the place is named for the reader
  // (also when an earlier redaction took it, as in a stored target: a replay still has to supply it).
  const scrub = (label: string | null, s: string): string => {
    const out = redactor.text(s);
    if ((out !== s || s.includes(REDACTED)) && label !== null && !removed.includes(label)) {
      removed.push(label);
      shapes.push(label);
    }
    return out;
  };

  if (target.transport === 'stdio') {
    const marked = new Set(policy.secretEnv ?? []);
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(target.env)) {
      env[k] = v !== '' && (marked.has(k) || isSecretName(k)) ? hide(`env.${k}`, { kind: 'env', name: k }, v) : scrub(`env.${k}`, v);
    }
    const secret = new Map(secretArgs(target.args).map((s) => [s.index, s]));
    const args = target.args.map((a, i) => {
      const s = secret.get(i);
      if (!s) return scrub(`arg.${i}`, a);
      return s.prefix + hide(`arg.${i}`, { kind: 'arg', index: i, flag: s.flag }, s.value);
    });
    const out: Target = { ...target, command: scrub(null, target.command), args, env };
    return { target: out, removed, shapes, values };
  }

  const which = policy.secretHeaders ?? 'all';
  const markedHeaders = new Set(which === 'all' ? [] : which.map((h) => h.toLowerCase()));
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(target.headers)) {
    const secret = which === 'all' || markedHeaders.has(k.toLowerCase()) || isSecretName(k);
    if (!secret || v === '') headers[k] = scrub(`header.${k}`, v);
    else {
      // "Bearer abc": the credential alone can turn up anywhere (echoed, logged), without its scheme.
      const credential = /^[A-Za-z][\w-]*\s+(\S+)$/.exec(v)?.[1];
      headers[k] = hide(`header.${k}`, { kind: 'header', name: k }, v, ...(credential ? [credential] : []));
    }
  }
  const url = maskUrl(target.url, hide, scrub);
  const result = { ...target, url, headers };
  if (!target.auth) return { target: result, removed, shapes, values };
  const auth = { ...target.auth };
  if (auth.clientSecret !== undefined) auth.clientSecret = hide('auth.clientSecret', { kind: 'auth', name: 'clientSecret' }, auth.clientSecret);
  if (auth.clientKeyFile !== undefined && policy.keyFile === true)
    auth.clientKeyFile = hide('auth.clientKeyFile', { kind: 'auth', name: 'clientKeyFile' }, auth.clientKeyFile);
  return { target: { ...result, auth }, removed, shapes, values };
}

type Hide = (label: string, place: SecretPlace, value: string, ...forms: string[]) => string;

/**
 * The URL with its userinfo password and secret-named query values masked, the rest as typed (but for credential shapes
 * in its path); by position, so the mask itself never goes through the redactor (`api_key=${env:API_KEY}` survives).
 */
function maskUrl(href: string, hide: Hide, scrub: (label: string | null, s: string) => string): string {
  const scheme = SCHEME.exec(href);
  if (!scheme) return scrub('url', href);
  const from = scheme[0].length;
  const end = href.slice(from).search(/[/?#]/);
  const authorityEnd = end === -1 ? href.length : from + end;
  let authority = href.slice(0, authorityEnd);
  const p = findUrlPassword(authority);
  if (p) authority = authority.slice(0, p.start) + hide('url', { kind: 'url-password', user: p.user }, p.raw, p.decoded) + authority.slice(p.end);
  const rest = href.slice(authorityEnd);
  const hash = rest.indexOf('#');
  const beforeHash = hash === -1 ? rest : rest.slice(0, hash);
  const fragment = hash === -1 ? '' : scrub('url', rest.slice(hash));
  const q = beforeHash.indexOf('?');
  const path = scrub('url', q === -1 ? beforeHash : beforeHash.slice(0, q));
  if (q === -1) return authority + path + fragment;
  const query = beforeHash
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? '' : pair.slice(0, eq);
      const value = eq === -1 ? '' : pair.slice(eq + 1);
      if (value === '' || !isSecretName(decoded(name))) return scrub('url', pair);
      return `${name}=${hide('url', { kind: 'query', name: decoded(name) }, value, decoded(value))}`;
    })
    .join('&');
  return `${authority}${path}?${query}${fragment}`;
}

/** A URL on its own (a request's, an event's, an SSE endpoint's) with the same secrets masked as in a target's URL. */
export function maskTargetUrl(href: string, mask: SecretMask): string {
  const t = maskTarget({ transport: 'http', url: href, headers: {} }, mask).target;
  return t.transport === 'stdio' ? href : t.url;
}
