// The client's side of 2025-11-25 tasks: a server's task-augmented sampling or elicitation request gets a task at once
// (CreateTaskResult), its handler runs behind it, and the server's tasks/get|result|list|cancel read and end those tasks.
import { isPlainObject } from '../jsonrpc.js';

type Outcome = { result: unknown } | { error: { code: number; message: string; data?: unknown } };

/** The requests a server may augment with a task here, as the path under `capabilities.tasks.requests` that says so. */
export const TASK_REQUESTS: Record<string, readonly [string, string]> = {
  'sampling/createMessage': ['sampling', 'createMessage'],
  'elicitation/create': ['elicitation', 'create'],
};

/** The methods a server sends to read and end the client's tasks. */
export const TASK_METHODS = ['tasks/get', 'tasks/result', 'tasks/list', 'tasks/cancel'] as const;

const RELATED_TASK = 'io.modelcontextprotocol/related-task';
// A person answers these requests: the server may poll for as long as the task lives, but not forever.
const DEFAULT_TTL_MS = 10 * 60_000;
const MAX_TTL_MS = 60 * 60_000;
const POLL_INTERVAL_MS = 1000;
// A server that asks and asks: keep the newest tasks, not all.
const MAX_TASKS = 100;

interface Task {
  taskId: string;
  status: 'working' | 'completed' | 'failed' | 'cancelled';
  statusMessage?: string;
  createdAt: string;
  lastUpdatedAt: string;
  ttl: number;
  pollInterval: number;
}

interface Entry {
  task: Task;
  expiresAt: number;
  /** Settles with the request's own outcome when the task ends. */
  done: Promise<Outcome>;
  settle: (outcome: Outcome) => void;
}

const invalid = (message: string): Outcome => ({ error: { code: -32602, message } });

/** The `tasks` client capability for the task-capable request methods this client answers. */
export function tasksCapability(answered: (method: string) => boolean): Record<string, unknown> {
  const requests: Record<string, Record<string, object>> = {};
  for (const [method, [kind, name]] of Object.entries(TASK_REQUESTS)) {
    if (answered(method)) requests[kind] = { ...requests[kind], [name]: {} };
  }
  return { list: {}, cancel: {}, ...(Object.keys(requests).length > 0 ? { requests } : {}) };
}

/** Whether a server request asks to run as a task (`params.task` present, 2025-11-25). */
export function asksForTask(method: string, params: unknown): params is { task: Record<string, unknown> } {
  return method in TASK_REQUESTS && isPlainObject(params) && isPlainObject(params.task);
}

export class ClientTasks {
  private readonly tasks = new Map<string, Entry>();
  private counter = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** Starts a task around `run` and returns the CreateTaskResult to send at once. */
  create(taskParams: Record<string, unknown>, run: () => Promise<Outcome>): { task: Task } {
    this.expire();
    const at = this.now();
    const asked = typeof taskParams.ttl === 'number' && taskParams.ttl > 0 ? taskParams.ttl : DEFAULT_TTL_MS;
    const stamp = new Date(at).toISOString();
    const task: Task = {
      taskId: `mcpscope-task-${++this.counter}-${at.toString(36)}`,
      status: 'working',
      createdAt: stamp,
      lastUpdatedAt: stamp,
      ttl: Math.min(asked, MAX_TTL_MS),
      pollInterval: POLL_INTERVAL_MS,
    };
    let settle!: (outcome: Outcome) => void;
    const entry: Entry = { task, expiresAt: at + task.ttl, done: new Promise((resolve) => (settle = resolve)), settle: (o) => settle(o) };
    void run().then((outcome) => {
      // A cancelled task keeps its status: the answer that comes after it is not delivered.
      if (entry.task.status !== 'working') return;
      this.move(entry, 'error' in outcome ? 'failed' : 'completed', 'error' in outcome ? outcome.error.message : undefined);
      entry.settle(outcome);
    });
    this.tasks.set(task.taskId, entry);
    if (this.tasks.size > MAX_TASKS) this.tasks.delete(this.tasks.keys().next().value!);
    return { task: { ...task } };
  }

  /** Answers one of the server's tasks/* requests. */
  async answer(method: string, params: unknown): Promise<Outcome> {
    this.expire();
    if (method === 'tasks/list') return { result: { tasks: [...this.tasks.values()].map((e) => ({ ...e.task })) } };
    const id = isPlainObject(params) && typeof params.taskId === 'string' ? params.taskId : null;
    const entry = id === null ? undefined : this.tasks.get(id);
    if (!entry) return invalid(id === null ? `${method} needs params.taskId (a string)` : `No task ${JSON.stringify(id)} on this client (unknown or expired)`);
    if (method === 'tasks/get') return { result: { ...entry.task } };
    if (method === 'tasks/cancel') {
      if (entry.task.status !== 'working') return invalid(`Cannot cancel task ${entry.task.taskId}: already ${entry.task.status}`);
      this.move(entry, 'cancelled', 'cancelled by the server');
      // As the SDK does: tasks/result of a cancelled task is an internal error that says so.
      entry.settle({ error: { code: -32603, message: `Task ${entry.task.taskId} was cancelled` } });
      return { result: { ...entry.task } };
    }
    // tasks/result waits for the end, then answers with what the request itself would have returned (or its error).
    const outcome = await entry.done;
    const meta = { [RELATED_TASK]: { taskId: entry.task.taskId } };
    if ('error' in outcome) return { error: { ...outcome.error, data: { ...(isPlainObject(outcome.error.data) ? outcome.error.data : {}), _meta: meta } } };
    const result = isPlainObject(outcome.result) ? outcome.result : {};
    return { result: { ...result, _meta: { ...(isPlainObject(result._meta) ? result._meta : {}), ...meta } } };
  }

  private move(entry: Entry, status: Task['status'], statusMessage: string | undefined): void {
    entry.task.status = status;
    entry.task.lastUpdatedAt = new Date(this.now()).toISOString();
    if (statusMessage === undefined) delete entry.task.statusMessage;
    else entry.task.statusMessage = statusMessage;
  }

  private expire(): void {
    const at = this.now();
    for (const [id, e] of this.tasks) if (e.expiresAt <= at) this.tasks.delete(id);
  }
}
