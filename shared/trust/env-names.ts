// The one check on environment variable names, for every way a recipe enters (bundle, profile import, --config, the
// HTTP API, --env, --env-file) and for the last guard before spawn. Threat: a name that is not a name. The child's
// environment block is a list of `NAME=value` strings, so a key `NODE_OPTIONS=--import=data:…//_TOKEN` reaches the
// child as NODE_OPTIONS, while every check that reads the key as a whole (the dangerous list, the secret mask, the
// recipe hash) sees some harmless variable ending in _TOKEN. A NUL cuts the string short, a newline or a control
// character hides what the terminal shows. Only names POSIX shells can export pass: `^[A-Za-z_][A-Za-z0-9_]*$`.

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** A name is shown up to this many characters: enough to recognise it, never a screenful of attacker text. */
const SHOWN_CHARS = 60;

/**
 * `s` in double quotes with everything outside printable ASCII written as an escape (`\n`, `\u0000`, `\u202e`), so a
 * control character, a bidi override or a look-alike letter is seen for what it is.
 */
export function quoteEscaped(s: string, max = SHOWN_CHARS): string {
  const chars = [...s];
  const cut = chars.length > max ? chars.slice(0, max) : chars;
  const body = cut
    .map((c) => {
      if (c === '"' || c === '\\') return `\\${c}`;
      if (c === '\n') return '\\n';
      if (c === '\r') return '\\r';
      if (c === '\t') return '\\t';
      const code = c.codePointAt(0)!;
      if (code >= 0x20 && code < 0x7f) return c;
      return code > 0xffff ? `\\u{${code.toString(16)}}` : `\\u${code.toString(16).padStart(4, '0')}`;
    })
    .join('');
  return `"${body}${cut.length < chars.length ? `…" (${chars.length} characters)` : '"'}`;
}

/** Why `name` is not an environment variable name, in words; null when it is one. */
function whatIsWrong(name: string): string | null {
  if (ENV_NAME.test(name)) return null;
  if (name === '') return 'it is empty';
  if (name.includes('=')) return 'it contains "=", so the child would see a different variable';
  if (name.includes('\0')) return 'it contains a NUL character';
  const codes = [...name].map((c) => c.codePointAt(0)!);
  if (codes.some((c) => c < 0x20 || c === 0x7f)) return 'it contains a control character';
  if (codes.includes(0x20)) return 'it contains a space';
  if (codes.some((c) => c > 0x7f)) return 'it contains a character outside ASCII';
  if (/^[0-9]/.test(name)) return 'it starts with a digit';
  return 'it contains a character other than letters, digits and _';
}

/**
 * The error for a name that is not an environment variable name, naming it (escaped); null for a good name. Every
 * entry says it the same way: `environment variable "A=B": not a valid name (it contains "="); a name is …`.
 */
export function envNameError(name: string): string | null {
  const wrong = whatIsWrong(name);
  if (wrong === null) return null;
  return `environment variable ${quoteEscaped(name)}: not a valid name (${wrong}); a name is letters, digits and _, not starting with a digit`;
}

/**
 * What is wrong with a recipe's environment, or null: the first bad name (in the record's order), else the first value
 * holding a NUL (which Node refuses at spawn with an error naming neither the variable nor the reason).
 */
export function envError(env: Record<string, string>): string | null {
  for (const name of Object.keys(env)) {
    const error = envNameError(name);
    if (error !== null) return error;
  }
  for (const [name, value] of Object.entries(env)) {
    if (value.includes('\0')) return `environment variable ${name}: its value contains a NUL character`;
  }
  return null;
}

export class EnvNameError extends Error {}

/** The last guard before a process is spawned, whatever path the recipe came by: throws EnvNameError on envError. */
export function assertSpawnableEnv(env: Record<string, string>): void {
  const error = envError(env);
  if (error !== null) throw new EnvNameError(`refused to start the server: ${error}`);
}
