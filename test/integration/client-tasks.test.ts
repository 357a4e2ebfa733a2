// The client engine's 2025-11-25 tasks against server-everything over stdio: the tasks capability makes the server list
// its two client-task tools, a task-augmented sampling request runs as a client task the server polls to its result, and
// a tool that requires a task runs as one on the server, followed by tasks/get to completed and read with tasks/result.
import { afterEach, describe, expect, it } from 'vitest';
import { StdioTransport } from '../../server/transports/stdio-transport.js';
import { engineOver, type EngineOver } from '../helpers/engine-over.js';
import { EVERYTHING_SERVER } from '../helpers/relay-process.js';
import { CLIENT_CAPABILITIES } from '../../web/lib/mcp/client-capabilities.js';

let c: EngineOver | undefined;
afterEach(async () => {
  await c?.close();
  c = undefined;
});

/** Connects with what the browser declares (`capabilities`), or with what the engine's handlers back (undefined). */
async function everything(capabilities?: Record<string, unknown>): Promise<EngineOver> {
  c = await engineOver(new StdioTransport({ command: process.execPath, args: [EVERYTHING_SERVER, 'stdio'], env: {}, graceMs: 1000 }));
  c.engine.handle('sampling/createMessage', () => ({
    role: 'assistant',
    content: { type: 'text', text: 'sampled by the test' },
    model: 'test-model',
    stopReason: 'endTurn',
  }));
  c.engine.handle('elicitation/create', () => ({ action: 'decline' }));
  c.engine.handle('roots/list', () => ({ roots: [] }));
  await c.engine.connect({ era: 'legacy', protocolVersion: '2025-11-25', ...(capabilities ? { capabilities } : {}) });
  return c;
}

const toolsOf = async (e: EngineOver) =>
  ((await e.engine.request('tools/list', {})).result as { tools: Array<{ name: string; execution?: { taskSupport?: string } }> }).tools;
const sentMethods = (e: EngineOver, method: string) => e.sent.map((t) => JSON.parse(t) as Record<string, unknown>).filter((m) => m.method === method);
const received = (e: EngineOver) => e.received.map((t) => JSON.parse(t) as Record<string, unknown>);

describe('tasks with server-everything', () => {
  it('with the browser’s capabilities, declares tasks for sampling and elicitation and the server lists all 19 tools', async () => {
    const e = await everything(CLIENT_CAPABILITIES);
    const init = sentMethods(e, 'initialize')[0]!.params as { capabilities: Record<string, unknown> };
    expect(init.capabilities.tasks).toEqual({ list: {}, cancel: {}, requests: { sampling: { createMessage: {} }, elicitation: { create: {} } } });
    const names = (await toolsOf(e)).map((t) => t.name);
    expect(names).toHaveLength(19);
    expect(names).toEqual(expect.arrayContaining(['trigger-sampling-request-async', 'trigger-elicitation-request-async', 'simulate-research-query']));
  });

  it('runs the server’s task-augmented sampling request as a client task the server polls and reads to completion', async () => {
    const e = await everything();
    const call = await e.engine.request(
      'tools/call',
      { name: 'trigger-sampling-request-async', arguments: { prompt: 'hello', maxTokens: 5 } },
      { timeoutMs: 60_000 },
    );
    const text = (call.result as { content: Array<{ text: string }> }).content[0]!.text;
    expect(text).toContain('[COMPLETED]');
    expect(text).toContain('sampled by the test');
    // The wire: the server asked with params.task, got a task back, then read it with tasks/get and tasks/result.
    const asked = received(e).find((m) => m.method === 'sampling/createMessage')!;
    expect((asked.params as Record<string, unknown>).task).toMatchObject({ ttl: expect.any(Number) });
    const answer = e.sent.map((t) => JSON.parse(t) as Record<string, unknown>).find((m) => m.id === asked.id && !('method' in m))!;
    expect(answer.result).toMatchObject({ task: { status: 'working', taskId: expect.any(String) } });
    const methods = received(e).map((m) => m.method);
    expect(methods).toContain('tasks/get');
    expect(methods).toContain('tasks/result');
  });

  it('calls a tool that requires a task as one and follows it with tasks/get to its result', async () => {
    const e = await everything();
    const tool = (await toolsOf(e)).find((t) => t.name === 'simulate-research-query')!;
    expect(tool.execution?.taskSupport).toBe('required');
    const created = await e.engine.request('tools/call', { name: 'simulate-research-query', arguments: { topic: 'lanes' }, task: { ttl: 60_000 } });
    const taskId = (created.result as { task: { taskId: string } }).task.taskId;
    let status = '';
    for (let i = 0; i < 60 && status !== 'completed'; i++) {
      status = ((await e.engine.request('tasks/get', { taskId })).result as { status: string }).status;
      expect(['working', 'completed']).toContain(status);
      if (status !== 'completed') await new Promise((r) => setTimeout(r, 500));
    }
    expect(status).toBe('completed');
    const result = (await e.engine.request('tasks/result', { taskId })).result as { content: Array<{ text: string }>; _meta: Record<string, unknown> };
    expect(result.content[0]!.text).toContain('lanes');
    expect(result._meta['io.modelcontextprotocol/related-task']).toEqual({ taskId });
  });
});
