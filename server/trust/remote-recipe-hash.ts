// The identity of a remote recipe for RecipeTrust: what a "yes" to a URL is remembered for.
// Threat: a confirmed recipe reused for another destination or other credentials, and a credential written to disk. The
// hash covers the transport, the URL, every header, the OAuth settings, the header overrides and the timeout; secret
// values (every header value, a URL password, the client secret) enter it only as their own sha256, never in clear.
import { createHash } from 'node:crypto';
import type { RemoteTarget } from '../../shared/relay-protocol.js';
import { findUrlPassword, replaceUrlPassword } from '../../shared/redaction/url-password.js';

const sha256 = (v: string): string => createHash('sha256').update(v).digest('hex');

/** Entries sorted by key, so the hash does not depend on the order a file listed them in. */
const sorted = (o: Record<string, unknown>): [string, unknown][] =>
  Object.entries(o)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

export function remoteRecipeHash(t: RemoteTarget): string {
  const password = findUrlPassword(t.url);
  const url = password ? replaceUrlPassword(t.url, `sha256:${sha256(password.decoded)}`) : t.url;
  const headers = sorted(t.headers).map(([k, v]) => [k, sha256(String(v))]);
  const auth = t.auth ? sorted({ ...t.auth, ...(t.auth.clientSecret !== undefined ? { clientSecret: `sha256:${sha256(t.auth.clientSecret)}` } : {}) }) : null;
  const overrides = t.overrides ? sorted(t.overrides) : null;
  return sha256(JSON.stringify(['remote', t.transport, url, headers, auth, overrides, t.timeoutMs ?? null]));
}
