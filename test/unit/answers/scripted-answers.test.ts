import { describe, expect, it } from 'vitest';
import {
  answerHandlers,
  capabilitiesObject,
  declaredCapabilities,
  elicitationResult,
  parseAnswersFile,
  samplingResult,
  withSchemaDefaults,
} from '../../../shared/answers/index.js';
import { HandlerError } from '../../../shared/engine/index.js';

const schema = {
  type: 'object',
  properties: {
    name: { type: 'string', default: 'John Doe' },
    age: { type: 'integer', default: 30 },
    status: { type: 'string', enum: ['active', 'inactive'], default: 'active' },
    verified: { type: 'boolean', default: true },
    email: { type: 'string' },
  },
  required: ['email'],
};

describe('the answers file', () => {
  it('accepts the documented shape and fills in the sampling defaults', () => {
    const r = parseAnswersFile({
      capabilities: ['sampling', 'tasks'],
      sampling: { text: 'Hi {{lastMessage}}' },
      elicitation: { action: 'accept', content: { a: 1 } },
      roots: [{ uri: 'file:///tmp' }],
    });
    expect(r).toEqual({
      ok: true,
      answers: expect.objectContaining({ sampling: { text: 'Hi {{lastMessage}}', model: 'mcpscope-scripted', stopReason: 'endTurn' } }),
    });
  });

  it('names each problem with its path: an unknown key, an unknown action, an unknown placeholder', () => {
    const r = parseAnswersFile({ extra: 1, elicitation: { action: 'maybe' }, sampling: { text: '{{weather}}' } });
    expect(r.ok).toBe(false);
    const error = r.ok ? '' : r.error;
    expect(error).toMatch(/answers file: Unrecognized key.*extra/);
    expect(error).toMatch(/elicitation\.action/);
    expect(error).toMatch(/unknown placeholder \{\{weather\}\}/);
  });

  it('declares the kinds it answers unless it names capabilities itself, and the flag overrides both', () => {
    expect(declaredCapabilities({ roots: [], elicitation: { action: 'decline' } })).toEqual(['elicitation', 'roots', 'tasks']);
    expect(declaredCapabilities({ roots: [] })).toEqual(['roots']);
    expect(declaredCapabilities({ roots: [], capabilities: ['tasks'] })).toEqual(['tasks']);
    expect(declaredCapabilities({ roots: [] }, ['sampling'])).toEqual(['sampling']);
    expect(capabilitiesObject(['elicitation', 'tasks'])).toEqual({
      elicitation: {},
      tasks: { list: {}, cancel: {}, requests: { elicitation: { create: {} } } },
    });
    expect(capabilitiesObject(['roots', 'tasks'])).toEqual({ roots: {}, tasks: { list: {}, cancel: {} } });
  });
});

describe('scripted answers', () => {
  it('fills every default the requested schema gives and keeps the values the script gave (SEP-1034)', () => {
    expect(withSchemaDefaults(schema, { name: 'Ada', email: 'a@b.c' })).toEqual({ name: 'Ada', age: 30, status: 'active', verified: true, email: 'a@b.c' });
    expect(elicitationResult({ action: 'accept', content: { email: 'a@b.c' } }, { message: 'who?', requestedSchema: schema })).toEqual({
      action: 'accept',
      content: { name: 'John Doe', age: 30, status: 'active', verified: true, email: 'a@b.c' },
    });
  });

  it('refuses to accept with values the requested schema rejects, naming the field', () => {
    expect(() => elicitationResult({ action: 'accept', content: {} }, { requestedSchema: schema })).toThrow(/do not fit the requested schema: .*email/);
    expect(() => elicitationResult({ action: 'accept', content: { email: 'x', age: 'old' } }, { requestedSchema: schema })).toThrow(HandlerError);
  });

  it('declines, cancels and rejects as scripted, and accepts a URL elicitation without content', () => {
    expect(elicitationResult({ action: 'decline' }, { requestedSchema: schema })).toEqual({ action: 'decline' });
    expect(elicitationResult({ action: 'cancel' }, {})).toEqual({ action: 'cancel' });
    expect(elicitationResult({ action: 'accept' }, { mode: 'url', url: 'https://example.com' })).toEqual({ action: 'accept' });
    expect(() => elicitationResult({ action: 'reject' }, {})).toThrow(expect.objectContaining({ code: -1 }));
  });

  it('fills the sampling template from the request', () => {
    const params = {
      messages: [
        { role: 'user', content: { type: 'text', text: 'one' } },
        { role: 'user', content: [{ type: 'text', text: 'two' }] },
      ],
      systemPrompt: 'be brief',
      maxTokens: 50,
    };
    expect(samplingResult({ text: '{{lastMessage}}/{{messageCount}}/{{systemPrompt}}/{{ maxTokens }}', model: 'm', stopReason: 'endTurn' }, params)).toEqual({
      role: 'assistant',
      content: { type: 'text', text: 'two/2/be brief/50' },
      model: 'm',
      stopReason: 'endTurn',
    });
  });

  it('answers a declared kind with no script cautiously: sampling refused, elicitation declined, roots empty', async () => {
    const h = answerHandlers({}, ['sampling', 'elicitation', 'roots', 'tasks']);
    expect(Object.keys(h).sort()).toEqual(['elicitation/create', 'roots/list', 'sampling/createMessage']);
    expect(() => h['sampling/createMessage']!({}, { method: 'sampling/createMessage', id: 1 })).toThrow(/No sampling answer/);
    expect(await h['elicitation/create']!({}, { method: 'elicitation/create', id: 2 })).toEqual({ action: 'decline' });
    expect(await h['roots/list']!({}, { method: 'roots/list', id: 3 })).toEqual({ roots: [] });
  });
});
