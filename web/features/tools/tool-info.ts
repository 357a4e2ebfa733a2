// A tool as the server listed it, read defensively: servers send anything, and the panel must still show what it can.
import { isPlainObject } from '../../../shared/jsonrpc.js';
import { modelPathSegment } from '../../lib/editor/monaco-json-schemas.js';

export interface ToolInfo {
  name: string;
  title: string | null;
  description: string | null;
  inputSchema: unknown;
  outputSchema: unknown;
  annotations: Record<string, unknown>;
  icons: unknown;
  /** False for a placeholder (a tool named in an old request that the current list does not have). */
  listed: boolean;
}

/** The Monaco model path of a tool's arguments in the JSON view, which its inputSchema is attached to (by this path). */
export function toolArgumentsPath(name: string): string {
  return `mcpscope://tools/${modelPathSegment(name)}/arguments.json`;
}

export function toToolInfo(raw: unknown): ToolInfo | null {
  if (!isPlainObject(raw) || typeof raw.name !== 'string') return null;
  const annotations = isPlainObject(raw.annotations) ? raw.annotations : {};
  const title = typeof raw.title === 'string' ? raw.title : typeof annotations.title === 'string' ? annotations.title : null;
  return {
    name: raw.name,
    title,
    description: typeof raw.description === 'string' ? raw.description : null,
    inputSchema: raw.inputSchema,
    outputSchema: raw.outputSchema,
    annotations,
    icons: raw.icons,
    listed: true,
  };
}

export function placeholderTool(name: string): ToolInfo {
  return { name, title: null, description: null, inputSchema: { type: 'object' }, outputSchema: undefined, annotations: {}, icons: undefined, listed: false };
}

export function matchesSearch(tool: ToolInfo, search: string): boolean {
  const q = search.trim().toLowerCase();
  if (q === '') return true;
  return [tool.name, tool.title, tool.description].some((s) => s?.toLowerCase().includes(q));
}
