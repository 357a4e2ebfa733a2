// A server's sampling/createMessage as a model request, and the model's reply as the CreateMessageResult.
import { describe, expect, it } from 'vitest';
import { samplingPlan, samplingResult } from '../../../shared/model/sampling-model.js';

describe('sampling answered by a model', () => {
  it('maps messages, systemPrompt, includeContext, maxTokens and hints onto one request', () => {
    const plan = samplingPlan(
      {
        messages: [
          { role: 'user', content: { type: 'text', text: 'Write a haiku' } },
          { role: 'assistant', content: [{ type: 'text', text: 'Sure' }] },
          { role: 'user', content: { type: 'image', data: 'AA', mimeType: 'image/png' } },
        ],
        systemPrompt: 'You are a poet.',
        includeContext: 'thisServer',
        maxTokens: 100,
        temperature: 0.5,
        modelPreferences: { hints: [{ name: 'claude-3-sonnet' }] },
      },
      { model: 'm', serverContext: 'The MCP server is demo.' },
    );
    expect(plan.request).toMatchObject({ model: 'm', system: 'You are a poet.\n\nThe MCP server is demo.', maxTokens: 100, temperature: 0.5, tools: [] });
    expect(plan.request.messages).toEqual([
      { role: 'user', text: 'Write a haiku' },
      { role: 'assistant', text: 'Sure', toolCalls: [] },
      { role: 'user', text: '[image image/png]' },
    ]);
    expect(plan.hints).toEqual(['claude-3-sonnet']);
  });

  it("offers sampling tools (2025-11-25) and answers tool calls as tool_use blocks under the tool's own name", () => {
    const plan = samplingPlan(
      {
        messages: [{ role: 'user', content: { type: 'text', text: 'weather?' } }],
        maxTokens: 10,
        tools: [{ name: 'get.weather', inputSchema: { type: 'object' } }],
      },
      { model: 'm' },
    );
    expect(plan.request.tools.map((t) => t.name)).toEqual(['get_weather']);
    const result = samplingResult(
      { text: '', toolCalls: [{ id: 't1', name: 'get_weather', arguments: { city: 'Oslo' } }], stopReason: 'tool_use', usage: null },
      plan,
    );
    expect(result).toEqual({
      role: 'assistant',
      content: [{ type: 'tool_use', id: 't1', name: 'get.weather', input: { city: 'Oslo' } }],
      model: 'm',
      stopReason: 'toolUse',
    });
    expect(samplingResult({ text: 'Hi', toolCalls: [], stopReason: 'length', usage: null }, plan)).toEqual({
      role: 'assistant',
      content: { type: 'text', text: 'Hi' },
      model: 'm',
      stopReason: 'maxTokens',
    });
  });
});
