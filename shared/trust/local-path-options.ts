// Finds the options of a recipe that name a file on this machine for mcpscope to read: auth.clientKeyFile, and any
// other `*File` option a target or a config entry may grow.
// Threat: a recipe from a file (bundle, imported profile, config) choosing which of this machine's files mcpscope reads
// and uses. Found: a bundle naming the user's private key made Replay sign a client assertion for the bundle's own
// token endpoint. Such recipes are refused on import with this reason; the command line (--client-key) keeps the option.
import { REDACTED } from '../redaction/secret-patterns.js';

const FILE_OPTION = /File$/;
/** A redacted or masked value names no file: an exported bundle carries `"clientKeyFile": "[REDACTED]"`. */
const NO_PATH = /^(\[REDACTED\]|•+)$/;

/**
 * The dotted paths (`auth.clientKeyFile`) of every `*File` option in `value` that holds a path; `ignore` lists
 * options known not to be read (a config's envFile, which mcpscope only warns about).
 */
export function localPathOptions(value: unknown, ignore: readonly string[] = [], at = ''): string[] {
  if (typeof value !== 'object' || value === null) return [];
  const found: string[] = [];
  for (const [k, v] of Object.entries(value)) {
    const path = at === '' ? k : `${at}.${k}`;
    if (FILE_OPTION.test(k) && !ignore.includes(path)) {
      if (typeof v === 'string' && v !== REDACTED && !NO_PATH.test(v)) found.push(path);
      else if (typeof v !== 'string' && v !== undefined && v !== null) found.push(path);
    } else found.push(...localPathOptions(v, ignore, path));
  }
  return found;
}

/** Why such a recipe is refused, naming the options. */
export function localPathRefusal(options: readonly string[]): string {
  return `names a file on this machine for mcpscope to read (${options.join(', ')}); a recipe from a file may not choose one. Remove the option, or give the file on the command line (--client-key)`;
}
