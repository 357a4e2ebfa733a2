// Removes secrets from text bound for a file someone else will read: known values first, then credential shapes.
// Threat: a bundle or reproduction shared in a bug report leaking an API key, a bearer token or a password.
import { REDACTED, SECRET_PATTERNS, isSecretName } from './secret-patterns.js';

/** Shorter values would redact ordinary words; a secret that short is not worth protecting this way anyway. */
const MIN_SECRET_LENGTH = 4;

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** "name": "value" in JSON, and the same one escaping level down (a JSON body inside a JSON string). */
const JSON_PAIR = /"([A-Za-z0-9_.-]{1,64})"(\s*:\s*)"((?:[^"\\]|\\.)*)"/g;
const ESCAPED_JSON_PAIR = /\\"([A-Za-z0-9_.-]{1,64})\\"(\s*:\s*)\\"((?:[^"\\]|\\[^"])*)\\"/g;
/** name=value in query strings, command-line flags and env dumps: api_key=…, --token=…, GITHUB_TOKEN=…. */
const ASSIGNMENT = /(^|[^A-Za-z0-9_])([A-Za-z][A-Za-z0-9_.-]{0,63})=([^&\s"'<>\\,;]+)/g;

export class Redactor {
  private readonly exact: RegExp | null;
  /** How many replacements were made, for the export's summary. */
  count = 0;

  /** `secrets` are values known to be secret (env values marked secret, header values); each is removed wherever it appears. */
  constructor(secrets: Iterable<string> = []) {
    const forms = new Set<string>();
    for (const s of secrets) {
      if (s.length < MIN_SECRET_LENGTH || s === REDACTED) continue;
      forms.add(s);
      // Inside JSON text the same value appears with its quotes and backslashes escaped.
      forms.add(JSON.stringify(s).slice(1, -1));
    }
    // Longest first, so a secret that contains another is removed whole.
    const sorted = [...forms].sort((a, b) => b.length - a.length);
    this.exact = sorted.length > 0 ? new RegExp(sorted.map(escapeRegex).join('|'), 'g') : null;
  }

  text(input: string): string {
    let s = input;
    if (this.exact) s = s.replace(this.exact, () => this.hit(REDACTED));
    for (const p of SECRET_PATTERNS) {
      s = s.replace(p.regex, (...m: unknown[]) => {
        this.count++;
        return p.replace.replace(/\$(\d)/g, (_, i: string) => String(m[Number(i)] ?? ''));
      });
    }
    s = s.replace(JSON_PAIR, (all, name: string, colon: string, value: string) =>
      this.secretValue(name, value) ? this.hit(`"${name}"${colon}"${REDACTED}"`) : all,
    );
    s = s.replace(ESCAPED_JSON_PAIR, (all, name: string, colon: string, value: string) =>
      this.secretValue(name, value) ? this.hit(`\\"${name}\\"${colon}\\"${REDACTED}\\"`) : all,
    );
    s = s.replace(ASSIGNMENT, (all, before: string, name: string, value: string) =>
      this.secretValue(name, value) ? this.hit(`${before}${name}=${REDACTED}`) : all,
    );
    return s;
  }

  /** A parsed JSON value with secret-named members blanked and every string run through `text`. */
  json<T>(value: T): T {
    return this.walk(value) as T;
  }

  private walk(v: unknown): unknown {
    if (typeof v === 'string') return this.text(v);
    if (Array.isArray(v)) return v.map((x) => this.walk(x));
    if (v !== null && typeof v === 'object') {
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, typeof x === 'string' && this.secretValue(k, x) ? this.hit(REDACTED) : this.walk(x)]));
    }
    return v;
  }

  /** Masks the relay already applied (••••) and earlier redactions are not secrets any more. */
  private secretValue(name: string, value: string): boolean {
    return value !== '' && !value.includes(REDACTED) && !/^[•*]+$/.test(value) && isSecretName(name);
  }

  private hit(replacement: string): string {
    this.count++;
    return replacement;
  }
}
