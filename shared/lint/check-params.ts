// Checks what the client asks against what the server listed: tools/call arguments against the tool's inputSchema,
// prompts/get arguments against the prompt's required ones. Only the session's latest list counts.
import { isPlainObject } from '../jsonrpc.js';
import type { LintContext, Msg } from './lint-context.js';
import type { McpSession } from './mcp-session.js';

/** Whether a tools/call's arguments fit the tool's inputSchema: true, false, or null when the schema is unknown. */
export type ArgsFit = boolean | null;

/**
 * Whether the arguments fit the listed tool's inputSchema: true, false, or null when the tool or its schema is unknown.
 * With the `toolArgumentFindings: false` option nothing is reported and nothing validated now: the answer is a function
 * that validates when asked (only a -32603 answer asks), for a client that breaks schemas on purpose (fuzz).
 */
function checkToolArguments(ctx: LintContext, m: Msg, params: Record<string, unknown>, session: McpSession): ArgsFit | (() => ArgsFit) {
  const name = typeof params.name === 'string' ? params.name : null;
  const tool = session.tools.get(name);
  if (!tool) return null;
  // A missing `arguments` is an empty object to the server: a schema with required properties still fails.
  const args = params.arguments === undefined ? {} : params.arguments;
  const quiet = ctx.options.toolArgumentFindings === false;
  if (!isPlainObject(args)) {
    if (!quiet)
      ctx.emit(
        'mcp/tool-arguments-schema',
        m.seq,
        `tools/call of "${name}"${m.where} sends arguments that are ${Array.isArray(args) ? 'an array' : typeof args}, not an object.`,
      );
    return false;
  }
  const check = session.tools.validatorFor(tool, ctx.options.jsonSchemaValidator, 'input');
  if (quiet) return () => (check ? check(args).valid : null);
  const r = check?.(args);
  if (r && !r.valid)
    ctx.emit('mcp/tool-arguments-schema', m.seq, `The arguments of tools/call "${name}"${m.where} fail its inputSchema: ${r.errorMessage ?? 'invalid'}.`);
  return r ? r.valid : null;
}

function checkPromptArguments(ctx: LintContext, m: Msg, params: Record<string, unknown>, session: McpSession): void {
  const prompt = session.prompts.get(params.name);
  if (!prompt) return;
  const args = isPlainObject(params.arguments) ? params.arguments : {};
  const missing = prompt.required.filter((a) => args[a] === undefined);
  const notString = Object.keys(args).filter((a) => typeof args[a] !== 'string');
  const what = [
    missing.length > 0 ? `lacks required argument${missing.length > 1 ? 's' : ''} ${missing.map((a) => `"${a}"`).join(', ')}` : '',
    notString.length > 0 ? `passes ${notString.map((a) => `"${a}"`).join(', ')} as non-string` : '',
  ].filter(Boolean);
  if (what.length > 0) ctx.emit('mcp/prompt-arguments-missing', m.seq, `prompts/get "${String(params.name)}"${m.where} ${what.join(' and ')}.`);
}

/** For a tools/call, whether its arguments fit the tool's inputSchema (null: unknown; see checkToolArguments); null for anything else. */
export function checkClientParams(ctx: LintContext, m: Msg, method: string, session: McpSession): ArgsFit | (() => ArgsFit) {
  if (m.sender !== 'client' || !isPlainObject(m.obj.params)) return null;
  if (method === 'tools/call') return checkToolArguments(ctx, m, m.obj.params, session);
  if (method === 'prompts/get') checkPromptArguments(ctx, m, m.obj.params, session);
  return null;
}
