// One line per server capability (and its flags), so the overview says what each declared capability lets a client do.

export const CAPABILITY_NOTES: Record<string, string> = {
  tools: 'Offers tools a model can call: tools/list, tools/call.',
  resources: 'Exposes resources to read: resources/list, resources/read, resources/templates/list.',
  prompts: 'Offers prompt templates: prompts/list, prompts/get.',
  logging: 'Sends log messages (notifications/message); logging/setLevel sets the lowest level it sends.',
  completions: 'Suggests values for prompt and resource-template arguments: completion/complete.',
  tasks: 'Can run requests as tasks to poll later (2025-11-25, experimental): tasks/get, tasks/result, tasks/list, tasks/cancel.',
  experimental: 'Non-standard features, named by the server; nothing here is defined by the spec.',
};

const FLAG_NOTES: Record<string, string> = {
  'tools.listChanged': 'sends notifications/tools/list_changed when its tools change',
  'resources.subscribe': 'accepts resources/subscribe and then sends notifications/resources/updated',
  'resources.listChanged': 'sends notifications/resources/list_changed when its resources change',
  'prompts.listChanged': 'sends notifications/prompts/list_changed when its prompts change',
  'tasks.list': 'answers tasks/list',
  'tasks.cancel': 'answers tasks/cancel',
  'tasks.requests': 'names the requests it can run as tasks',
};

export const UNKNOWN_CAPABILITY = 'Not a capability of the MCP versions mcpscope knows: an extension, or a newer version of the spec.';

/** The flags under one capability, each with its note (or the raw value when mcpscope has none). */
export function capabilityFlags(name: string, value: unknown): { flag: string; note: string; value: unknown }[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  return Object.entries(value).map(([flag, v]) => ({ flag, value: v, note: FLAG_NOTES[`${name}.${flag}`] ?? '' }));
}
