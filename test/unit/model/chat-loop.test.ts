// The conversation engine on its own: a scripted provider and a tool runner that records what it was asked, so the
// loop's decisions (approval, step limit, Stop, unknown tools, usage) are checked without a process or a socket.
import { describe, expect, it } from 'vitest';
import { runChat, type ChatEvent, type ChatToolRunner } from '../../../shared/model/chat-loop.js';
import type { ModelProvider, ModelReply, ModelRequest, StopToken } from '../../../shared/model/chat-types.js';
import { ModelError } from '../../../shared/model/model-error.js';
import { offerTools } from '../../../shared/model/tool-functions.js';

function scripted(replies: Partial<ModelReply>[], seen: ModelRequest[] = []): ModelProvider {
  let n = 0;
  return {
    name: 'openai',
    complete: (request) => {
      seen.push(request);
      const r = replies[Math.min(n++, replies.length - 1)]!;
      return Promise.resolve({ text: '', toolCalls: [], stopReason: 'stop', usage: { inputTokens: 10, outputTokens: 2 }, ...r });
    },
  };
}

function runner(calls: string[] = []): ChatToolRunner {
  return {
    call: (name, args) => (
      calls.push(`${name} ${JSON.stringify(args)}`),
      Promise.resolve({ result: { content: [{ type: 'text', text: `ran ${name}` }] }, seqs: [3, 4], ms: 5 })
    ),
  };
}

const TOOLS = [
  { name: 'read', annotations: { readOnlyHint: true } },
  { name: 'write', annotations: { readOnlyHint: false } },
];
const base = { model: 'm', prompt: 'go', tools: TOOLS, maxSteps: 5, clock: () => 0 };

describe('the chat loop', () => {
  it('runs the calls the model asks for, feeds the results back and ends at the final answer', async () => {
    const seen: ModelRequest[] = [];
    const calls: string[] = [];
    const round = await runChat({
      ...base,
      provider: scripted([{ toolCalls: [{ id: 'c1', name: 'read', arguments: { a: 1 } }] }, { text: 'done' }], seen),
      runner: runner(calls),
      approval: 'all',
    });
    expect(round).toMatchObject({ outcome: 'answer', answer: 'done', usage: { inputTokens: 20, outputTokens: 4 } });
    expect(calls).toEqual(['read {"a":1}']);
    expect(round.turns[0]!.toolCalls[0]).toMatchObject({ decision: 'auto', text: 'ran read', seqs: [3, 4], ms: 5, isError: false });
    expect(seen[1]!.messages.at(-1)).toEqual({ role: 'tool', results: [{ callId: 'c1', name: 'read', text: 'ran read', isError: false }] });
  });

  it('read-only asks about the rest, and a no declines the call with a message the model reads', async () => {
    const asked: string[] = [];
    const events: ChatEvent['type'][] = [];
    const round = await runChat({
      ...base,
      provider: scripted([
        {
          toolCalls: [
            { id: 'a', name: 'read', arguments: {} },
            { id: 'b', name: 'write', arguments: {} },
          ],
        },
        { text: 'ok' },
      ]),
      runner: runner(),
      approval: 'read-only',
      ask: (call) => (asked.push(call.name), Promise.resolve(false)),
      onEvent: (e) => events.push(e.type),
    });
    expect(asked).toEqual(['write']);
    expect(round.turns[0]!.toolCalls.map((c) => c.decision)).toEqual(['auto', 'declined']);
    expect(round.messages.find((m) => m.role === 'tool')).toMatchObject({
      results: [{ isError: false }, { text: 'The user declined this tool call.', isError: true }],
    });
    expect(events).toContain('approval');
  });

  it("ends at the step limit after running the last step's calls, and answers an unknown tool without calling anything", async () => {
    const calls: string[] = [];
    const round = await runChat({
      ...base,
      maxSteps: 2,
      provider: scripted([
        {
          toolCalls: [
            { id: 'x', name: 'nope', arguments: {} },
            { id: 'y', name: 'read', arguments: {} },
          ],
        },
      ]),
      runner: runner(calls),
      approval: 'all',
    });
    expect(round.outcome).toBe('step-limit');
    expect(round.turns).toHaveLength(2);
    expect(calls).toHaveLength(2);
    expect(round.turns[0]!.toolCalls[0]).toMatchObject({ decision: 'unknown-tool', text: 'There is no tool named "nope".' });
  });

  it('reports a provider error as model-error and a Stop as stopped', async () => {
    const failing: ModelProvider = { name: 'anthropic', complete: () => Promise.reject(new ModelError('rate-limit', 'rate limited', 429)) };
    expect(await runChat({ ...base, provider: failing, runner: runner(), approval: 'all' })).toMatchObject({
      outcome: 'model-error',
      error: 'rate limited',
      turns: [],
    });
    const stopped: StopToken = { stopped: true, onStop: (fn) => (fn(), () => undefined) };
    expect((await runChat({ ...base, provider: scripted([{ text: 'x' }]), runner: runner(), approval: 'all', stop: stopped })).outcome).toBe('stopped');
  });

  it('offers tools under names both APIs accept and maps them back', () => {
    const offered = offerTools([
      { name: 'files.read' },
      { name: 'files/read' },
      { name: 'ok-name', inputSchema: { $schema: 'x', type: 'object', properties: { a: {} } } },
    ]);
    expect(offered.functions.map((f) => f.name)).toEqual(['files_read', 'files_read_2', 'ok-name']);
    expect(offered.byName.get('files_read_2')?.name).toBe('files/read');
    expect(offered.functions[2]!.parameters).toEqual({ type: 'object', properties: { a: {} } });
  });
});
