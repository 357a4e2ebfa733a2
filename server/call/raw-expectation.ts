// What a raw frame calls for, by JSON-RPC 2.0's rules, and which incoming messages answer it: a request its response,
// text that is not JSON or not a valid request an error with id null, a notification (or a response) nothing at all.
// Everything else that arrives meanwhile is the server's own traffic, unsolicited.
import { classifyValue, idKey, isPlainObject, parseJson } from '../../shared/jsonrpc.js';

export interface RawExpectation {
  /** Ids (idKey text) of the requests inside: each wants a response bearing its id. */
  ids: string[];
  /** How many errors with a null id are owed: one for text that is not JSON or not a request, one per invalid element. */
  nullIdErrors: number;
  /** Invalid requests whose id could be read: an error bearing that id answers them as well as one with a null id. */
  invalidIds: string[];
  /** Requests sent with a null id (JSON-RPC allows it, MCP does not): only a reply with a null id can answer them. */
  nullIdRequests: number;
  /** Why nothing is owed, when nothing is. */
  nothing: string | null;
}

/** A valid JSON-RPC 2.0 request or notification object (its id, if any, a string, a number or null). */
function isValidRequest(v: Record<string, unknown>): boolean {
  const id = v.id;
  const idOk = !('id' in v) || id === null || typeof id === 'string' || typeof id === 'number';
  const paramsOk = !('params' in v) || (typeof v.params === 'object' && v.params !== null);
  return v.jsonrpc === '2.0' && typeof v.method === 'string' && idOk && paramsOk;
}

export function rawExpectation(text: string): RawExpectation {
  const e: RawExpectation = { ids: [], nullIdErrors: 0, invalidIds: [], nullIdRequests: 0, nothing: null };
  const parsed = parseJson(text);
  if (!parsed.ok) {
    e.nullIdErrors = 1;
    return e;
  }
  const batch = Array.isArray(parsed.value);
  const items = batch ? (parsed.value as unknown[]) : [parsed.value];
  // An empty batch is one invalid request, answered by one error (not an array).
  if (batch && items.length === 0) e.nullIdErrors = 1;
  for (const item of items) {
    const c = classifyValue(item);
    if (c.kind === 'response' || c.kind === 'error') continue;
    if (isPlainObject(item) && isValidRequest(item)) {
      // A request with a null id is answered with a null id: no other way to tell its answer.
      if (c.kind === 'request') {
        const key = idKey(item.id);
        if (key === null) e.nullIdRequests++;
        else e.ids.push(key);
      }
      continue;
    }
    e.nullIdErrors++;
    const key = isPlainObject(item) ? idKey(item.id) : null;
    if (key !== null) e.invalidIds.push(key);
  }
  if (e.ids.length === 0 && e.nullIdErrors === 0 && e.nullIdRequests === 0) {
    e.nothing = items.some((i) => classifyValue(i).kind === 'notification') ? 'notifications get no answer' : 'responses get no answer';
  }
  return e;
}

/** Sorts the incoming messages into answers to the frame and the server's own traffic, in arrival order. */
export class ReplyMatcher {
  private readonly open: Set<string>;
  private nullIdLeft: number;
  private nullIdRequestsLeft: number;
  private readonly invalid: Set<string>;

  constructor(private readonly e: RawExpectation) {
    this.open = new Set(e.ids);
    this.nullIdLeft = e.nullIdErrors;
    this.nullIdRequestsLeft = e.nullIdRequests;
    this.invalid = new Set(e.invalidIds);
  }

  /** True when `message` (one element of what arrived) answers the frame; each answer is taken once. */
  take(message: unknown): boolean {
    const c = classifyValue(message);
    if (c.kind !== 'response' && c.kind !== 'error') return false;
    const key = c.hasId ? idKey(c.id) : null;
    if (key !== null && this.open.delete(key)) return true;
    // An error with a null id, or with the id of the invalid request it refuses, answers one invalid element.
    if (this.nullIdLeft > 0 && c.kind === 'error' && (key === null || this.invalid.delete(key))) {
      this.nullIdLeft--;
      return true;
    }
    // A reply whose id is null (not absent) answers a request sent with a null id.
    if (this.nullIdRequestsLeft > 0 && c.hasId && c.id === null) {
      this.nullIdRequestsLeft--;
      return true;
    }
    return false;
  }

  /** Requests the transport saw answered on their own POST by an error without their id; true if any was open. */
  settle(ids: readonly string[]): boolean {
    return ids.map((id) => this.open.delete(id)).some(Boolean);
  }

  get missing(): number {
    return this.open.size + this.nullIdLeft + this.nullIdRequestsLeft;
  }

  get expected(): number {
    return this.e.ids.length + this.e.nullIdErrors + this.e.nullIdRequests;
  }
}
