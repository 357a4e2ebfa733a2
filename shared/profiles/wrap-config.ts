// Rewrites a host's MCP config so chosen stdio servers run through `mcpscope tap`, by splicing only their "command" and
// "args" values into the text: comments, formatting and every other value stay as they were (JSONC included).
import { parseJsoncTree, prop, type JsoncNode } from './jsonc-tree.js';

export interface WrapOptions {
  /** Server names to wrap; null: every stdio server in the file. */
  servers: readonly string[] | null;
  /** How the host should start mcpscope: the command and the arguments before `tap` (e.g. node and the bin script). */
  runner: { command: string; args: string[] };
  /** Extra `tap` flags (e.g. --data-dir). */
  tapFlags: readonly string[];
}

export interface WrapResult {
  text: string;
  wrapped: string[];
  /** Chosen servers left as they were, and why (already wrapped, remote, not found). */
  skipped: Array<{ name: string; why: string }>;
}

function serversNode(root: JsoncNode): JsoncNode | undefined {
  return prop(root, 'mcpServers') ?? prop(root, 'servers') ?? prop(prop(root, 'mcp'), 'servers');
}

function strings(node: JsoncNode | undefined): string[] | null {
  if (node === undefined) return [];
  if (node.type !== 'array') return null;
  const out: string[] = [];
  for (const item of node.items) {
    if (item.type !== 'value' || typeof item.value !== 'string') return null;
    out.push(item.value);
  }
  return out;
}

/** A server entry that already runs through a tap: its args hold `tap` right after the runner's own. */
export function isWrapped(command: string, args: readonly string[]): boolean {
  const at = args.indexOf('tap');
  return at !== -1 && (/(^|[\\/])mcpscope(\.cmd|\.js)?$/.test(command) || args.slice(0, at).some((a) => /(^|[\\/])mcpscope(\.js)?$/.test(a)));
}

export function wrapConfig(text: string, o: WrapOptions): WrapResult {
  const servers = serversNode(parseJsoncTree(text));
  if (servers?.type !== 'object') throw new SyntaxError('no "mcpServers" or "servers" object in the file');
  const names = servers.props.map((p) => p.key);
  const chosen = o.servers ?? names;
  const skipped: WrapResult['skipped'] = [];
  const edits: Array<{ start: number; end: number; text: string }> = [];
  const wrapped: string[] = [];
  for (const name of chosen) {
    const entry = servers.props.find((p) => p.key === name)?.value;
    if (!entry) {
      skipped.push({ name, why: `no server named "${name}" (the file has ${names.join(', ') || 'none'})` });
      continue;
    }
    const command = prop(entry, 'command');
    const argsNode = prop(entry, 'args');
    const args = strings(argsNode);
    if (command?.type !== 'value' || typeof command.value !== 'string') {
      skipped.push({ name, why: prop(entry, 'url') ? 'a remote server: run mcpscope tap --url and point its url at the tap' : 'it has no "command"' });
      continue;
    }
    if (args === null) {
      skipped.push({ name, why: '"args" is not a list of strings' });
      continue;
    }
    if (isWrapped(command.value, args)) {
      skipped.push({ name, why: 'already runs through mcpscope tap' });
      continue;
    }
    const newArgs = [...o.runner.args, 'tap', '--name', name, ...o.tapFlags, '--', command.value, ...args];
    edits.push({ start: command.start, end: command.end, text: JSON.stringify(o.runner.command) });
    if (argsNode) edits.push({ start: argsNode.start, end: argsNode.end, text: JSON.stringify(newArgs) });
    else edits.push({ start: command.end, end: command.end, text: `, "args": ${JSON.stringify(newArgs)}` });
    wrapped.push(name);
  }
  let out = text;
  // From the end, so earlier offsets stay valid.
  for (const e of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return { text: out, wrapped, skipped };
}
