// Small readers over the server's replies, shared by the verdict functions so each stays a short decision list.
import { classifyValue, isPlainObject } from '../jsonrpc.js';
import type { FaultReply } from './fault-types.js';
import { isHttpErrorDocument } from '../http-answer.js';

/** A JSON-RPC response or error response; an HTTP layer's OAuth or problem document is neither. */
export function isResponse(value: unknown): boolean {
  const kind = classifyValue(value).kind;
  return (kind === 'response' || kind === 'error') && !isHttpErrorDocument(value);
}

/** Replies that answer something: responses, error responses, and arrays holding any. Server requests and notifications are not answers. */
export function answersIn(replies: readonly FaultReply[]): unknown[] {
  return replies.flatMap((r) => (r.value !== undefined && (isResponse(r.value) || (Array.isArray(r.value) && r.value.some(isResponse))) ? [r.value] : []));
}

/** Lines that were not JSON at all: stdout must carry nothing but MCP messages. */
export function noiseIn(replies: readonly FaultReply[]): FaultReply[] {
  return replies.filter((r) => r.value === undefined);
}

export function errorCode(value: unknown): number | null {
  if (!isPlainObject(value) || !isPlainObject(value.error)) return null;
  return typeof value.error.code === 'number' ? value.error.code : null;
}

/** An error response by its member, whatever is inside it ({"code": "oops"} is an error reply, not a result). */
function isErrorReply(value: unknown): boolean {
  return isPlainObject(value) && 'error' in value && !('result' in value);
}

/** What is wrong with an error response's error object (lint's jsonrpc/error-object-shape), or null. */
export function errorShapeProblem(value: unknown): string | null {
  if (!isErrorReply(value)) return null;
  const err = (value as Record<string, unknown>).error;
  if (!isPlainObject(err)) return `its "error" is ${err === null ? 'null' : Array.isArray(err) ? 'an array' : typeof err}, not an object`;
  const problems = [
    typeof err.code === 'number' && Number.isInteger(err.code) ? '' : `code ${JSON.stringify(err.code) ?? 'missing'} is not an integer`,
    typeof err.message === 'string' ? '' : 'no message string',
  ].filter(Boolean);
  return problems.length > 0 ? `a malformed error object (${problems.join(', ')})` : null;
}

export function describeAnswer(value: unknown): string {
  if (Array.isArray(value)) return `an array of ${value.length}`;
  const code = errorCode(value);
  const id = isPlainObject(value) ? JSON.stringify(value.id) : 'none';
  if (code === null && isErrorReply(value))
    return `an error response with ${errorShapeProblem(value) ?? 'an unreadable error'}: ${JSON.stringify((value as Record<string, unknown>).error)?.slice(0, 60)} (id ${id})`;
  return code === null ? `a result (id ${id})` : `error ${code} (id ${id})`;
}

/**
 * A request lint reads as one: jsonrpc "2.0", a string method, a string or integer id, structured params. Silence on
 * it is an unanswered request (lint's jsonrpc/unanswered-request, a MUST); silence on anything less is not.
 */
export function isWellFormedRequest(text: string): boolean {
  // An embedded newline cuts it into broken lines on stdio (the only transport whose presets carry one).
  if (text.trimEnd().includes('\n')) return false;
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return false;
  }
  if (!isPlainObject(v) || v.jsonrpc !== '2.0' || typeof v.method !== 'string') return false;
  const idOk = typeof v.id === 'string' || (typeof v.id === 'number' && Number.isInteger(v.id));
  return idOk && (v.params === undefined || (typeof v.params === 'object' && v.params !== null));
}

export function quoteNoise(noise: readonly FaultReply[]): string {
  const first = noise[0]?.text ?? '';
  return `${noise.length} line${noise.length === 1 ? '' : 's'} that ${noise.length === 1 ? 'is' : 'are'} not JSON ("${first.slice(0, 60)}")`;
}
