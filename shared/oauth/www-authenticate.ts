// Parses WWW-Authenticate (RFC 9110 §11.6.1) into challenges, for the OAuth flow, the auth debugger and the lint.

export interface Challenge {
  /** The scheme as sent (compare case-insensitively). */
  scheme: string;
  /** auth-param names lower-cased; quoted values unescaped. */
  params: Record<string, string>;
  /** token68 credentials, when the challenge carries one instead of params. */
  token68?: string;
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+/;

/**
 * Every challenge in the header value, in order. Lenient where servers are sloppy (spaces around `=`, a missing
 * comma between params) but never guesses across a quoted string.
 */
export function parseWwwAuthenticate(header: string): Challenge[] {
  const out: Challenge[] = [];
  let s = header;
  let current: Challenge | null = null;
  const skip = () => {
    s = s.replace(/^[\s,]+/, '');
  };
  skip();
  while (s.length > 0) {
    const name = TOKEN.exec(s)?.[0];
    if (!name) {
      s = s.slice(1);
      skip();
      continue;
    }
    const rest = s.slice(name.length);
    const eq = /^\s*=\s*/.exec(rest);
    // `name=` followed by a value is a param of the current challenge; a bare token starts a new challenge.
    if (eq && current && !/^=+\s*(,|$)/.test(rest.trimStart())) {
      s = rest.slice(eq[0].length);
      let value: string;
      if (s.startsWith('"')) {
        let i = 1;
        value = '';
        while (i < s.length && s[i] !== '"') {
          if (s[i] === '\\' && i + 1 < s.length) i++;
          value += s[i];
          i++;
        }
        s = s.slice(i + 1);
      } else {
        value = TOKEN.exec(s)?.[0] ?? '';
        s = s.slice(value.length);
      }
      current.params[name.toLowerCase()] = value;
      skip();
      continue;
    }
    current = { scheme: name, params: {} };
    out.push(current);
    s = rest.replace(/^ +/, '');
    const t68 = /^([A-Za-z0-9\-._~+/]+=*)\s*(,|$)/.exec(s);
    if (t68 && !/^[A-Za-z0-9\-._~+/]+\s*=\s*[^=,\s]/.test(s)) {
      current.token68 = t68[1];
      s = s.slice(t68[0].length);
    }
    skip();
  }
  return out;
}

/** The Bearer challenge's params (resource_metadata, scope, error…), or null when there is no Bearer challenge. */
export function bearerChallenge(header: string | undefined): Record<string, string> | null {
  if (!header) return null;
  return parseWwwAuthenticate(header).find((c) => c.scheme.toLowerCase() === 'bearer')?.params ?? null;
}
