// `mcpscope call --method`: one request, any method and any params, after the handshake; its result on stdout.
import { isErrorResponse } from '../../shared/engine/index.js';
import { isPlainObject } from '../../shared/jsonrpc.js';
import type { CallOptions } from './call-args.js';
import { callFailure, callHandshake } from './call-handshake.js';
import { EXIT, printRpcError, toolErrorNote, transportKind, type Output } from './call-output.js';
import type { CallSession } from './call-session.js';
import { createdTaskId, followTask } from './follow-task.js';
import { listToolsFirst, wantsToolList } from './list-tools-first.js';

export const REQUEST_TIMEOUT_MS = 30_000;
/** How long a call follows a task it started (at least --timeout): tasks are for work longer than one request. */
const TASK_FOLLOW_MS = 10 * 60_000;

export async function runRequest(session: CallSession, o: CallOptions & { mode: { kind: 'method' } }, out: Output): Promise<number> {
  const timeoutMs = o.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const transport = transportKind(o.target);
  const { method, params } = o.mode;
  let version = o.protocolVersion;
  // The transport's warnings explain what the server's answer alone does not (a missing Mcp-Param-* header, say).
  const unwatch = session.onFrame((f) => {
    if (f.kind === 'event' && f.method === 'warning') out.note(`warning: ${(JSON.parse(f.text) as { message: string }).message}`);
  });
  try {
    const conn = await callHandshake(session, o, timeoutMs, out);
    if (conn) version = conn.protocolVersion;
    if (wantsToolList(method, o.listFirst, conn !== null)) await listToolsFirst(session, timeoutMs, out);
    const warning = session.engine.capabilityWarning(method, params);
    if (warning) out.note(`warning: ${warning}`);
    let response = await session.engine.request(method, params, {
      origin: 'user',
      timeoutMs,
      ...(o.progress ? { resetTimeoutOnProgress: true, onProgress: (p: Record<string, unknown>) => out.note(`progress ${JSON.stringify(p)}`) } : {}),
    });
    // A tool called as a task: what the user wants is the task's outcome, not the handle to it.
    const created =
      method === 'tools/call' && isPlainObject(params) && isPlainObject(params.task) && !isErrorResponse(response) ? createdTaskId(response.result) : null;
    if (created) {
      out.note(`the server created task ${created.taskId}: ${JSON.stringify(response.result)}`);
      response = await followTask(session, created, timeoutMs, Math.max(timeoutMs, TASK_FOLLOW_MS), out);
    }
    if (isErrorResponse(response))
      return printRpcError(out, response, { protocolVersion: version, transport, what: created ? `task ${created.taskId}` : method });
    out.json(response.result ?? null);
    // Only a tool's result has isError; any other method's result is printed as it came, exit 0.
    const toolError = method === 'tools/call' ? toolErrorNote(response.result) : null;
    if (toolError === null) return EXIT.result;
    out.note(toolError);
    return EXIT.toolError;
  } catch (err) {
    return callFailure(out, err, session, o, version);
  } finally {
    unwatch();
  }
}
