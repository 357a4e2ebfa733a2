// The JSON Schema of a sampling/createMessage result (CreateMessageResult, 2025-11-25), attached to the sampling answer
// editor for completion and diagnostics. Written from the spec's TypeScript; content may be one block or a list.

const meta = { type: 'object', description: 'Reserved for protocol extensions', additionalProperties: true } as const;

const block = (type: string, description: string, properties: Record<string, unknown>, required: readonly string[]) => ({
  type: 'object',
  description,
  properties: { type: { const: type }, ...properties, _meta: meta },
  required: ['type', ...required],
});

const base64 = { type: 'string', contentEncoding: 'base64', description: 'Base64-encoded data' } as const;

const contentBlock = {
  oneOf: [
    block('text', 'Text the model produced', { text: { type: 'string' } }, ['text']),
    block('image', 'An image the model produced', { data: base64, mimeType: { type: 'string', examples: ['image/png'] } }, ['data', 'mimeType']),
    block('audio', 'Audio the model produced', { data: base64, mimeType: { type: 'string', examples: ['audio/wav'] } }, ['data', 'mimeType']),
    block(
      'tool_use',
      'The model asks to call a tool (stopReason "toolUse")',
      { id: { type: 'string' }, name: { type: 'string' }, input: { type: 'object', additionalProperties: true } },
      ['id', 'name', 'input'],
    ),
    block(
      'tool_result',
      'The result of a tool call, passed back to the model',
      {
        toolUseId: { type: 'string' },
        content: { type: 'array', items: { type: 'object' } },
        structuredContent: { type: 'object' },
        isError: { type: 'boolean' },
      },
      ['toolUseId', 'content'],
    ),
  ],
};

export const CREATE_MESSAGE_RESULT_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'CreateMessageResult',
  type: 'object',
  properties: {
    role: { enum: ['assistant', 'user'], description: 'Normally "assistant": the message the model produced' },
    content: { anyOf: [contentBlock, { type: 'array', items: contentBlock }], description: 'One content block, or a list of them' },
    model: { type: 'string', description: 'The name of the model that generated the message' },
    stopReason: {
      type: 'string',
      description: 'Why sampling stopped; an open string, these are the standard values',
      examples: ['endTurn', 'stopSequence', 'maxTokens', 'toolUse'],
    },
    _meta: meta,
  },
  required: ['role', 'content', 'model'],
} as const;
