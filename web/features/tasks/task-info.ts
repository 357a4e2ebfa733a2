// Reads tasks (2025-11-25) out of whatever the server sent: list and get results, CreateTaskResult, status notifications.
import { isPlainObject } from '../../../shared/jsonrpc.js';

export interface TaskInfo {
  taskId: string;
  status: string;
  statusMessage?: string;
  lastUpdatedAt?: string;
  ttl?: number | null;
  pollInterval?: number;
}

const TERMINAL = new Set(['completed', 'failed', 'cancelled']);

export function isTerminal(status: string): boolean {
  return TERMINAL.has(status);
}

/** A Task object, or null when the value is not one (a server may send anything; we show what we can). */
export function toTask(value: unknown): TaskInfo | null {
  if (!isPlainObject(value) || typeof value.taskId !== 'string') return null;
  const t: TaskInfo = { taskId: value.taskId, status: typeof value.status === 'string' ? value.status : '?' };
  if (typeof value.statusMessage === 'string') t.statusMessage = value.statusMessage;
  if (typeof value.lastUpdatedAt === 'string') t.lastUpdatedAt = value.lastUpdatedAt;
  if (typeof value.ttl === 'number' || value.ttl === null) t.ttl = value.ttl;
  if (typeof value.pollInterval === 'number') t.pollInterval = value.pollInterval;
  return t;
}

export function tasksOfList(result: Record<string, unknown>): TaskInfo[] {
  return Array.isArray(result.tasks) ? result.tasks.flatMap((t) => toTask(t) ?? []) : [];
}

/** Merges newer sightings of tasks into the known ones, keeping first-seen order; a later sighting wins. */
export function mergeTasks(known: readonly TaskInfo[], seen: readonly TaskInfo[]): TaskInfo[] {
  const byId = new Map(known.map((t) => [t.taskId, t] as const));
  for (const t of seen) byId.set(t.taskId, { ...byId.get(t.taskId), ...t });
  return [...byId.values()];
}

export interface TaskTool {
  name: string;
  taskSupport: 'optional' | 'required';
  inputSchema: unknown;
}

/** Tools that may be called as tasks (`execution.taskSupport` optional or required). */
export function taskTools(listResult: Record<string, unknown>): TaskTool[] {
  const tools = Array.isArray(listResult.tools) ? listResult.tools : [];
  return tools.flatMap((t) => {
    if (!isPlainObject(t) || typeof t.name !== 'string' || !isPlainObject(t.execution)) return [];
    const support = t.execution.taskSupport;
    return support === 'optional' || support === 'required' ? [{ name: t.name, taskSupport: support, inputSchema: t.inputSchema }] : [];
  });
}
