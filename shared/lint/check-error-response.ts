// Checks an error response: codes from reserved ranges or other versions, a declared capability answered -32601 (and
// an unknown tool answered -32601, which is a wrong code, not a missing capability), and tool failures sent as
// protocol errors.
import type { ProtocolVersion } from '../mcp-versions.js';
import type { ErrorRange } from '../error-codes/error-code-types.js';
import type { LintContext, Msg } from './lint-context.js';
import type { PendingRequest } from './exchange-tracker.js';
import type { McpSession } from './mcp-session.js';
import { errorRange } from '../error-codes/error-ranges.js';
import { wireErrorEntry } from '../error-codes/wire-error-codes.js';
import { checkMethod, versionIndex } from './mcp-methods.js';
import { declaredCapability } from './capability-gates.js';
import { VALIDATION_MESSAGE } from '../error-codes/jsonrpc-error-entries.js';

/** JSON-RPC errors a tools/call may legitimately end with, whatever the version says about tool failures. */
const PROTOCOL_LEVEL = new Set([-32700, -32600, -32601, -32602, -32603]);
const SPEC_TOOL_ERRORS: Record<number, string> = { [-32042]: '2025-11-25', [-32020]: '2026-07-28', [-32021]: '2026-07-28', [-32022]: '2026-07-28' };
const VALIDATION = /validat|invalid arguments?|expected|required|must be/i;
const UNKNOWN_TOOL = /not found|unknown tool|no such tool|disabled/i;
/** A -32601 message that speaks of the tool rather than the method ("Method not found" alone does not). */
const TOOL_MISSING = /\btool\b.*(not found|unknown|no such|does not exist|disabled)|(unknown|no such)\s+tool/i;

/** -32602 for a tools/call is right for an unknown tool, a malformed request, and (up to 2025-06-18) invalid arguments. */
function isRightfulInvalidParams(p: PendingRequest, message: string, v: ProtocolVersion | null, session: McpSession): boolean {
  if (!v || versionIndex(v) < versionIndex('2025-11-25') || p.malformedCall) return true;
  // With the server's whole tool list known, an unlisted tool is unknown whatever the message says.
  if (session.tools.complete && !session.tools.get(p.toolName)) return true;
  return !VALIDATION.test(message) || UNKNOWN_TOOL.test(message);
}

/** Whether the call's arguments fit its tool's inputSchema, worked out now when the linter left it for later. */
function argsFitOf(p: PendingRequest): boolean | null | undefined {
  return typeof p.argsFit === 'function' ? p.argsFit() : p.argsFit;
}

function checkToolFailure(ctx: LintContext, m: Msg, p: PendingRequest, code: number, message: string, session: McpSession): void {
  const v = session.rulesVersion;
  const tool = p.toolName === null ? 'the tool' : `"${p.toolName}"`;
  if (!PROTOCOL_LEVEL.has(code) && SPEC_TOOL_ERRORS[code] !== v) {
    ctx.emit(
      'mcp/tool-failure-channel',
      m.seq,
      `tools/call of ${tool} failed with JSON-RPC error ${code}; a tool that ran and failed returns a result with isError: true.`,
      [p.seq],
    );
  } else if (code === -32602 && !isRightfulInvalidParams(p, message, v, session)) {
    ctx.emit(
      'mcp/tool-failure-channel',
      m.seq,
      `Argument validation of ${tool} failed with -32602; since 2025-11-25 that is a result with isError: true, so the model can correct the call.`,
      [p.seq],
    );
  } else if (code === -32603 && session.tools.get(p.toolName) && !VALIDATION_MESSAGE.test(message) && argsFitOf(p) !== false) {
    // A listed tool, called with arguments its schema accepts, that fails: the tool's failure, sent on the protocol
    // channel ("business errors sent with a protocol error code"). A validation report is -32602's rule instead.
    ctx.emit(
      'mcp/tool-failure-channel',
      m.seq,
      `tools/call of ${tool} (listed, its arguments fit its inputSchema) failed with -32603 Internal error; a tool that ran and failed returns a result with isError: true.`,
      [p.seq],
    );
  }
}

