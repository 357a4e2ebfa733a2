// Error-path checks: the check provokes errors on purpose on its main connection (an unknown method, invalid params to a
// method the server declared), so the error object's shape and code reach the verdict, by the check and by lint's
// rules on the same frames (jsonrpc/error-object-shape). A server that answers {"code": "oops"} fails here.
import { isPlainObject } from '../jsonrpc.js';
import { ask, gotten, type Asked } from './ask.js';
import type { CheckContext, CheckDefinition, CheckOutcome } from './check-types.js';
import { ruleSentence } from './rule-sentence.js';

const NO_SUCH_METHOD = 'mcpscope/no-such-method';
const ERROR_SHAPE = () => ruleSentence('jsonrpc/error-object-shape')!;
const REPLY_OWED = () => ruleSentence('jsonrpc/unanswered-request')!;

/**
 * A request that is invalid for the method, on a method the server declared: a missing required parameter (tools/call,
 * prompts/get, resources/read without a name or uri) or a log level that does not exist.
 */
function invalidRequest(ctx: CheckContext): [method: string, params: Record<string, unknown>] | null {
  const caps = ctx.connection.serverCapabilities;
  if (isPlainObject(caps.tools)) return ['tools/call', { arguments: {} }];
  if (isPlainObject(caps.prompts)) return ['prompts/get', {}];
  if (isPlainObject(caps.resources)) return ['resources/read', {}];
  if (isPlainObject(caps.logging) && ctx.connection.era === 'legacy') return ['logging/setLevel', { level: 'mcpscope-no-such-level' }];
  return null;
}

/** An error that was asked for: none is a MUST broken, a malformed one another; a result or another code is a note. */
function gradeProvoked(a: Asked, what: string, code: number, name: string): CheckOutcome {
  if (a.failure !== null) return { ok: false, detail: `${what} got ${gotten(a)}`, frames: a.frames, spec: REPLY_OWED() };
  if (a.malformedError !== null) return { ok: false, detail: `${what} got ${a.malformedError}`, frames: a.frames, spec: ERROR_SHAPE() };
  if (a.error === null) return { ok: true, detail: `info (no keyword): ${what} got a result; JSON-RPC's code for it is ${code} (${name})`, frames: a.frames };
  if (a.error.code !== code)
    return { ok: true, detail: `${what} got error ${a.error.code}; info (no keyword): JSON-RPC's code for it is ${code} (${name})`, frames: a.frames };
  return { ok: true, detail: `${what} got error ${code} with a message`, frames: a.frames };
}

export const ERROR_CHECKS: CheckDefinition[] = [
  {
    id: 'lifecycle/unknown-method',
    group: 'lifecycle',
    title: 'an unknown method gets an error response with a code and a message',
    spec: ERROR_SHAPE(),
    fix: 'Answer a method you do not have with {"jsonrpc": "2.0", "id": <its id>, "error": {"code": -32601, "message": "Method not found"}}.',
    async run(ctx) {
      const a = await ask(ctx.main, NO_SUCH_METHOD, {}, ctx.timeoutMs);
      return gradeProvoked(a, NO_SUCH_METHOD, -32601, 'Method not found');
    },
  },
  {
    id: 'lifecycle/invalid-params',
    group: 'lifecycle',
    title: 'invalid params to a declared method get an error response with a code and a message',
    spec: ERROR_SHAPE(),
    fix: 'Answer a request whose params are missing or wrong with {"error": {"code": -32602, "message": "Invalid params: …"}}.',
    async run(ctx) {
      const req = invalidRequest(ctx);
      if (req === null) return { skip: 'the server declared none of tools, prompts, resources, logging: no method to send invalid params to' };
      const [method, params] = req;
      const a = await ask(ctx.main, method, params, ctx.timeoutMs);
      return gradeProvoked(a, `${method} ${JSON.stringify(params)}`, -32602, 'Invalid params');
    },
  },
];
