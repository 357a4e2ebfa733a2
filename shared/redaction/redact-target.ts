// A target recipe as it may leave the machine: secret env values, header values and secret-looking arguments removed.
import type { Target } from '../relay-protocol.js';
import type { Redactor } from './redactor.js';
import { secretArgMasks } from './secret-args.js';
import { REDACTED, isSecretName } from './secret-patterns.js';
import { findUrlPassword } from './url-password.js';

/** The OAuth options a portable recipe leaves out (see redactTarget). */
const AUTH_SECRETS = ['clientSecret', 'clientKeyFile'] as const;

/** Which env vars of a stdio target count as secret: those marked so, and those whose names say they are. */
export function secretEnvNames(target: Target, marked: readonly string[] = []): string[] {
  if (target.transport !== 'stdio') return [];
  const set = new Set(marked);
  return Object.keys(target.env).filter((k) => set.has(k) || isSecretName(k));
}

/** The values that must not appear anywhere in an export: secret env values and flag values, every custom header value,
 * a URL password and an OAuth client secret. */
export function secretValues(target: Target, markedEnv: readonly string[] = []): string[] {
  if (target.transport === 'stdio') {
    // `--token=V` and `--api-key V`: the value alone, wherever it turns up (a session name, an echo, a log line).
    const args = [...secretArgMasks(target.args).keys()].map((i) => target.args[i]!.replace(/^--?[A-Za-z][\w-]*=/, ''));
    return [...secretEnvNames(target, markedEnv).map((k) => target.env[k]!), ...args];
  }
  // "Bearer abc": the credential alone can turn up anywhere (echoed, logged), without its scheme.
  const headers = Object.values(target.headers).flatMap((v) => {
    const credential = /^[A-Za-z][\w-]*\s+(\S+)$/.exec(v)?.[1];
    return credential ? [v, credential] : [v];
  });
  const clientSecret = target.auth?.clientSecret ? [target.auth.clientSecret] : [];
  return [...headers, ...urlPasswords(target.url), ...clientSecret];
}

/** The password in a URL's userinfo (http://user:secret@host/), raw and as the URL spells it. */
function urlPasswords(href: string): string[] {
  const p = findUrlPassword(href);
  if (!p) return [];
  return p.decoded === p.raw ? [p.raw] : [p.raw, p.decoded];
}

export interface RedactedTarget {
  target: Target;
  /** What was removed, as `env.NAME`, `header.Name`, `arg.3`, `url`: a reader knows what to supply when replaying. */
  removed: string[];
}

/** The target with secrets replaced by REDACTED; every other string still goes through the redactor's patterns. */
export function redactTarget(target: Target, redactor: Redactor, markedEnv: readonly string[] = []): RedactedTarget {
  const removed: string[] = [];
  if (target.transport !== 'stdio') {
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(target.headers)) {
      // Every custom header may carry a credential, and their values are masked already when the relay stored them.
      headers[k] = REDACTED;
      if (v !== '') removed.push(`header.${k}`);
    }
    const url = redactor.text(target.url);
    if (url !== target.url) removed.push('url');
    // An OAuth client secret is a credential like a header (stored masked already), and a private key's path must not
    // travel: a recipe from elsewhere would pick which of this machine's keys signs for its server. Tokens never sit in a target.
    if (!target.auth) return { target: { ...target, url, headers }, removed };
    const auth = { ...target.auth };
    for (const k of AUTH_SECRETS) {
      if (auth[k] === undefined) continue;
      auth[k] = REDACTED;
      removed.push(`auth.${k}`);
    }
    return { target: { ...target, url, headers, auth }, removed };
  }
  const secret = new Set(secretEnvNames(target, markedEnv));
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(target.env)) {
    if (secret.has(k)) {
      env[k] = REDACTED;
      removed.push(`env.${k}`);
    } else env[k] = redactor.text(v);
  }
  // `--api-key VALUE`: the value has no name of its own, the flag before it says what it is.
  const masks = secretArgMasks(target.args);
  const args = target.args.map((a, i) => {
    const out = masks.get(i) ?? redactor.text(a);
    if (out !== a) removed.push(`arg.${i}`);
    return out;
  });
  const result: Target = { ...target, command: redactor.text(target.command), args, env };
  if (target.cwd !== undefined) result.cwd = target.cwd;
  return { target: result, removed };
}

/** The target to run when replaying a redacted recipe: redacted env vars are left to the replaying environment. */
export function runnableTarget(target: Target): { target: Target; missing: string[] } {
  if (target.transport === 'stdio') {
    const missing = Object.keys(target.env).filter((k) => target.env[k] === REDACTED);
    const env = Object.fromEntries(Object.entries(target.env).filter(([, v]) => v !== REDACTED));
    // An argument has a place in the line and cannot be left out: it runs as it is, and the warning says so.
    const args = target.args.flatMap((a, i) => (a.includes(REDACTED) ? [`arg.${i}`] : []));
    return { target: { ...target, env }, missing: [...missing.map((k) => `env.${k}`), ...args] };
  }
  const masked = (v: string) => v === REDACTED || /^([A-Za-z][\w-]* )?[•]+$/.test(v);
  const missing = Object.keys(target.headers).filter((k) => masked(target.headers[k]!));
  const headers = Object.fromEntries(Object.entries(target.headers).filter(([, v]) => !masked(v)));
  const gone = missing.map((k) => `header.${k}`);
  if (!target.auth) return { target: { ...target, headers }, missing: gone };
  const auth = { ...target.auth };
  for (const k of AUTH_SECRETS) {
    const v = auth[k];
    if (v === undefined || !masked(v)) continue;
    delete auth[k];
    gone.push(`auth.${k}`);
  }
  return { target: { ...target, headers, auth }, missing: gone };
}
