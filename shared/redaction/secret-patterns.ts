// What a secret looks like: credential formats worth recognising anywhere, and names (env vars, keys) that hold one.

/** What replaces a secret in anything exported. */
export const REDACTED = '[REDACTED]';

export interface SecretPattern {
  id: string;
  regex: RegExp;
  /** The replacement; keeps the non-secret part (a scheme, a key name) so a reader still sees what was there. */
  replace: string;
}

/** Global regexes; the order matters only where two could overlap (a PEM block before anything inside it). */
export const SECRET_PATTERNS: readonly SecretPattern[] = [
  {
    id: 'private-key',
    regex: /-----BEGIN ([A-Z ]*)PRIVATE KEY-----[\s\S]*?-----END \1PRIVATE KEY-----/g,
    replace: `-----BEGIN $1PRIVATE KEY-----${REDACTED}-----END $1PRIVATE KEY-----`,
  },
  // The scheme stays: "Bearer" vs "Basic" is worth seeing, the credential is not.
  { id: 'authorization', regex: /\b(Bearer|Basic)(\s+)[A-Za-z0-9\-._~+/]{8,}=*/g, replace: `$1$2${REDACTED}` },
  { id: 'openai-anthropic-key', regex: /\bsk-(?:ant-|proj-|live-|test-)?[A-Za-z0-9_-]{16,}/g, replace: REDACTED },
  { id: 'stripe-key', regex: /\b[rsp]k_(?:live|test)_[A-Za-z0-9]{16,}/g, replace: REDACTED },
  { id: 'github-token', regex: /\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})/g, replace: REDACTED },
  { id: 'aws-access-key-id', regex: /\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA)[A-Z0-9]{16}\b/g, replace: REDACTED },
  { id: 'slack-token', regex: /\bxox[abposr]-[A-Za-z0-9-]{10,}/g, replace: REDACTED },
  { id: 'google-api-key', regex: /\bAIza[0-9A-Za-z_-]{35}/g, replace: REDACTED },
  { id: 'npm-token', regex: /\bnpm_[A-Za-z0-9]{36}\b/g, replace: REDACTED },
  { id: 'jwt', regex: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g, replace: REDACTED },
  // postgres://user:password@host — the password only.
  { id: 'url-password', regex: /\b([a-z][a-z0-9+.-]*:\/\/[^\s:@/"'\\]+):([^\s@/"'\\]+)@/gi, replace: `$1:${REDACTED}@` },
];

/** Last words of a name that make it a credential: OPENAI_API_KEY, githubToken, client-secret, DB_PASSWORD. */
const SECRET_LAST_WORDS = new Set([
  'token',
  'secret',
  'password',
  'passwd',
  'pwd',
  'passphrase',
  'apikey',
  'credential',
  'credentials',
  'authorization',
  'cookie',
]);
/** "key" is a credential only after one of these: API_KEY, accessKey, private-key, but not key or sortKey. */
const KEY_QUALIFIERS = new Set(['api', 'access', 'secret', 'private', 'client', 'signing', 'encryption', 'master', 'license', 'subscription']);
/** Names that end like a credential but are protocol fields whose values must survive (and replay) unchanged. */
const NOT_SECRET = new Set(['progresstoken', 'maxtokens', 'nexttoken', 'pagetoken', 'tokentype', 'tokenendpoint']);

/** Splits snake_case, kebab-case, dotted and camelCase names into lower-case words. */
function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

/** True for names that conventionally hold a credential (env vars, JSON keys, header names, query parameters). */
export function isSecretName(name: string): boolean {
  const compact = name.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (NOT_SECRET.has(compact)) return false;
  // Run-together names (PGPASSWORD, MYSQLPWD aside) still end in the word that gives them away.
  if (/(password|passwd|secret|apikey|accesstoken|authtoken|credentials?)$/.test(compact)) return true;
  const w = words(name);
  const last = w.at(-1);
  if (last === undefined) return false;
  if (SECRET_LAST_WORDS.has(last)) return true;
  if (last === 'key') return w.length > 1 && KEY_QUALIFIERS.has(w.at(-2)!);
  if (last === 'auth') return w.length > 1;
  return false;
}
