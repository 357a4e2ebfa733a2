// Checks one message against the JSON-RPC 2.0 envelope and says what it is, so later checks can trust its shape.
import { idKey, isPlainObject } from '../jsonrpc.js';
import type { LintContext, Msg } from './lint-context.js';

export type Envelope =
  | { kind: 'request'; valid: boolean; method: string; id: unknown; key: string | null }
  | { kind: 'notification'; valid: boolean; method: string }
  | { kind: 'response'; valid: boolean; hasId: boolean; id: unknown; key: string | null }
  | { kind: 'error'; valid: boolean; hasId: boolean; id: unknown; key: string | null; code: number | null; message: string }
  | { kind: 'invalid'; valid: false };

function checkId(ctx: LintContext, m: Msg, isRequest: boolean): boolean {
  if (!('id' in m.obj)) return true;
  const id = m.obj.id;
  if (id === null) {
    if (isRequest) ctx.emit('jsonrpc/null-id', m.seq, `Request${m.where} has id null; a null id can't be told apart from "id unreadable".`);
    return true;
  }
  if (typeof id === 'number') {
    // A response must echo the id it got, fractional or not: only the request chose it.
    if (isRequest && !Number.isInteger(id)) ctx.emit('jsonrpc/fractional-id', m.seq, `Id ${id}${m.where} has a fractional part.`);
    return true;
  }
  if (typeof id === 'string') return true;
  ctx.emit('jsonrpc/invalid-id-type', m.seq, `Id${m.where} is ${Array.isArray(id) ? 'an array' : typeof id}; it must be a string or a number.`);
  return false;
}

function checkErrorObject(ctx: LintContext, m: Msg): { code: number | null; message: string } {
  const err = m.obj.error;
  if (!isPlainObject(err)) {
    ctx.emit('jsonrpc/error-object-shape', m.seq, `"error"${m.where} is ${err === null ? 'null' : typeof err}, not an object.`);
    return { code: null, message: '' };
  }
  const problems: string[] = [];
  if (!Number.isInteger(err.code)) problems.push(`"code" is ${JSON.stringify(err.code) ?? 'missing'}, not an integer`);
  if (typeof err.message !== 'string') problems.push(`"message" is ${err.message === undefined ? 'missing' : typeof err.message}, not a string`);
  if (problems.length > 0) ctx.emit('jsonrpc/error-object-shape', m.seq, `Error object${m.where}: ${problems.join('; ')}.`);
  return { code: typeof err.code === 'number' ? err.code : null, message: typeof err.message === 'string' ? err.message : '' };
}

export function checkEnvelope(ctx: LintContext, m: Msg): Envelope {
  const o = m.obj;
  let valid = true;
  if (!('jsonrpc' in o)) {
    ctx.emit('jsonrpc/missing-version', m.seq, `Message${m.where} has no "jsonrpc" member.`);
    valid = false;
  } else if (o.jsonrpc !== '2.0') {
    ctx.emit('jsonrpc/wrong-version', m.seq, `"jsonrpc" is ${JSON.stringify(o.jsonrpc)}${m.where}; it must be the string "2.0".`);
    valid = false;
  }
  if ('method' in o) {
    if (typeof o.method !== 'string') {
      ctx.emit('jsonrpc/method-not-string', m.seq, `"method"${m.where} is ${JSON.stringify(o.method)}, not a string.`);
      checkId(ctx, m, true);
      return { kind: 'invalid', valid: false };
    }
    const method = o.method;
    if (method.startsWith('rpc.')) ctx.emit('jsonrpc/reserved-method', m.seq, `"${method}"${m.where} uses the reserved "rpc." prefix.`);
    if ('params' in o) {
      const p = o.params;
      if (p === null || typeof p !== 'object') {
        ctx.emit('jsonrpc/params-not-structured', m.seq, `"params"${m.where} is ${p === null ? 'null' : typeof p}; it must be an object or an array.`);
        valid = false;
      } else if (Array.isArray(p)) {
        ctx.emit('mcp/params-not-object', m.seq, `${method}${m.where} has positional (array) params; MCP methods take an object.`);
      }
    }
    const isRequest = 'id' in o;
    if (!checkId(ctx, m, isRequest)) valid = false;
    return isRequest ? { kind: 'request', valid, method, id: o.id, key: idKey(o.id) } : { kind: 'notification', valid, method };
  }
  const hasResult = 'result' in o;
  const hasError = 'error' in o;
  if (!hasResult && !hasError) {
    const what = 'id' in o ? 'has an id but no "method", "result" or "error"' : 'has no "method", "result" or "error"';
    ctx.emit('jsonrpc/no-result-or-error', m.seq, `Message${m.where} ${what}.`);
    return { kind: 'invalid', valid: false };
  }
  if (hasResult && hasError) ctx.emit('jsonrpc/result-and-error', m.seq, `Response${m.where} has both "result" and "error".`);
  if (!checkId(ctx, m, false)) valid = false;
  const ids = { hasId: 'id' in o, id: o.id, key: idKey(o.id) };
  if (hasError) return { kind: 'error', valid, ...ids, ...checkErrorObject(ctx, m) };
  return { kind: 'response', valid, ...ids };
}
