// A target recipe as it may leave the machine in a bundle or a script: every secret (shared/redaction/target-secrets.ts)
// replaced by [REDACTED], and the list of what went, so whoever replays it knows what to supply.
import type { Target } from '../relay-protocol.js';
import type { Redactor } from './redactor.js';
import { REDACTED } from './secret-patterns.js';
import { maskTarget } from './target-secrets.js';

/** The OAuth options a portable recipe leaves out (see redactTarget). */
const AUTH_SECRETS = ['clientSecret', 'clientKeyFile'] as const;

/** The values that must not appear anywhere in an export: secret env values and flag values, every custom header value
 * (and its credential without the scheme), a URL password, a secret query value and an OAuth client secret. */
export function secretValues(target: Target, markedEnv: readonly string[] = []): string[] {
  return maskTarget(target, () => REDACTED, { secretEnv: markedEnv }).values;
}

export interface RedactedTarget {
  target: Target;
  /** What was removed, as `env.NAME`, `header.Name`, `arg.3`, `url`: a reader knows what to supply when replaying. */
  removed: string[];
}

/** The target with secrets replaced by REDACTED; every other string still goes through the redactor's patterns. */
export function redactTarget(target: Target, redactor: Redactor, markedEnv: readonly string[] = []): RedactedTarget {
  const { target: out, removed } = maskTarget(target, () => REDACTED, { secretEnv: markedEnv, keyFile: true, redactor });
  return { target: out, removed };
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
