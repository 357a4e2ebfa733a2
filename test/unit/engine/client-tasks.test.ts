import { describe, expect, it } from 'vitest';
import { HandlerError } from '../../../shared/engine/index.js';
import { harness, settle, type Json } from './engine-harness.js';

const serverRequest = (id: unknown, method: string, params?: unknown) =>
  JSON.stringify({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) });

/** A sampling handler the test answers by hand, as a person would in the browser. */
function heldSampling(h: ReturnType<typeof harness>) {
  let release: (v: unknown) => void = () => {};
  let fail: (e: unknown) => void = () => {};
  h.engine.handle('sampling/createMessage', () => new Promise((res, rej) => ((release = res), (fail = rej))));
  return { release: (v: unknown) => release(v), fail: (e: unknown) => fail(e) };
}

const byId = (h: ReturnType<typeof harness>, id: unknown) => h.messages().find((m) => m.id === id)!;

describe('the tasks capability a client declares', () => {
  it('declares tasks with exactly the task-augmented requests it has handlers for', async () => {
    const h = harness();
    h.engine.handle('sampling/createMessage', () => ({}));
    void h.engine.connect({ era: 'legacy', protocolVersion: '2025-11-25' });
    await settle();
    expect((h.messages()[0]!.params as Json).capabilities).toEqual({
      sampling: {},
      tasks: { list: {}, cancel: {}, requests: { sampling: { createMessage: {} } } },
    });
  });

  it('declares no tasks when it answers neither sampling nor elicitation', async () => {
    const h = harness();
    void h.engine.connect({ era: 'legacy', protocolVersion: '2025-11-25' });
    await settle();
    expect((h.messages()[0]!.params as Json).capabilities).toEqual({});
  });
});

describe('task-augmented requests from the server', () => {
  it('answers at once with a working task, then tasks/get follows it to completed and tasks/result returns the answer', async () => {
    const h = harness({ serverRequests: 'answer' });
    const person = heldSampling(h);
    h.engine.receive(serverRequest(1, 'sampling/createMessage', { messages: [], maxTokens: 5, task: { ttl: 60_000 } }));
    await settle();
    const created = byId(h, 1).result as { task: Json };
    expect(created.task).toMatchObject({ status: 'working', ttl: 60_000, pollInterval: 1000 });
    const taskId = created.task.taskId as string;
    h.engine.receive(serverRequest(2, 'tasks/get', { taskId }));
    h.engine.receive(serverRequest(3, 'tasks/result', { taskId }));
    await settle();
    expect(byId(h, 2).result).toMatchObject({ taskId, status: 'working' });
    // tasks/result waits for the person's answer.
    expect(h.messages().some((m) => m.id === 3)).toBe(false);
    person.release({ role: 'assistant', content: { type: 'text', text: 'hi' }, model: 'by-hand' });
    await settle();
    expect(byId(h, 3).result).toEqual({
      role: 'assistant',
      content: { type: 'text', text: 'hi' },
      model: 'by-hand',
      _meta: { 'io.modelcontextprotocol/related-task': { taskId } },
    });
    h.engine.receive(serverRequest(4, 'tasks/get', { taskId }));
    h.engine.receive(serverRequest(5, 'tasks/list'));
    await settle();
    expect(byId(h, 4).result).toMatchObject({ taskId, status: 'completed' });
    expect((byId(h, 5).result as { tasks: Json[] }).tasks.map((t) => t.taskId)).toEqual([taskId]);
  });

  it('fails the task when the handler refuses, and tasks/result carries that error', async () => {
    const h = harness({ serverRequests: 'answer' });
    const person = heldSampling(h);
    h.engine.receive(serverRequest(1, 'sampling/createMessage', { messages: [], task: {} }));
    await settle();
    const taskId = (byId(h, 1).result as { task: Json }).task.taskId;
    person.fail(new HandlerError(-1, 'User rejected sampling request'));
    await settle();
    h.engine.receive(serverRequest(2, 'tasks/result', { taskId }));
    h.engine.receive(serverRequest(3, 'tasks/get', { taskId }));
    await settle();
    expect(byId(h, 2).error).toMatchObject({ code: -1, message: 'User rejected sampling request' });
    expect(byId(h, 3).result).toMatchObject({ status: 'failed', statusMessage: 'User rejected sampling request' });
  });

  it('cancels a working task, refuses to cancel it twice, and never delivers the late answer', async () => {
    const h = harness({ serverRequests: 'answer' });
    const person = heldSampling(h);
    h.engine.receive(serverRequest(1, 'sampling/createMessage', { messages: [], task: {} }));
    await settle();
    const taskId = (byId(h, 1).result as { task: Json }).task.taskId;
    h.engine.receive(serverRequest(2, 'tasks/result', { taskId }));
    h.engine.receive(serverRequest(3, 'tasks/cancel', { taskId }));
    await settle();
    expect(byId(h, 3).result).toMatchObject({ taskId, status: 'cancelled' });
    expect(byId(h, 2).error).toMatchObject({ code: -32603, message: expect.stringMatching(/was cancelled/) });
    h.engine.receive(serverRequest(4, 'tasks/cancel', { taskId }));
    person.release({ role: 'assistant', content: { type: 'text', text: 'late' }, model: 'm' });
    h.engine.receive(serverRequest(5, 'tasks/get', { taskId }));
    await settle();
    expect(byId(h, 4).error).toMatchObject({ code: -32602, message: expect.stringMatching(/already cancelled/) });
    expect(byId(h, 5).result).toMatchObject({ status: 'cancelled' });
  });

  it('answers tasks/get for an unknown or expired task with -32602', async () => {
    const h = harness({ serverRequests: 'answer' });
    h.engine.handle('elicitation/create', () => ({ action: 'decline' }));
    h.engine.receive(serverRequest(1, 'elicitation/create', { message: 'x', requestedSchema: { type: 'object' }, task: { ttl: 500 } }));
    await settle();
    const taskId = (byId(h, 1).result as { task: Json }).task.taskId;
    h.advance(501);
    h.engine.receive(serverRequest(2, 'tasks/get', { taskId }));
    h.engine.receive(serverRequest(3, 'tasks/get', {}));
    await settle();
    expect(byId(h, 2).error).toMatchObject({ code: -32602, message: expect.stringMatching(/unknown or expired/) });
    expect(byId(h, 3).error).toMatchObject({ code: -32602, message: expect.stringMatching(/needs params.taskId/) });
  });

  it('answers a request without params.task directly, as before', async () => {
    const h = harness({ serverRequests: 'answer' });
    h.engine.handle('elicitation/create', () => ({ action: 'decline' }));
    h.engine.receive(serverRequest(1, 'elicitation/create', { message: 'x', requestedSchema: { type: 'object' } }));
    await settle();
    expect(byId(h, 1).result).toEqual({ action: 'decline' });
  });
});
