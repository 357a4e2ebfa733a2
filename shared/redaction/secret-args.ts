// Credentials on a command line: the value after a secret-looking flag (`--api-key V`, `--token V`, `--db-password V`)
// and the `--flag=V` form. Session names, `spawned` events, scripts, bundles and the trust prompt all mask them here.
import { REDACTED, isSecretName } from './secret-patterns.js';

/** True for a flag whose next argument is a credential. A short flag (-p, -k) is too ambiguous to guess. */
export function isSecretFlag(arg: string): boolean {
  return /^--?[A-Za-z][\w-]*$/.test(arg) && arg.replace(/^-+/, '').length > 1 && isSecretName(arg.replace(/^-+/, ''));
}

/** Index of each argument that is a credential, and what to show in its place. */
export function secretArgMasks(args: readonly string[]): Map<number, string> {
  const out = new Map<number, string>();
  args.forEach((a, i) => {
    const prev = args[i - 1];
    if (prev !== undefined && isSecretFlag(prev)) {
      out.set(i, REDACTED);
      return;
    }
    const eq = /^(--?[A-Za-z][\w-]*)=(.)/.exec(a);
    if (eq && isSecretFlag(eq[1]!)) out.set(i, `${eq[1]}=${REDACTED}`);
  });
  return out;
}

/** The arguments with every credential masked. */
export function maskSecretArgs(args: readonly string[]): string[] {
  const masks = secretArgMasks(args);
  return args.map((a, i) => masks.get(i) ?? a);
}
