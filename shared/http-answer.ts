// What an HTTP answer means for the requests its POST carried, in one place for the relay, both clients and the linter:
// the `http-answer` event (an answer that settles them without a JSON-RPC response bearing their ids), the id-less
// error that answers them, and the HTTP error documents that are no JSON-RPC at all.
import { z } from 'zod';
import { classifyValue, idKey, isPlainObject, parseJson } from './jsonrpc.js';
import type { FrameRecord } from './relay-protocol.js';

export const HttpAnswerEventSchema = z.object({
  event: z.literal('http-answer'),
  /** The requests the POST carried (idKey text), none of which got a response with its id in this answer. */
  requestIds: z.array(z.string()),
  status: z.number().int(),
  /** The HTTP exchange that carried the request and its answer. */
  exchange: z.string(),
  message: z.string(),
  /** The frame holding the server's JSON-RPC error with a null id, which answers them; absent when the body held no JSON-RPC at all. */
  seq: z.number().int().optional(),
  /** The WWW-Authenticate challenge of a 401 (or 403), as sent: how the server asks for authorization. */
  challenge: z.string().optional(),
});
export type HttpAnswerEvent = z.infer<typeof HttpAnswerEventSchema>;

/** The http-answer events among recorded frames (relay event frames), in order. */
export function readHttpAnswers(frames: Iterable<Pick<FrameRecord, 'dir' | 'kind' | 'method' | 'text'>>): HttpAnswerEvent[] {
  const out: HttpAnswerEvent[] = [];
  for (const f of frames) {
    if (f.dir !== 'relay' || f.kind !== 'event' || f.method !== 'http-answer') continue;
    const parsed = parseJson(f.text);
    const ev = parsed.ok ? HttpAnswerEventSchema.safeParse(parsed.value) : null;
    if (ev?.success) out.push(ev.data);
  }
  return out;
}

/**
 * True for a JSON object that is none of JSON-RPC's shapes (no jsonrpc, method, result or id) but an HTTP error
 * document: an OAuth error (RFC 6749 §5.2, RFC 6750 §3: {"error": "invalid_token", …}) or a problem document (RFC 9457:
 * {type, title, status}). A server's 401 carries one; it is part of the HTTP exchange, not a malformed JSON-RPC frame.
 */
export function isHttpErrorDocument(value: unknown): boolean {
  if (!isPlainObject(value) || 'jsonrpc' in value || 'method' in value || 'result' in value || 'id' in value) return false;
  const oauth = typeof value.error === 'string';
  const problem = typeof value.title === 'string' && typeof value.status === 'number';
  return oauth || problem;
}

/** A JSON-RPC error whose id is missing, null or unreadable: it answers no request by id. */
export function isIdlessError(value: unknown): boolean {
  const c = classifyValue(value);
  return c.kind === 'error' && (!c.hasId || idKey(c.id) === null);
}

/**
 * Streamable HTTP: "If the server cannot accept the input, it MUST return an HTTP error status code … The HTTP response
 * body MAY comprise a JSON-RPC error response that has no id." So an id-less error answers the requests of the POST
 * that carried it; it is allowed with an error status, and a deviation (still the answer) with a success status.
 */
export function idlessErrorAllowed(status: number): boolean {
  return status >= 400;
}

/** True when a body (parsed) answers none of `requestIds` by id but holds an id-less error: then it answers them. */
export function answersWithoutId(value: unknown, requestIds: readonly string[]): boolean {
  let anonymous = false;
  for (const item of Array.isArray(value) ? value : [value]) {
    const c = classifyValue(item);
    if (c.kind !== 'response' && c.kind !== 'error') continue;
    const key = c.hasId ? idKey(c.id) : null;
    if (key !== null && requestIds.includes(key)) return false;
    if (isIdlessError(item)) anonymous = true;
  }
  return anonymous;
}
