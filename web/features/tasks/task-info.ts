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

/**
 * Merges sightings of tasks into the known ones, keeping first-seen order. A sighting replaces what is known unless it
 * is older: a terminal status is final (a late 'working' notification never revives a cancelled task), and between two
 * sightings that both carry lastUpdatedAt the later one wins, whichever arrived last.
 */
export function mergeTasks(known: readonly TaskInfo[], seen: readonly TaskInfo[]): TaskInfo[] {
  const byId = new Map(known.map((t) => [t.taskId, t] as const));
  for (const t of seen) {
    const prev = byId.get(t.taskId);
    if (prev && isOlder(t, prev)) continue;
    // A sighting is the task's whole state: a status message it lacks is gone. One that a task carries unchanged into a
    // terminal status described the work (the SDK's store keeps the last "Synthesizing…" on a completed task): stale.
    const next: TaskInfo = { ...prev, ...t };
    const carried = prev !== undefined && isTerminal(t.status) && !isTerminal(prev.status) && t.statusMessage === prev.statusMessage;
    if (t.statusMessage === undefined || carried) delete next.statusMessage;
    byId.set(t.taskId, next);
  }
  return [...byId.values()];
}

function isOlder(next: TaskInfo, prev: TaskInfo): boolean {
  if (isTerminal(prev.status) && !isTerminal(next.status)) return true;
  const a = next.lastUpdatedAt === undefined ? NaN : Date.parse(next.lastUpdatedAt);
  const b = prev.lastUpdatedAt === undefined ? NaN : Date.parse(prev.lastUpdatedAt);
  return !Number.isNaN(a) && !Number.isNaN(b) && a < b;
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
