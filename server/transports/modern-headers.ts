// The request headers of 2026-07-28 HTTP: Mcp-Method, Mcp-Name (mirroring params.name/uri/taskId) and one
// Mcp-Param-{Name} per tool argument whose schema says `x-mcp-header`, learned from the tools/list results that pass by.
import { META_PROTOCOL_VERSION } from '../../shared/engine/index.js';
import { classifyText, idKey, isPlainObject } from '../../shared/jsonrpc.js';
import type { HeaderLines } from './http-request.js';

/** Which params field Mcp-Name mirrors, per method (SEP-2243, plus the task methods of SEP-2663). */
const NAME_SOURCE: Record<string, string> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
  'tasks/get': 'taskId',
  'tasks/update': 'taskId',
  'tasks/cancel': 'taskId',
};

const RFC9110_TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/**
 * A header value as the spec wants it: plain when it is visible ASCII with no edge whitespace, else the
 * `=?base64?…?=` sentinel around its UTF-8 bytes (the form servers decode; plain text would break the header).
 */
export function headerValue(value: string): string {
  if (/^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/.test(value)) return value;
  return `=?base64?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

/** A primitive argument as header text (strings as they are, numbers in decimal, booleans lowercase); else null. */
function primitiveText(v: unknown): string | null {
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'number' && Number.isFinite(v) && (!Number.isInteger(v) || Number.isSafeInteger(v))) return String(v);
  return null;
}

export interface HeaderDeclaration {
  path: string[];
  headerName: string;
}

/** The `x-mcp-header` properties of an inputSchema, reached through `properties` only (where the spec allows them). */
export function headerDeclarations(schema: unknown): HeaderDeclaration[] {
  const out: HeaderDeclaration[] = [];
  const visit = (node: unknown, path: string[]): void => {
    if (!isPlainObject(node)) return;
    const name = node['x-mcp-header'];
    if (path.length > 0 && typeof name === 'string' && RFC9110_TOKEN.test(name)) out.push({ path, headerName: name });
    if (isPlainObject(node.properties)) for (const [k, child] of Object.entries(node.properties)) visit(child, [...path, k]);
  };
  visit(schema, []);
  return out;
}

function valueAt(root: unknown, path: string[]): unknown {
  let node = root;
  for (const key of path) node = isPlainObject(node) ? node[key] : undefined;
  return node;
}

export interface OutgoingRequest {
  method: string | null;
  /** idKey text of the request id; null for a notification or anything else. */
  id: string | null;
  params: unknown;
  /** `_meta["io.modelcontextprotocol/protocolVersion"]`, the value MCP-Protocol-Version must equal. */
  version: string | null;
}

/** One outgoing message, read just far enough for its headers; a batch or non-JSON text reads as nothing. */
export function readOutgoing(bytes: Buffer): OutgoingRequest {
  const c = classifyText(bytes.toString('utf8'));
  const msg = c.kind !== 'batch' && isPlainObject(c.value) ? c.value : {};
  const meta = isPlainObject(msg.params) && isPlainObject(msg.params._meta) ? msg.params._meta : {};
  const version = meta[META_PROTOCOL_VERSION];
  return {
    method: c.kind === 'request' || c.kind === 'notification' ? c.method! : null,
    id: c.kind === 'request' ? idKey(c.id) : null,
    params: msg.params,
    version: typeof version === 'string' ? version : null,
  };
}

/** Remembers each tool's header declarations from tools/list results, to put Mcp-Param-* on its tools/call. */
export class ToolHeaderCatalog {
  private readonly tools = new Map<string, HeaderDeclaration[]>();
  /** idKeys of tools/list requests still waiting for their result. */
  private readonly listing = new Set<string>();

  sent(out: OutgoingRequest): void {
    if (out.method === 'tools/list' && out.id !== null) this.listing.add(out.id);
  }

  received(bytes: Buffer): void {
    if (this.listing.size === 0) return;
    const c = classifyText(bytes.toString('utf8'));
    const key = idKey(c.id);
    if (key === null || !this.listing.delete(key) || c.kind !== 'response' || !isPlainObject(c.value)) return;
    const result = c.value.result;
    if (!isPlainObject(result) || !Array.isArray(result.tools)) return;
    for (const tool of result.tools) {
      if (isPlainObject(tool) && typeof tool.name === 'string') this.tools.set(tool.name, headerDeclarations(tool.inputSchema));
    }
  }

  /** Mcp-Method, Mcp-Name and Mcp-Param-* for one request (notifications carry Mcp-Method only). */
  headersFor(out: OutgoingRequest): HeaderLines {
    const lines: HeaderLines = [];
    if (out.method === null) return lines;
    lines.push(['Mcp-Method', out.method]);
    const field = Object.hasOwn(NAME_SOURCE, out.method) ? NAME_SOURCE[out.method]! : null;
    const params = isPlainObject(out.params) ? out.params : {};
    const name = field === null ? undefined : params[field];
    if (typeof name === 'string') lines.push(['Mcp-Name', headerValue(name)]);
    if (out.method !== 'tools/call' || typeof name !== 'string') return lines;
    for (const decl of this.tools.get(name) ?? []) {
      const text = primitiveText(valueAt(params.arguments, decl.path));
      if (text !== null) lines.push([`Mcp-Param-${decl.headerName}`, headerValue(text)]);
    }
    return lines;
  }
}
