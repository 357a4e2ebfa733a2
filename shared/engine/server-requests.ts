// Requests the server sends the client (roots, sampling, elicitation, ping, tasks): the handlers for them, and their answers.
import { idKey } from '../jsonrpc.js';
import { asksForTask, ClientTasks, TASK_METHODS, TASK_REQUESTS, tasksCapability } from './client-tasks.js';
import { HandlerError } from './engine-errors.js';
import type { InputRequest } from './modern-meta.js';

export interface ServerRequestContext {
  method: string;
  /** The JSON-RPC id of the server's request; null when it came as a 2026 input request instead. */
  id: string | number | null;
  /** The key of the input request in an input_required result (2026-07-28). */
  inputKey?: string;
}

/** Returns the result to send; throw a HandlerError to answer with a chosen JSON-RPC error. */
export type ServerRequestHandler = (params: unknown, context: ServerRequestContext) => unknown;

export type HandlerOutcome = { result: unknown } | { error: { code: number; message: string; data?: unknown } };

/** The client capability each handler kind stands for, so a client declares what it can answer and nothing more. */
const CAPABILITY_OF: Record<string, string> = {
  'roots/list': 'roots',
  'sampling/createMessage': 'sampling',
  'elicitation/create': 'elicitation',
};

const MAX_WAITING = 100;

export class ServerRequestHandlers {
  private readonly handlers = new Map<string, ServerRequestHandler>();
  /** The server's requests being handled: false once the server cancelled one, so its answer is dropped. */
  private readonly inflight = new Map<string, boolean>();
  /**
   * The server's requests seen while this engine was not the one answering, and not answered by anyone (no response
   * went out, the server did not cancel): whoever takes over answering owes them an answer.
   */
  private readonly waiting = new Map<string, { method: string; id: unknown; params: unknown }>();
  /** The tasks the server's task-augmented requests started here (2025-11-25). */
  private readonly tasks: ClientTasks;

  constructor(now: () => number = Date.now) {
    this.tasks = new ClientTasks(now);
    // Every MCP peer must answer ping (until 2026-07-28 removed it); an empty result is the whole answer.
    this.handlers.set('ping', () => ({}));
  }

  /** Registers (or replaces) the handler for a method; the returned function removes it again. */
  set(method: string, handler: ServerRequestHandler): () => void {
    this.handlers.set(method, handler);
    return () => {
      if (this.handlers.get(method) === handler) this.handlers.delete(method);
    };
  }

  has(method: string): boolean {
    return this.handlers.has(method);
  }

  /** The client capabilities the registered handlers can back. */
  capabilities(): Record<string, unknown> {
    const caps: Record<string, unknown> = {};
    for (const method of this.handlers.keys()) {
      const cap = CAPABILITY_OF[method];
      if (cap) caps[cap] = {};
    }
    // Tasks only for requests a handler answers: the task runs that handler, so with none there is nothing to run.
    if (Object.keys(TASK_REQUESTS).some((m) => this.handlers.has(m))) caps.tasks = tasksCapability((m) => this.handlers.has(m));
    return caps;
  }

  /** Runs the handler; an unknown method is -32601 and a handler that throws anything but a HandlerError is -32603. */
  async run(method: string, params: unknown, context: ServerRequestContext): Promise<HandlerOutcome> {
    if ((TASK_METHODS as readonly string[]).includes(method)) return this.tasks.answer(method, params);
    const handler = this.handlers.get(method);
    if (!handler) return { error: { code: -32601, message: `Method not found: the client has no handler for ${method}` } };
    try {
      return { result: (await handler(params, context)) ?? {} };
    } catch (err) {
      if (err instanceof HandlerError) {
        return { error: { code: err.code, message: err.message, ...(err.data === undefined ? {} : { data: err.data }) } };
      }
      return { error: { code: -32603, message: `The client's ${method} handler failed: ${err instanceof Error ? err.message : String(err)}` } };
    }
  }

  /** Answers one request from the server through `reply`, unless the server cancels it (or the engine closes) first. */
  dispatch(method: string, id: unknown, params: unknown, reply: (message: Record<string, unknown>) => void): void {
    const key = idKey(id);
    // A request whose id cannot be echoed back cannot be answered either.
    if (key === null) return;
    // A task-augmented request is answered at once with its task; the handler's answer is what tasks/result returns.
    if (asksForTask(method, params) && this.handlers.has(method)) {
      const context = { method, id: id as string | number };
      reply({ jsonrpc: '2.0', id, result: this.tasks.create(params.task, () => this.run(method, params, context)) });
      return;
    }
    this.inflight.set(key, true);
    void this.run(method, params, { method, id: id as string | number }).then((outcome) => {
      const live = this.inflight.get(key);
      this.inflight.delete(key);
      if (live) reply({ jsonrpc: '2.0', id, ...outcome });
    });
  }

  /** The server's notifications/cancelled for one of its own requests: the spec says not to answer it then. */
  cancelledByServer(requestId: unknown): void {
    const key = idKey(requestId);
    if (key !== null && this.inflight.has(key)) this.inflight.set(key, false);
    if (key !== null) this.waiting.delete(key);
  }

  /** A request this engine does not answer (another tab does, or nobody yet): kept until someone answers it. */
  noteWaiting(method: string, id: unknown, params: unknown): void {
    const key = idKey(id);
    if (key === null) return;
    this.waiting.set(key, { method, id, params });
    // A server that asks and asks while nobody answers: keep the latest few, not all.
    if (this.waiting.size > MAX_WAITING) this.waiting.delete(this.waiting.keys().next().value!);
  }

  /** A response to the server went out (from any tab): that request is answered. */
  answeredElsewhere(id: unknown): void {
    const key = idKey(id);
    if (key !== null) this.waiting.delete(key);
  }

  /** The waiting requests, oldest first, handed to whoever answers now; none is handed out twice. */
  takeWaiting(): { method: string; id: unknown; params: unknown }[] {
    const all = [...this.waiting.values()];
    this.waiting.clear();
    return all;
  }

  /** Frames were skipped (a windowed history): an answer may be among them, so nothing seen before is owed one. */
  forgetWaiting(): void {
    this.waiting.clear();
  }

  forgetInflight(): void {
    for (const key of this.inflight.keys()) this.inflight.set(key, false);
  }

  /** 2026 input requests, answered in order; null when one has no handler or its handler fails. */
  async answerAll(inputRequests: Record<string, InputRequest>): Promise<Record<string, unknown> | null> {
    const answers: Record<string, unknown> = {};
    for (const [key, req] of Object.entries(inputRequests)) {
      if (!this.handlers.has(req.method)) return null;
      const outcome = await this.run(req.method, req.params, { method: req.method, id: null, inputKey: key });
      if ('error' in outcome) return null;
      answers[key] = outcome.result;
    }
    return answers;
  }
}
