import { describe, expect, it } from 'vitest';
import { checkInstance } from '../../web/components/schema-form/schema-check.js';
import { CREATE_MESSAGE_RESULT_SCHEMA } from '../../web/lib/server-requests/create-message-result-schema.js';
import { textSamplingResult } from '../../web/lib/server-requests/server-request-rules.js';

describe('a sampling reply typed as plain text', () => {
  it('becomes a CreateMessageResult the schema accepts, with the text as one text block', () => {
    const result = textSamplingResult('assistant', 'Line one\nline two', 'my-model');
    expect(result).toEqual({ role: 'assistant', content: { type: 'text', text: 'Line one\nline two' }, model: 'my-model', stopReason: 'endTurn' });
    expect(checkInstance(CREATE_MESSAGE_RESULT_SCHEMA, result).valid).toBe(true);
  });

  it('keeps the role picked and names a model when the field was left empty', () => {
    const result = textSamplingResult('user', 'hi', '  ');
    expect(result.role).toBe('user');
    expect(result.model).toBe('mcpscope-by-hand');
    expect(checkInstance(CREATE_MESSAGE_RESULT_SCHEMA, result).valid).toBe(true);
  });
});
