// Fields and content types that arrived in a later protocol version than the first, so their early use can be flagged.
import type { ProtocolVersion } from '../mcp-versions.js';
import { isPlainObject } from '../jsonrpc.js';
import { versionIndex } from './mcp-methods.js';

/** Where → field (or content type) → the first version that has it. */
const VERSIONED_FIELDS = {
  tool: {
    annotations: '2025-03-26', // readOnlyHint, destructiveHint…
    title: '2025-06-18', // display name
    outputSchema: '2025-06-18', // structured output
    icons: '2025-11-25', // icon list
    execution: '2025-11-25', // task support
  },
  callToolResult: { structuredContent: '2025-06-18' }, // structured output
  contentType: { audio: '2025-03-26', resource_link: '2025-06-18' }, // content block `type` values
  progress: { message: '2025-03-26' }, // human-readable progress text
  implementation: { title: '2025-06-18', icons: '2025-11-25' }, // clientInfo / serverInfo
} as const satisfies Record<string, Record<string, ProtocolVersion>>;

export interface TooNew {
  where: string;
  since: ProtocolVersion;
}

function newer(since: ProtocolVersion, version: ProtocolVersion): boolean {
  return versionIndex(since) > versionIndex(version);
}

function fieldsOf(obj: unknown, table: Record<string, ProtocolVersion>, prefix: string, version: ProtocolVersion, out: TooNew[]): void {
  if (!isPlainObject(obj)) return;
  for (const [field, since] of Object.entries(table)) {
    if (field in obj && newer(since, version)) out.push({ where: `${prefix}${field}`, since });
  }
}

function blockType(block: unknown, where: string, version: ProtocolVersion, out: TooNew[]): void {
  if (!isPlainObject(block) || typeof block.type !== 'string') return;
  const since = (VERSIONED_FIELDS.contentType as Record<string, ProtocolVersion>)[block.type];
  if (since && newer(since, version)) out.push({ where: `${where}.type "${block.type}"`, since });
}

function contentTypes(content: unknown, prefix: string, version: ProtocolVersion, out: TooNew[]): void {
  if (Array.isArray(content)) content.forEach((block, i) => blockType(block, `${prefix}[${i}]`, version, out));
}

/** Fields in a result that the negotiated version does not have yet. */
export function tooNewInResult(method: string, result: unknown, version: ProtocolVersion): TooNew[] {
  const out: TooNew[] = [];
  if (!isPlainObject(result)) return out;
  if (method === 'tools/list' && Array.isArray(result.tools)) {
    result.tools.forEach((t, i) => fieldsOf(t, VERSIONED_FIELDS.tool, `tools[${i}].`, version, out));
  } else if (method === 'tools/call') {
    fieldsOf(result, VERSIONED_FIELDS.callToolResult, '', version, out);
    contentTypes(result.content, 'content', version, out);
  } else if (method === 'prompts/get' && Array.isArray(result.messages)) {
    result.messages.forEach((m, i) => isPlainObject(m) && blockType(m.content, `messages[${i}].content`, version, out));
  } else if (method === 'initialize') {
    fieldsOf(result.serverInfo, VERSIONED_FIELDS.implementation, 'serverInfo.', version, out);
  }
  return out;
}

export function tooNewInProgress(params: unknown, version: ProtocolVersion): TooNew[] {
  const out: TooNew[] = [];
  fieldsOf(params, VERSIONED_FIELDS.progress, 'params.', version, out);
  return out;
}

export function describeTooNew(items: readonly TooNew[], version: ProtocolVersion): string {
  // Thirty tools with a title are one fact, not thirty: group by the path without indices.
  const groups = new Map<string, { since: ProtocolVersion; count: number }>();
  for (const t of items) {
    const key = t.where.replace(/\[\d+\]/g, '[]');
    const g = groups.get(key);
    if (g) g.count++;
    else groups.set(key, { since: t.since, count: 1 });
  }
  const parts = [...groups].map(([where, g]) => `${where}${g.count > 1 ? ` (×${g.count})` : ''} from ${g.since}`);
  const shown = parts.slice(0, 5).join(', ') + (parts.length > 5 ? ` and ${parts.length - 5} more` : '');
  return `Not in the negotiated ${version}: ${shown}`;
}
