// What mcpscope's client declares in initialize: servers only send roots, sampling and elicitation requests to clients that declare them.
import { tasksCapability } from '../../../shared/engine/index.js';

export const CLIENT_CAPABILITIES: Record<string, unknown> = {
  roots: { listChanged: true },
  sampling: {},
  // Both modes: form-mode requests render requestedSchema, URL-mode ones show the link.
  elicitation: { form: {}, url: {} },
  // The server-request inbox answers sampling and elicitation, so the engine can run either as a task (2025-11-25).
  tasks: tasksCapability(() => true),
};
