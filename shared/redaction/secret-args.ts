// Credentials on a command line: the value after a secret-looking flag (`--api-key V`, `--token V`, `--db-password V`)
// and the `--flag=V` form. Found here once; shared/redaction/target-secrets.ts masks them for every output.
import { REDACTED, isSecretName } from './secret-patterns.js';

/** True for a flag whose next argument is a credential. A short flag (-p, -k) is too ambiguous to guess. */
function isSecretFlag(arg: string): boolean {
  return /^--?[A-Za-z][\w-]*$/.test(arg) && arg.replace(/^-+/, '').length > 1 && isSecretName(arg.replace(/^-+/, ''));
}

export interface SecretArg {
  index: number;
  /** The flag that says it is a credential: `--api-key` (the argument before) or `--token` (of `--token=V`). */
  flag: string;
  /** What stays in front of the value in the same argument: '' or `--token=`. */
  prefix: string;
  /** The credential itself. */
  value: string;
}

/** Every argument that holds a credential, in order. */
export function secretArgs(args: readonly string[]): SecretArg[] {
  const out: SecretArg[] = [];
  args.forEach((a, i) => {
    const prev = args[i - 1];
    if (prev !== undefined && isSecretFlag(prev)) {
      out.push({ index: i, flag: prev, prefix: '', value: a });
      return;
    }
    const eq = /^(--?[A-Za-z][\w-]*)=(.)/.exec(a);
    if (eq && isSecretFlag(eq[1]!)) out.push({ index: i, flag: eq[1]!, prefix: `${eq[1]}=`, value: a.slice(eq[1]!.length + 1) });
  });
  return out;
}

/** The arguments with every credential masked (the trust prompt and the connection form show them so). */
export function maskSecretArgs(args: readonly string[]): string[] {
  const masks = new Map(secretArgs(args).map((s) => [s.index, `${s.prefix}${REDACTED}`]));
  return args.map((a, i) => masks.get(i) ?? a);
}
