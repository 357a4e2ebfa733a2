// Checks and converts flag values; each throws a UsageError that names the flag and repeats what it got.
import { PROTOCOL_VERSIONS } from '../../shared/mcp-versions.js';
import { envNameError, quoteEscaped } from '../../shared/trust/env-names.js';
import { UsageError } from './flags.js';

type Parse<T> = (value: string, flag: string) => T;

export function wholeNumber(min: number, max: number, unit = ''): Parse<number> {
  return (v, flag) => {
    const n = Number(v);
    if (v.trim() === '' || !Number.isInteger(n) || n < min || n > max) {
      throw new UsageError(`${flag} needs a whole number${unit ? ` of ${unit}` : ''} from ${min} to ${max}, got "${v}"`);
    }
    return n;
  };
}

export function oneOf<T extends string>(allowed: readonly T[]): Parse<T> {
  return (v, flag) => {
    if (!(allowed as readonly string[]).includes(v)) throw new UsageError(`${flag} must be one of ${allowed.join(', ')}, got "${v}"`);
    return v as T;
  };
}

export function nonEmpty(example: string): Parse<string> {
  return (v, flag) => {
    if (v.trim() === '') throw new UsageError(`${flag} needs ${example}`);
    return v;
  };
}

/** A comma-separated list of allowed words, each once, in the order given ("" is an empty list). */
export function listOf<T extends string>(allowed: readonly T[]): Parse<T[]> {
  return (v, flag) => {
    const words = v
      .split(',')
      .map((w) => w.trim())
      .filter((w) => w !== '');
    const bad = words.find((w) => !(allowed as readonly string[]).includes(w));
    if (bad !== undefined) throw new UsageError(`${flag} takes a comma-separated list of ${allowed.join(', ')}, got "${bad}"`);
    return [...new Set(words)] as T[];
  };
}

/** A protocol version mcpscope knows. */
export const knownProtocol: Parse<string> = oneOf(PROTOCOL_VERSIONS);

export const milliseconds = (min: number, max = 2 ** 31 - 1): Parse<number> => wholeNumber(min, max, 'milliseconds');

/** `id=value`, split at the first `=`; the value may hold more of them (--input: a VS Code input's id is any text). */
export const idValuePair: Parse<[string, string]> = (v, flag) => {
  const eq = v.indexOf('=');
  if (eq < 1) throw new UsageError(`${flag} needs id=value, got "${v}"`);
  return [v.slice(0, eq), v.slice(eq + 1)];
};

/**
 * KEY=VALUE for a server's environment, split at the first `=` (the value may hold more of them); the name is checked
 * like every recipe's (shared/trust/env-names.ts), and the error shows it escaped rather than repeating the raw value.
 */
export const envPair: Parse<[string, string]> = (v, flag) => {
  const eq = v.indexOf('=');
  if (eq === -1) throw new UsageError(`${flag} needs KEY=VALUE, got ${quoteEscaped(v)}`);
  const name = v.slice(0, eq);
  const bad = envNameError(name);
  if (bad !== null) throw new UsageError(`${flag}: ${bad}`);
  return [name, v.slice(eq + 1)];
};

/** RFC 9110 token characters: what an HTTP header name may be. */
export const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** 'Name: value', split at the first colon and trimmed; the name must be an HTTP token. */
export const headerPair: Parse<[string, string]> = (v, flag) => {
  const colon = v.indexOf(':');
  const name = colon === -1 ? '' : v.slice(0, colon).trim();
  if (!HEADER_NAME.test(name)) throw new UsageError(`${flag} needs 'Name: value', got "${v}"`);
  return [name, v.slice(colon + 1).trim()];
};

/** An absolute http(s):// or ws(s):// URL, normalised. */
export const remoteUrl: Parse<string> = (v, flag) => {
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    throw new UsageError(`${flag} needs an absolute URL such as http://127.0.0.1:3001/mcp, got "${v}"`);
  }
  if (!/^(https?|wss?):$/.test(u.protocol)) throw new UsageError(`${flag} must be http://, https://, ws:// or wss://, got ${u.protocol}`);
  return u.href;
};
