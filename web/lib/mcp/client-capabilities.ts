// What mcpscope's client declares in initialize: servers only send roots, sampling and elicitation requests to clients that declare them.
export const CLIENT_CAPABILITIES: Record<string, unknown> = {
  roots: { listChanged: true },
  sampling: {},
  // Both modes: form-mode requests render requestedSchema, URL-mode ones show the link.
  elicitation: { form: {}, url: {} },
};
