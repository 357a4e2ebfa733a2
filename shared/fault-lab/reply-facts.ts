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

export function describeAnswer(value: unknown): string {
  if (Array.isArray(value)) return `an array of ${value.length}`;
  const code = errorCode(value);
  const id = isPlainObject(value) ? JSON.stringify(value.id) : 'none';
  return code === null ? `a result (id ${id})` : `error ${code} (id ${id})`;
}

export function quoteNoise(noise: readonly FaultReply[]): string {
  const first = noise[0]?.text ?? '';
  return `${noise.length} line${noise.length === 1 ? '' : 's'} that ${noise.length === 1 ? 'is' : 'are'} not JSON ("${first.slice(0, 60)}")`;
}
