// The schema each method's result must match per protocol version: the MCP SDK's zod schemas, adjusted for 2026.
import { z } from 'zod';
import {
  CallToolResultSchema,
  CancelTaskResultSchema,
  CompleteResultSchema,
  CreateMessageResultSchema,
  CreateTaskResultSchema,
  ElicitResultSchema,
  GetPromptResultSchema,
  GetTaskResultSchema,
  InitializeResultSchema,
  ListPromptsResultSchema,
  ListResourceTemplatesResultSchema,
  ListResourcesResultSchema,
  ListRootsResultSchema,
  ListTasksResultSchema,
  ListToolsResultSchema,
  ReadResourceResultSchema,
  ResultSchema,
  ToolSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { ProtocolVersion } from '../mcp-versions.js';
import { isPlainObject } from '../jsonrpc.js';

interface Issue {
  path: readonly PropertyKey[];
  message: string;
}
interface ResultSchema {
  safeParse(v: unknown): { success: boolean; error?: { issues: readonly Issue[] } };
}

// The SDK schemas follow 2025-11-25; every earlier version's results are a subset of them (loose objects).
const LEGACY: Record<string, ResultSchema> = {
  initialize: InitializeResultSchema,
  ping: ResultSchema,
  'tools/list': ListToolsResultSchema,
  'tools/call': CallToolResultSchema,
  'prompts/list': ListPromptsResultSchema,
  'prompts/get': GetPromptResultSchema,
  'resources/list': ListResourcesResultSchema,
  'resources/templates/list': ListResourceTemplatesResultSchema,
  'resources/read': ReadResourceResultSchema,
  'resources/subscribe': ResultSchema,
  'resources/unsubscribe': ResultSchema,
  'logging/setLevel': ResultSchema,
  'completion/complete': CompleteResultSchema,
  'sampling/createMessage': CreateMessageResultSchema,
  'roots/list': ListRootsResultSchema,
  'elicitation/create': ElicitResultSchema,
  'tasks/get': GetTaskResultSchema,
  'tasks/list': ListTasksResultSchema,
  'tasks/cancel': CancelTaskResultSchema,
};

// 2026-07-28 lets outputSchema be any JSON Schema and structuredContent any JSON value.
const MODERN: Record<string, ResultSchema> = {
  ...LEGACY,
  'tools/list': ListToolsResultSchema.extend({ tools: z.array(ToolSchema.extend({ outputSchema: z.looseObject({}).optional() })) }),
  'tools/call': CallToolResultSchema.extend({ structuredContent: z.unknown().optional() }),
  'server/discover': z.looseObject({ supportedVersions: z.array(z.string()), capabilities: z.looseObject({}) }),
  'subscriptions/listen': ResultSchema,
};

const CACHEABLE_2026 = new Set(['tools/list', 'prompts/list', 'resources/list', 'resources/templates/list', 'resources/read', 'server/discover']);

function resultSchemaFor(method: string, version: ProtocolVersion, taskAugmented: boolean): ResultSchema | undefined {
  if (taskAugmented) return CreateTaskResultSchema;
  return (version === '2026-07-28' ? MODERN : LEGACY)[method];
}

function pathText(path: readonly PropertyKey[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i === 0 ? '' : '.'}${String(p)}`)).join('');
}

/** Problems with the result, as "path: message" lines; empty when it fits. */
export function resultIssues(method: string, result: unknown, version: ProtocolVersion, taskAugmented: boolean): string[] {
  const schema = resultSchemaFor(method, version, taskAugmented);
  const out: string[] = [];
  if (schema) {
    const r = schema.safeParse(result);
    for (const i of r.error?.issues ?? []) out.push(i.path.length > 0 ? `${pathText(i.path)}: ${i.message}` : i.message);
  }
  if (!isPlainObject(result)) return out;
  // The SDK defaults a missing content to []; the spec requires it.
  if (method === 'tools/call' && !taskAugmented && !('content' in result)) out.push('content: required');
  if (version === '2026-07-28' && CACHEABLE_2026.has(method)) {
    if (typeof result.ttlMs !== 'number' || result.ttlMs < 0) out.push('ttlMs: required in 2026-07-28 (a number ≥ 0)');
    if (result.cacheScope !== 'public' && result.cacheScope !== 'private') out.push('cacheScope: required in 2026-07-28 ("public" or "private")');
  }
  return out;
}
