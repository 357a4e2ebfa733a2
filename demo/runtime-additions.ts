// Registers add_note: a tool that adds a resource and a prompt while the server runs, so a client can watch
// notifications/resources/list_changed and notifications/prompts/list_changed arrive (the SDK sends both on registration).
import { z } from 'zod';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

export function registerRuntimeAdditions(server: McpServer): void {
  const added = new Set<string>();
  server.registerTool(
    'add_note',
    {
      title: 'Add a note',
      description:
        'Adds the resource demo://notes/{name} and the prompt note_{name} at run time. The server then sends ' +
        'notifications/resources/list_changed and notifications/prompts/list_changed.',
      inputSchema: {
        name: z
          .string()
          .regex(/^[a-z0-9_-]{1,40}$/)
          .describe('Lowercase letters, digits, _ and -'),
        text: z.string().default('A note added at run time.').describe('What the resource and the prompt say'),
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    ({ name, text }) => {
      // Registering a name twice throws in the SDK; a second call says so as a tool failure instead.
      if (added.has(name)) return { isError: true, content: [{ type: 'text', text: `A note named ${name} already exists.` }] };
      added.add(name);
      const uri = `demo://notes/${name}`;
      server.registerResource(`note-${name}`, uri, { title: `Note ${name}`, mimeType: 'text/plain', description: 'Added by add_note' }, () => ({
        contents: [{ uri, mimeType: 'text/plain', text }],
      }));
      server.registerPrompt(`note_${name}`, { title: `Note ${name}`, description: 'Added by add_note' }, () => ({
        messages: [{ role: 'user', content: { type: 'text', text } }],
      }));
      return { content: [{ type: 'text', text: `Added the resource ${uri} and the prompt note_${name}.` }] };
    },
  );
}
