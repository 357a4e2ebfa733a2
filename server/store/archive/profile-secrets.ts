// Splits a profile into what SQLite keeps (secret values replaced by the placeholder) and the real values, which go to
// the secrets file (server/store/secret-store.ts); and joins them back when the profile is read.
// Threat: a profile's API key or bearer sitting in the store beside the recordings, where exports and copies reach it.
import { SECRET_PLACEHOLDER, type ProfileInput } from '../../../shared/profiles/profile.js';
import { REDACTED, isSecretName } from '../../../shared/redaction/secret-patterns.js';
import { maskTarget } from '../../../shared/redaction/target-secrets.js';
import { replaceUrlPassword } from '../../../shared/redaction/url-password.js';
import type { Target } from '../../../shared/relay-protocol.js';

/** The real values a profile needs, by where they go back: env names, arg indexes, header names, the whole URL, the
 * OAuth client secret. */
export interface ProfileSecrets {
  env?: Record<string, string>;
  args?: Record<string, string>;
  headers?: Record<string, string>;
  url?: string;
  clientSecret?: string;
}

export function splitProfileSecrets(input: ProfileInput): { stored: ProfileInput; secrets: ProfileSecrets } {
  const t = input.target;
  const secrets: ProfileSecrets = {};
  const real = (v: string) => v !== '' && v !== SECRET_PLACEHOLDER;
  if (t.transport === 'stdio') {
    // A name that says secret is marked so, and the API masks it like any marked one.
    const secretEnv = new Set([...input.secretEnv, ...Object.keys(t.env).filter(isSecretName)]);
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(t.env)) {
      const move = secretEnv.has(k) && real(v);
      if (move) (secrets.env ??= {})[k] = v;
      env[k] = move ? SECRET_PLACEHOLDER : v;
    }
    // Each argument the one secret finder changes (a flag's value, a credential's shape) moves whole.
    const shown = maskTarget(t, () => REDACTED).target;
    const args = t.args.map((a, i) => {
      const masked = shown.transport === 'stdio' ? shown.args[i]! : a;
      if (masked === a) return a;
      (secrets.args ??= {})[String(i)] = a;
      return masked;
    });
    return { stored: { ...input, secretEnv: [...secretEnv], target: { ...t, env, args } }, secrets };
  }
  // Every header value may be a credential (the recordings mask them all); SQLite keeps the names only.
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(t.headers)) {
    if (real(v)) (secrets.headers ??= {})[k] = v;
    headers[k] = real(v) ? SECRET_PLACEHOLDER : v;
  }
  // A URL with a password or a secret query value is kept whole among the secrets; the store keeps it without the
  // password and with the query value redacted.
  const shown = maskTarget(t, () => REDACTED).target;
  const secretUrl = shown.transport !== 'stdio' && shown.url !== t.url;
  if (secretUrl) secrets.url = t.url;
  const url = secretUrl ? replaceUrlPassword(shown.url, '') : t.url;
  // An OAuth client secret (either grant) is a credential like a header's.
  const clientSecret = t.auth?.clientSecret;
  const moved = clientSecret !== undefined && real(clientSecret);
  if (moved) secrets.clientSecret = clientSecret;
  const auth = moved ? { ...t.auth!, clientSecret: SECRET_PLACEHOLDER } : t.auth;
  return { stored: { ...input, target: { ...t, url, headers, ...(auth ? { auth } : {}) } as Target }, secrets };
}

export function joinProfileSecrets<P extends ProfileInput>(stored: P, secrets: ProfileSecrets | undefined): P {
  if (!secrets) return stored;
  const t = stored.target;
  if (t.transport === 'stdio') {
    const env = { ...t.env, ...Object.fromEntries(Object.entries(secrets.env ?? {}).filter(([k]) => k in t.env)) };
    const args = t.args.map((a, i) => secrets.args?.[String(i)] ?? a);
    return { ...stored, target: { ...t, env, args } };
  }
  const headers = { ...t.headers, ...Object.fromEntries(Object.entries(secrets.headers ?? {}).filter(([k]) => k in t.headers)) };
  const auth = t.auth?.clientSecret === SECRET_PLACEHOLDER && secrets.clientSecret !== undefined ? { ...t.auth, clientSecret: secrets.clientSecret } : t.auth;
  return { ...stored, target: { ...t, headers, url: secrets.url ?? t.url, ...(auth ? { auth } : {}) } as Target };
}
