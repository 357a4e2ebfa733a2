// Ready-made messages for the composer; requests take the engine's next free id so they never collide.
export interface TemplateContext {
  nextId: number;
  protocolVersion: string;
  clientVersion: string;
}

export interface ComposerTemplate {
  /** Suffix of the button's data-testid: template-<key>. */
  key: 'initialize' | 'initialized' | 'ping' | 'tools-list';
  /** Short, so the toolbar holds on one line; the button's title names the method in full. */
  label: string;
  method: string;
  build(ctx: TemplateContext): unknown;
}

export const COMPOSER_TEMPLATES: readonly ComposerTemplate[] = [
  {
    key: 'initialize',
    label: 'initialize',
    method: 'initialize',
    build: ({ nextId, protocolVersion, clientVersion }) => ({
      jsonrpc: '2.0',
      id: nextId,
      method: 'initialize',
      params: { protocolVersion, capabilities: {}, clientInfo: { name: 'mcpscope', version: clientVersion } },
    }),
  },
  {
    key: 'initialized',
    label: 'initialized',
    method: 'notifications/initialized',
    build: () => ({ jsonrpc: '2.0', method: 'notifications/initialized' }),
  },
  { key: 'ping', label: 'ping', method: 'ping', build: ({ nextId }) => ({ jsonrpc: '2.0', id: nextId, method: 'ping' }) },
  {
    key: 'tools-list',
    label: 'tools/list',
    method: 'tools/list',
    build: ({ nextId }) => ({ jsonrpc: '2.0', id: nextId, method: 'tools/list', params: {} }),
  },
];

/** Pretty-printed on purpose: easy to edit, and "compact before send" turns it back into one line. */
export function renderTemplate(template: ComposerTemplate, ctx: TemplateContext): string {
  return JSON.stringify(template.build(ctx), null, 2);
}