/** Codes that belong to another version: forbidden to emit in 2026-07-28, drift in the versions before it. */
function checkVersionCode(ctx: LintContext, m: Msg, code: number, v: ProtocolVersion, range: ErrorRange): void {
  const entry = wireErrorEntry(code);
  if (entry && entry.versions !== 'all' && !entry.versions.includes(v)) {
    const rule = v === '2026-07-28' ? 'mcp/error-code-not-in-version' : 'mcp/error-code-from-other-version';
    ctx.emit(rule, m.seq, `Error code ${code} (${entry.name}) is not defined in ${v}. ${entry.outOfVersionNote ?? ''}`.trim());
  } else if (!entry && range === 'mcp-reserved') {
    ctx.emit(
      'mcp/error-code-unallocated',
      m.seq,
      `Error code ${code} lies in -32099…-32020, which ${v} reserves for codes the spec allocates, and this one is not allocated.`,
    );
  }
}

/**
 * A tools/call answered -32601 speaks of the capability only when the tool is one the server lists: for a tool it does
 * not have, the method exists and the name is wrong (mcp/unknown-tool-method-not-found); for a tool the list does not
 * settle either way, nothing can be said. Returns true when the capability rule may speak.
 */
function toolCallSpeaksOfCapability(ctx: LintContext, m: Msg, p: PendingRequest, message: string, session: McpSession): boolean {
  if (p.malformedCall) return false;
  const listed = session.tools.get(p.toolName);
  if (listed) return listed.taskSupport !== 'required'; // a plain call of a task-only tool MUST get -32601 (tasks utility)
  if (session.tools.complete || TOOL_MISSING.test(message)) {
    const why = session.tools.complete
      ? 'is not in the server’s tools/list'
      : `is unknown by the error’s own message (${JSON.stringify(message.slice(0, 80))})`;
    ctx.emit(
      'mcp/unknown-tool-method-not-found',
      m.seq,
      `tools/call of ${JSON.stringify(p.toolName)}, which ${why}, was answered -32601 (method not found); tools/call exists, the tool does not: the spec shows -32602 for an unknown tool.`,
      [p.seq],
    );
  }
  return false;
}

/** -32601 from the side that declared the capability the method belongs to. */
function checkDeclared(ctx: LintContext, m: Msg, p: PendingRequest, message: string, v: ProtocolVersion, session: McpSession): void {
  // A tool without task support answers a task-augmented call -32601, as the tasks utility says it should.
  if (p.taskAugmented || checkMethod(p.method, p.requester, 'request', v).verdict !== 'ok') return;
  const cap = declaredCapability(p.method, m.sender, v, session.caps);
  // Without the capability, -32601 is the right answer whatever the tool.
  if (!cap || (p.method === 'tools/call' && p.requester === 'client' && !toolCallSpeaksOfCapability(ctx, m, p, message, session))) return;
  ctx.emit('mcp/declared-capability-unsupported', m.seq, `${p.method} was answered -32601 (method not found), but the ${cap} was declared.`, [p.seq]);
}

export function checkErrorResponse(ctx: LintContext, m: Msg, code: number | null, message: string, p: PendingRequest | null, session: McpSession): void {
  if (code === null || !Number.isInteger(code)) return;
  const v = session.rulesVersion;
  const range = errorRange(code, v ?? undefined);
  if (code === -32603 && VALIDATION_MESSAGE.test(message)) {
    ctx.emit(
      'jsonrpc/invalid-params-as-internal-error',
      m.seq,
      `-32603 Internal error${p ? ` for ${p.method}` : ''} carries a validation report; invalid params are -32602.`,
      p ? [p.seq] : [],
    );
  }
  if (range === 'jsonrpc-reserved')
    ctx.emit('jsonrpc/reserved-error-code', m.seq, `Error code ${code} lies in the range JSON-RPC reserves (-32768…-32000) but is not defined.`);
  // server/discover exists only in 2026-07-28, so its answer speaks that version whatever the session settles on after
  // (a -32022 to it is how a server that lacks the version says so, and starts the era fallback).
  const codeVersion = p?.method === 'server/discover' ? '2026-07-28' : v;
  if (codeVersion) checkVersionCode(ctx, m, code, codeVersion, range);
  if (v && p && code === -32601) checkDeclared(ctx, m, p, message, v, session);
  if (p?.method === 'tools/call' && p.requester === 'client') checkToolFailure(ctx, m, p, code, message, session);
}
