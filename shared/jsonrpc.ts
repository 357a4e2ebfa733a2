// Parses and classifies the raw text of one frame as JSON-RPC 2.0 without ever throwing: the log shows what does not parse.

/** What one frame is, as the log shows it. The first seven come from the text; the rest from where it came from. */
export const FRAME_KINDS = [
  'request',
  'notification',
  'response',
  'error',
  'batch',
  'invalid', // JSON, but not a JSON-RPC message
  'noise', // not JSON at all
  'oversize', // a line longer than the framing cap; only its head is kept
  'stderr',
  'event', // something the relay saw happen: spawned, exited, error, sent
  'http', // one HTTP exchange the relay made for a remote server (text: JSON of an HttpExchange)
] as const;
export type FrameKind = (typeof FRAME_KINDS)[number];

export interface ParseFailure {
  message: string;
  /** Character offset of the failure when the engine reports one. */
  offset?: number;
}

export interface Classified {
  kind: 'request' | 'notification' | 'response' | 'error' | 'batch' | 'invalid' | 'noise';
  /** `method` when it is a string (requests and notifications). */
  method?: string;
  /** True when the object has an `id` member, whatever its value. */
  hasId: boolean;
  id?: unknown;
  /** The error code of an error response, when it is a number. */
  errorCode?: number;
  /** Number of elements, for batches. */
  batchSize?: number;
  value?: unknown;
  parseError?: ParseFailure;
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A text's JSON.parse, as a value or the reason it failed: made once per frame, then handed to whoever reads it. */
export type JsonParse = { ok: true; value: unknown } | { ok: false; error: ParseFailure };

export function parseJson(text: string): JsonParse {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const pos = /at position (\d+)/.exec(message);
    const error: ParseFailure = { message };
    if (pos?.[1] !== undefined) error.offset = Number(pos[1]);
    else if (text.trim() === '') error.message = 'empty frame';
    return { ok: false, error };
  }
}

/** Classifies an already parsed value. */
export function classifyValue(value: unknown): Classified {
  if (Array.isArray(value)) {
    const methods = value.flatMap((el) => (isPlainObject(el) && typeof el.method === 'string' ? [el.method] : []));
    const c: Classified = { kind: 'batch', hasId: false, batchSize: value.length, value };
    if (methods.length > 0) c.method = [...new Set(methods)].join(', ');
    return c;
  }
  if (!isPlainObject(value)) return { kind: 'invalid', hasId: false, value };
  const hasId = 'id' in value;
  const base = { hasId, value, ...(hasId ? { id: value.id } : {}) };
  if (typeof value.method === 'string') {
    return { ...base, kind: hasId ? 'request' : 'notification', method: value.method };
  }
  if ('error' in value) {
    const err = value.error;
    const c: Classified = { ...base, kind: 'error' };
    if (isPlainObject(err) && typeof err.code === 'number') c.errorCode = err.code;
    return c;
  }
  if ('result' in value) return { ...base, kind: 'response' };
  return { ...base, kind: 'invalid' };
}

/** Classifies the raw text of one frame. */
export function classifyText(text: string): Classified {
  const parsed = parseJson(text);
  if (!parsed.ok) return { kind: 'noise', hasId: false, parseError: parsed.error };
  return classifyValue(parsed.value);
}

/**
 * A stable key for a JSON-RPC id, so `1` and `"1"` never pair with each other.
 * Returns null when there is no usable id (absent, or not a string or number).
 */
export function idKey(id: unknown): string | null {
  if (typeof id === 'number' || typeof id === 'string') return JSON.stringify(id);
  return null;
}
