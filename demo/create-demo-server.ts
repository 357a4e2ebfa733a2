// Builds the demo McpServer with every tool, resource and prompt registered; transport-agnostic so tests or an HTTP entry can reuse it.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { registerClockResource } from './clock-resource.js';
import { DEMO_INSTRUCTIONS, DEMO_SERVER_INFO } from './demo-info.js';
import { registerNotifyingTools } from './notifying-tools.js';
import { registerPrompts } from './prompts.js';
import { registerResources } from './resources.js';
import { registerRuntimeAdditions } from './runtime-additions.js';
import { registerSchemaTools } from './schema-tools.js';
import { registerSimpleTools } from './simple-tools.js';

export interface DemoServer {
  server: McpServer;
  // Stops background work (the clock) so the process can exit without waiting on timers.
  dispose: () => void;
}

export function createDemoServer(): DemoServer {
  const server = new McpServer(
    { ...DEMO_SERVER_INFO, title: 'mcpscope demo server' },
    {
      instructions: DEMO_INSTRUCTIONS,
      // Declared up front: McpServer adds tools/prompts/completions itself, but not logging or resource subscriptions.
      capabilities: { logging: {}, resources: { subscribe: true, listChanged: true } },
    },
  );
  registerSimpleTools(server);
  registerSchemaTools(server);
  registerNotifyingTools(server);
  registerResources(server);
  const stopClock = registerClockResource(server);
  registerPrompts(server);
  registerRuntimeAdditions(server);
  return { server, dispose: stopClock };
}
