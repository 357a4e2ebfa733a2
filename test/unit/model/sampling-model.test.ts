// A server's sampling/createMessage as a model request, and the model's reply as the CreateMessageResult.
import { describe, expect, it } from 'vitest';
import { hintNote, modelFromHints, samplingPlan, samplingResult } from '../../../shared/model/sampling-model.js';

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

  it('picks the model from the hints, in order, among the configured and listed models only (substring, any case)', () => {
    const listed = ['claude-3-5-haiku', 'gpt-4o-mini', 'claude-sonnet-4-5'];
    expect(modelFromHints(['sonnet'], 'gpt-4o', listed)).toEqual({ model: 'claude-sonnet-4-5', hint: 'sonnet' });
    // The first hint that matches wins, not the first listed model.
    expect(modelFromHints(['opus', 'HAIKU', 'sonnet'], 'gpt-4o', listed)).toEqual({ model: 'claude-3-5-haiku', hint: 'HAIKU' });
    // The configured model is a candidate first: a hint it matches keeps it.
    expect(modelFromHints(['claude'], 'claude-opus-4', listed)).toEqual({ model: 'claude-opus-4', hint: 'claude' });
    // No match, an empty hint, or no list: the configured model; mcpscope never invents a model name.
    expect(modelFromHints(['gemini', ' '], 'gpt-4o', listed)).toEqual({ model: 'gpt-4o', hint: null });
    expect(modelFromHints(['sonnet'], 'gpt-4o')).toEqual({ model: 'gpt-4o', hint: null });

    const plan = samplingPlan({ messages: [], modelPreferences: { hints: [{ name: 'haiku' }, { name: 42 }] } }, { model: 'gpt-4o', offered: listed });
    expect(plan.request.model).toBe('claude-3-5-haiku');
    expect(samplingResult({ text: 'ok', toolCalls: [], stopReason: 'stop', usage: null }, plan)).toMatchObject({ model: 'claude-3-5-haiku' });
    expect(hintNote(plan)).toBe('the server hinted haiku; answered by claude-3-5-haiku (matches "haiku")');
    expect(hintNote(samplingPlan({ modelPreferences: { hints: [{ name: 'gemini' }] } }, { model: 'gpt-4o', offered: listed }))).toBe(
      'the server hinted gemini; answered by the configured gpt-4o (no listed model matches)',
    );
    expect(hintNote(samplingPlan({}, { model: 'gpt-4o' }))).toBe('');
  });
});
