// Checks a result against its request: schema for the version, fields too new, 2026 result rules, tool outputs.
import { isPlainObject } from '../jsonrpc.js';
import type { ProtocolVersion } from '../mcp-versions.js';
import type { LintContext, Msg } from './lint-context.js';
import type { PendingRequest } from './exchange-tracker.js';
import type { McpSession } from './mcp-session.js';
import { resultIssues } from './result-schemas.js';
import { describeTooNew, tooNewInResult } from './version-fields.js';
import { missingCapability } from './capability-gates.js';

function checkInputRequests(ctx: LintContext, m: Msg, p: PendingRequest, result: Record<string, unknown>, v: ProtocolVersion): void {
  if (!isPlainObject(result.inputRequests)) return;
  for (const [key, req] of Object.entries(result.inputRequests)) {
    if (!isPlainObject(req) || typeof req.method !== 'string') continue;
    const missing = missingCapability(req.method, req.params, v, { client: p.clientCaps ?? {}, server: null });
    if (missing)
      ctx.emit('mcp/capability-not-declared', m.seq, `inputRequests.${key} asks for ${req.method}, but the request did not declare the ${missing}.`, [p.seq]);
  }
}

function checkToolCall(ctx: LintContext, m: Msg, p: PendingRequest, result: Record<string, unknown>, session: McpSession): void {
  const tool = session.tools.get(p.toolName);
  if (result.isError === true) {
    if (!tool && p.toolName !== null && session.tools.complete) {
      ctx.emit(
        'mcp/unknown-tool-as-result',
        m.seq,
        `tools/call of unknown tool "${p.toolName}" was answered with an isError result; an unknown tool is a -32602 error.`,
        [p.seq],
      );
    }
    return;
  }
  if (!tool?.outputSchema) return;
  if (!('structuredContent' in result)) {
    ctx.emit('mcp/structured-content-schema', m.seq, `Tool "${p.toolName}" declares an outputSchema, but the result has no structuredContent.`, [p.seq]);
    return;
  }
  const check = session.tools.validatorFor(tool, ctx.options.jsonSchemaValidator);
  const r = check?.(result.structuredContent);
  if (r && !r.valid)
    ctx.emit('mcp/structured-content-schema', m.seq, `structuredContent of "${p.toolName}" fails its outputSchema: ${r.errorMessage ?? 'invalid'}.`, [p.seq]);
}

export function checkResult(ctx: LintContext, m: Msg, p: PendingRequest, session: McpSession): void {
  const result = m.obj.result;
  const v = session.rulesVersion;
  if (p.method === 'tools/list' && p.requester === 'client') session.tools.update(result, p.hadCursor);
  if (p.method === 'prompts/list' && p.requester === 'client') session.prompts.update(result, p.hadCursor);
  if (!v) return;
  if (v === '2026-07-28' && isPlainObject(result)) {
    if (!('resultType' in result)) ctx.emit('mcp/missing-result-type', m.seq, `The ${p.method} result has no resultType.`, [p.seq]);
    // An input_required result is a question back to the client, not the method's result: its schema does not apply.
    if (result.resultType === 'input_required') return checkInputRequests(ctx, m, p, result, v);
  }
  const issues = resultIssues(p.method, result, v, p.taskAugmented);
  if (issues.length > 0) {
    const more = issues.length > 3 ? ` (+${issues.length - 3} more)` : '';
    ctx.emit('mcp/result-schema', m.seq, `The ${p.method} result does not match its ${v} schema: ${issues.slice(0, 3).join('; ')}${more}.`, [p.seq]);
  }
  const tooNew = tooNewInResult(p.method, result, v);
  if (tooNew.length > 0) ctx.emit('mcp/field-not-in-version', m.seq, `${describeTooNew(tooNew, v)}.`, [p.seq]);
  if (p.method === 'tools/call' && !p.taskAugmented && isPlainObject(result)) checkToolCall(ctx, m, p, result, session);
}
