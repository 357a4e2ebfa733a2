// MCP tools as function-calling definitions for LLM APIs (OpenAI's `tools`, Anthropic's `tools`): the Tools panel's
// export and the chat loop's offer use this one converter, and the loop maps the names a model calls back to the tools.
import { isPlainObject } from '../jsonrpc.js';
import type { ToolFunction } from './chat-types.js';

export type ExportFormat = 'openai' | 'anthropic';

/** What the converter reads of a listed tool. */
export interface ToolLike {
  name: string;
  title?: string | null | undefined;
  description?: string | null | undefined;
  inputSchema?: unknown;
  annotations?: Record<string, unknown> | undefined;
}

// Both APIs accept only these names; MCP allows more (dots, slashes), so such tools need renaming before use.
const API_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/** The input schema without `$schema`, which neither API wants; a missing or non-object schema becomes an empty object schema. */
function toolParameters(schema: unknown): Record<string, unknown> {
  if (!isPlainObject(schema)) return { type: 'object', properties: {} };
  const { $schema: _dialect, ...rest } = schema;
  return rest;
}

export function exportTools(tools: readonly ToolLike[], format: ExportFormat): unknown[] {
  return tools.map((t) =>
    format === 'openai'
      ? { type: 'function', function: { name: t.name, description: t.description ?? t.title ?? '', parameters: toolParameters(t.inputSchema) } }
      : { name: t.name, description: t.description ?? t.title ?? '', input_schema: toolParameters(t.inputSchema) },
  );
}

/** Names the APIs would reject. */
export function unexportableNames(tools: readonly ToolLike[]): string[] {
  return tools.filter((t) => !API_NAME.test(t.name)).map((t) => t.name);
}

/** The tools offered to a model, and the way back from the name it calls to the MCP tool. */
export interface OfferedTools {
  functions: ToolFunction[];
  /** Offered name → the MCP tool. */
  byName: Map<string, ToolLike>;
}

/**
 * Offers each tool under a name both APIs accept: its own when it fits, else its disallowed characters as `_`, cut
 * to 64 and made unique with a number, so a server whose tools are called `files.read` can still be driven by a model.
 */
export function offerTools(tools: readonly ToolLike[]): OfferedTools {
  const byName = new Map<string, ToolLike>();
  const functions: ToolFunction[] = [];
  for (const tool of tools) {
    let name = API_NAME.test(tool.name) ? tool.name : tool.name.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64) || 'tool';
    for (let i = 2; byName.has(name); i++) name = `${name.slice(0, 60)}_${i}`;
    byName.set(name, tool);
    functions.push({ name, description: tool.description ?? tool.title ?? '', parameters: toolParameters(tool.inputSchema) });
  }
  return { functions, byName };
}

/** Whether the tool says it only reads (annotations.readOnlyHint), which `read-only` approval runs without asking. */
export function isReadOnlyTool(tool: ToolLike): boolean {
  return tool.annotations?.readOnlyHint === true;
}
