// Masks secrets before anything is recorded. Threat: tokens ending up in SQLite, in exports, or on a shared screen.
import { HEADER_MASK } from '../../shared/masked-header-problem.js';
import { REDACTED } from '../../shared/redaction/secret-patterns.js';
import { maskTargetUrl } from '../../shared/redaction/target-secrets.js';
import type { HeaderLines } from './http-request.js';

/** One definition, shared with the checks that refuse a mask sent back as a value. */
export const MASK = HEADER_MASK;

/** Headers that carry credentials whatever the user named them. */
const ALWAYS_SECRET = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-api-key', 'api-key']);

export class HeaderMask {
  private readonly secret: Set<string>;

  /** `custom` are the user's own headers for this connection: their values are masked too. */
  constructor(custom: Record<string, string>) {
    this.secret = new Set([...ALWAYS_SECRET, ...Object.keys(custom).map((k) => k.toLowerCase())]);
  }

  value(name: string, value: string): string {
    const lower = name.toLowerCase();
    if (!this.secret.has(lower)) return value;
    // Keep the scheme: "Bearer" vs "Basic" is worth seeing, the credential is not.
    const scheme = /^(authorization|proxy-authorization)$/.test(lower) ? /^([A-Za-z][\w-]*) \S/.exec(value)?.[1] : undefined;
    return scheme ? `${scheme} ${MASK}` : MASK;
  }

  lines(lines: HeaderLines): HeaderLines {
    return lines.map(([k, v]) => [k, this.value(k, v)]);
  }
}

/**
 * A URL with any password in its userinfo masked (http://user:secret@host/ sends Basic auth from it), and the value of a
 * secret-named query parameter (`?api_key=V`) redacted, as in the stored target (shared/redaction/target-secrets.ts).
 */
export function maskUrl(href: string): string {
  return maskTargetUrl(href, (place) => (place.kind === 'query' ? REDACTED : MASK));
}
