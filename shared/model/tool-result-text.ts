// What a model reads of a tool's answer: the text of an MCP tools/call result (or of its JSON-RPC error), one string,
// since both providers take a tool's output as text. Images and audio become a note; structured output is JSON.
import { isPlainObject } from '../jsonrpc.js';

/** Beyond this a tool's answer is cut: a model's context is not a place for megabytes. */
const MAX_TEXT = 100_000;

function itemText(item: unknown): string {
  if (!isPlainObject(item)) return JSON.stringify(item);
  if (item.type === 'text' && typeof item.text === 'string') return item.text;
  if (item.type === 'image' || item.type === 'audio') return `[${item.type} ${typeof item.mimeType === 'string' ? item.mimeType : ''}]`.replace(' ]', ']');
  if (item.type === 'resource_link') return `[resource ${String(item.uri)}]`;
  if (item.type === 'resource' && isPlainObject(item.resource)) {
    const r = item.resource;
    return typeof r.text === 'string' ? r.text : `[resource ${String(r.uri)}${typeof r.mimeType === 'string' ? ` ${r.mimeType}` : ''}]`;
  }
  return JSON.stringify(item);
}

export function toolResultText(result: unknown): string {
  if (!isPlainObject(result)) return JSON.stringify(result ?? null);
  const parts = Array.isArray(result.content) ? result.content.map(itemText) : [];
  if (parts.length === 0 && result.structuredContent !== undefined) parts.push(JSON.stringify(result.structuredContent));
  const text = parts.length > 0 ? parts.join('\n') : JSON.stringify(result);
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}… [cut at ${MAX_TEXT} characters]` : text;
}

export function toolErrorText(error: { code: number | string; message: string }): string {
  return `The tool call failed: error ${String(error.code)}: ${error.message}`;
}
