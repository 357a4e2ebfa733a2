// The target as it may be stored, named and shown: what the relay records in SQLite, puts in a session's name and its
// `spawned` event, and serves to the page. Threat: a credential typed on a command line (`--api-key V`, `--env
// API_KEY=V`, `--header 'Authorization: …'`, `http://user:pw@host`) ending up on disk or on a shared screen.
import { basename } from 'node:path';
import { Redactor } from '../shared/redaction/redactor.js';
import { secretArgMasks } from '../shared/redaction/secret-args.js';
import { isSecretName } from '../shared/redaction/secret-patterns.js';
import type { StdioTarget, Target } from '../shared/relay-protocol.js';
import { HeaderMask, MASK, maskUrl } from './transports/header-mask.js';

/**
 * Remote: custom header values, a URL password and an OAuth client secret masked. Stdio: env values whose names say secret (or marked so) masked,
 * the value after a secret-looking flag redacted, and every other string cleared of credential shapes (tokens, keys,
 * URL passwords). What is left is what a replay can set again; a secret it cannot is named in the replay's warnings.
 */
export function storedTarget(target: Target, markedEnv: readonly string[] = []): Target {
  if (target.transport !== 'stdio') {
    const mask = new HeaderMask(target.headers);
    const headers = Object.fromEntries(Object.entries(target.headers).map(([k, v]) => [k, mask.value(k, v)]));
    // An OAuth client secret is a credential like a header: shown and stored masked; tokens never sit in a target.
    const auth = target.auth?.clientSecret ? { auth: { ...target.auth, clientSecret: MASK } } : {};
    return { ...target, url: maskUrl(target.url), headers, ...auth };
  }
  const patterns = new Redactor();
  const marked = new Set(markedEnv);
  const env = Object.fromEntries(Object.entries(target.env).map(([k, v]) => [k, marked.has(k) || isSecretName(k) ? MASK : patterns.text(v)]));
  const masks = secretArgMasks(target.args);
  const args = target.args.map((a, i) => masks.get(i) ?? patterns.text(a));
  const out: StdioTarget = { ...target, command: patterns.text(target.command), args, env };
  return out;
}

/** A session's default name, from its stored (secret-free) target: `node server.js --api-key [REDACTED]`. */
export function sessionName(stored: Target): string {
  return stored.transport === 'stdio' ? [basename(stored.command), ...stored.args.map((a) => basename(a))].join(' ') : `${stored.transport} ${stored.url}`;
}
