// `mcpscope call --method tools/call` with `params.task`: the server answers with a task, and the call follows it —
// tasks/get at the server's poll interval (each status on stderr) until the task ends, then tasks/result on stdout.
import { isErrorResponse, type JsonRpcResponse } from '../../shared/engine/index.js';
import { isPlainObject } from '../../shared/jsonrpc.js';
import type { CallSession } from './call-session.js';
import type { Output } from './call-output.js';

const TERMINAL = new Set(['completed', 'failed', 'cancelled']);
// Within what the spec lets a server ask for, without hammering it or sleeping for minutes between polls.
const MIN_POLL_MS = 100;
const MAX_POLL_MS = 5_000;
const DEFAULT_POLL_MS = 1_000;

/** The taskId of a CreateTaskResult, or null when the answer is not one. */
export function createdTaskId(result: unknown): { taskId: string; pollInterval?: number } | null {
  if (!isPlainObject(result) || !isPlainObject(result.task) || typeof result.task.taskId !== 'string') return null;
  return { taskId: result.task.taskId, ...(typeof result.task.pollInterval === 'number' ? { pollInterval: result.task.pollInterval } : {}) };
}

/**
 * Polls the task until it ends (or `deadlineMs` passes), then asks for its result. Returns the response to print:
 * tasks/result's, or the last tasks/get's when the task was cancelled (it has no result then) or the deadline passed.
 */
export async function followTask(
  session: CallSession,
  created: { taskId: string; pollInterval?: number },
  timeoutMs: number,
  deadlineMs: number,
  out: Output,
): Promise<JsonRpcResponse> {
  const params = { taskId: created.taskId };
  const end = Date.now() + deadlineMs;
  let last = '';
  for (;;) {
    const got = await session.engine.request('tasks/get', params, { origin: 'bookkeeping', timeoutMs });
    if (isErrorResponse(got)) return got;
    const task = isPlainObject(got.result) ? got.result : {};
    const status = typeof task.status === 'string' ? task.status : '?';
    const line = `task ${created.taskId}: ${status}${typeof task.statusMessage === 'string' ? ` (${task.statusMessage})` : ''}`;
    if (line !== last) out.note((last = line));
    if (status === 'completed' || status === 'failed') break;
    if (TERMINAL.has(status) || Date.now() >= end) {
      if (!TERMINAL.has(status)) out.note(`stopped following task ${created.taskId} after ${deadlineMs} ms; it is still ${status}`);
      return got;
    }
    const interval = typeof task.pollInterval === 'number' ? task.pollInterval : (created.pollInterval ?? DEFAULT_POLL_MS);
    await new Promise((r) => setTimeout(r, Math.min(MAX_POLL_MS, Math.max(MIN_POLL_MS, interval))));
  }
  return session.engine.request('tasks/result', params, { origin: 'bookkeeping', timeoutMs });
}
