// Registers the small, predictable tools: get_weather (structured output), divide (isError) and echo.
import { z } from 'zod';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { describeForecast, forecastFor } from './forecast.js';

const forecastShape = {
  location: z.string(),
  units: z.enum(['celsius', 'fahrenheit']),
  temperature: z.number(),
  conditions: z.string(),
  humidity: z.number().int().min(0).max(100),
  windKph: z.number().min(0),
};

export function registerSimpleTools(server: McpServer): void {
  server.registerTool(
    'get_weather',
    {
      title: 'Get weather',
      description: 'Current weather for a location. Fake but deterministic: the same location always gives the same answer.',
      inputSchema: {
        location: z.string().min(1).describe('City or place name, e.g. "Lisbon"'),
        units: z.enum(['celsius', 'fahrenheit']).default('celsius').describe('Temperature units'),
      },
      outputSchema: forecastShape,
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    ({ location, units }) => {
      const forecast = forecastFor(location, units);
      return {
        content: [{ type: 'text', text: describeForecast(forecast) }],
        structuredContent: { ...forecast },
      };
    },
  );

  server.registerTool(
    'divide',
    {
      title: 'Divide',
      description: 'Divides a by b. Dividing by zero returns a tool result with isError: true (not a JSON-RPC error).',
      inputSchema: {
        a: z.number().describe('Dividend'),
        b: z.number().describe('Divisor; 0 produces an isError result'),
      },
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    ({ a, b }) => {
      // A business failure belongs in the result, so clients can show it to the model instead of treating it as a fault.
      if (b === 0) {
        return { isError: true, content: [{ type: 'text', text: `Cannot divide ${a} by zero.` }] };
      }
      return { content: [{ type: 'text', text: `${a} / ${b} = ${a / b}` }] };
    },
  );

  server.registerTool(
    'echo',
    {
      title: 'Echo',
      description: 'Returns the given text unchanged, optionally repeated.',
      inputSchema: {
        text: z.string().describe('Text to send back'),
        times: z.number().int().min(1).max(10).default(1).describe('How many copies to return'),
      },
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    ({ text, times }) => ({
      content: Array.from({ length: times }, () => ({ type: 'text' as const, text })),
    }),
  );
}
