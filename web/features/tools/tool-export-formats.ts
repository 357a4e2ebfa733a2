// Tool lists as function-calling definitions for LLM APIs: OpenAI's `tools` and Anthropic's `tools`.
import type { ToolInfo } from './tool-info.js';

export type ExportFormat = 'openai' | 'anthropic';

// Both APIs accept only these names; MCP allows more (dots, slashes), so such tools need renaming before use.
const API_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/** The input schema without `$schema`, which neither API wants; a missing or non-object schema becomes an empty object schema. */
function parameters(schema: unknown): Record<string, unknown> {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return { type: 'object', properties: {} };
  const { $schema: _dialect, ...rest } = schema as Record<string, unknown>;
  return rest;
}

export function exportTools(tools: readonly ToolInfo[], format: ExportFormat): unknown[] {
  return tools.map((t) =>
    format === 'openai'
      ? { type: 'function', function: { name: t.name, description: t.description ?? t.title ?? '', parameters: parameters(t.inputSchema) } }
      : { name: t.name, description: t.description ?? t.title ?? '', input_schema: parameters(t.inputSchema) },
  );
}

/** Names the APIs would reject. */
export function unexportableNames(tools: readonly ToolInfo[]): string[] {
  return tools.filter((t) => !API_NAME.test(t.name)).map((t) => t.name);
}
