// One request on a scratch connection, with the frames that show it: the request and the messages that came back
// while it was open, so a result can point at its evidence.
import { isErrorResponse, type JsonRpcResponse } from '../engine/index.js';
import { isPlainObject } from '../jsonrpc.js';
import type { ScratchConnection } from './check-types.js';

export interface Asked {
  response: JsonRpcResponse | null;
  /** The result when the server answered with one (an object), else null. */
  result: Record<string, unknown> | null;
  /** The error object when it answered with an error (a code that is not a number reads NaN, a missing message ''). */
  error: { code: number; message: string } | null;
  /** What is wrong with that error object (no integer code, no message string), or null when it is well formed. */
  malformedError: string | null;
  /** Why nothing came back (a timeout, a closed connection), else null. */
  failure: string | null;
  frames: number[];
}

const MAX_FRAMES = 8;

/** `progress`: ask for progress and let each notification push the timeout back (a long-running tool). */
export async function ask(conn: ScratchConnection, method: string, params: unknown, timeoutMs: number, o: { progress?: boolean } = {}): Promise<Asked> {
  const before = conn.frames.length;
  let response: JsonRpcResponse | null = null;
  let failure: string | null = null;
  try {
    response = await conn.engine.request(method, params, {
      origin: 'check',
      timeoutMs,
      ...(o.progress ? { resetTimeoutOnProgress: true, onProgress: () => undefined } : {}),
    });
  } catch (err) {
    failure = err instanceof Error ? err.message : String(err);
  }
  const frames = conn.frames
    .slice(before)
    .filter((f) => f.kind !== 'stderr' && f.kind !== 'event')
    .map((f) => f.seq)
    .slice(0, MAX_FRAMES);
  const raw = response && 'error' in response ? (response as { error: unknown }).error : undefined;
  const e = isPlainObject(raw) ? raw : null;
  const error =
    response && (isErrorResponse(response) || raw !== undefined)
      ? { code: typeof e?.code === 'number' ? e.code : Number.NaN, message: typeof e?.message === 'string' ? e.message : '' }
      : null;
  const malformedError = raw === undefined ? null : errorObjectProblem(raw);
  const result =
    response && !error && isPlainObject((response as { result?: unknown }).result) ? (response as { result: Record<string, unknown> }).result : null;
  return { response, result, error, malformedError, failure, frames };
}

/** Why an error object breaks "Error responses MUST include an error field with a code and message", or null. */
function errorObjectProblem(err: unknown): string | null {
  if (!isPlainObject(err)) return `"error" is ${err === null ? 'null' : Array.isArray(err) ? 'an array' : typeof err}, not an object`;
  const problems = [
    Number.isInteger(err.code) ? '' : `its code is ${JSON.stringify(err.code) ?? 'missing'}, not an integer`,
    typeof err.message === 'string' ? '' : 'it has no message string',
  ].filter(Boolean);
  return problems.length === 0 ? null : `a malformed error object ${JSON.stringify(err).slice(0, 80)}: ${problems.join(', ')}`;
}

/** What came back, in a few words, for a result's detail. */
export function gotten(a: Asked): string {
  if (a.failure !== null) return `no answer (${a.failure})`;
  if (a.malformedError !== null) return a.malformedError;
  if (a.error) return `error ${a.error.code} "${a.error.message.slice(0, 120)}"`;
  if (a.result === null) return 'a result that is not an object';
  return 'a result';
}

/** Every page of a paginated list (tools, resources, templates, prompts), or where it went wrong. */
export async function listAll(
  conn: ScratchConnection,
  method: string,
  key: string,
  timeoutMs: number,
): Promise<{ items: Record<string, unknown>[]; pages: number; frames: number[]; problem: string | null; methodNotFound?: boolean }> {
  const items: Record<string, unknown>[] = [];
  const frames: number[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let pages = 1; pages <= 50; pages++) {
    const a = await ask(conn, method, cursor === undefined ? {} : { cursor }, timeoutMs);
    frames.push(...a.frames);
    if (!a.result) return { items, pages, frames, problem: `${method} got ${gotten(a)}`, ...(a.error?.code === -32601 ? { methodNotFound: true } : {}) };
    const list = a.result[key];
    if (!Array.isArray(list)) return { items, pages, frames, problem: `${method}'s result has no "${key}" array` };
    items.push(...list.filter(isPlainObject));
    const next = a.result.nextCursor;
    if (next === undefined || next === null) return { items, pages, frames, problem: null };
    if (typeof next !== 'string') return { items, pages, frames, problem: `nextCursor is ${typeof next}, not a string` };
    if (seen.has(next)) return { items, pages, frames, problem: `nextCursor "${next}" came back twice: the pages loop` };
    seen.add(next);
    cursor = next;
  }
  return { items, pages: 50, frames, problem: 'more than 50 pages' };
}
