// Rewrites a host's MCP config so chosen stdio servers run through `mcpscope tap`, and back, by splicing only their
// "command" and "args" values into the text: comments, formatting, line endings, a BOM and every other value stay as
// they were (JSONC included). Each wrap returns a record of what it changed, so the undo can put back exactly that and
// keep whatever the user edited since.
import { z } from 'zod';
import { BOM, duplicateKeys, nodeValue, parseJsonc, parseJsoncTree, prop, props, type JsoncNode } from './jsonc.js';

export interface WrapOptions {
  /** Server names to wrap; null: every stdio server in the file. */
  servers: readonly string[] | null;
  /** How the host should start mcpscope: the command and the arguments before `tap` (e.g. node and the bin script). */
  runner: { command: string; args: string[] };
  /** Extra `tap` flags (e.g. --data-dir). */
  tapFlags: readonly string[];
}

const jsoncText = z.string().refine((t) => {
  try {
    parseJsonc(t);
    return true;
  } catch {
    return false;
  }
}, 'not a JSON value');

/** What one wrap changed in one server's entry: enough to undo it, and to tell whether the user changed it since. It is
 * kept in a file beside the config, so it is read back as data from disk: every text must be one JSON value. */
export const WrapRecordSchema = z.object({
  name: z.string(),
  /** The text of the original "command" value, exactly as it was in the file. */
  command: jsoncText,
  /** The text of the original "args" value (comments and line breaks included), or null when the entry had none. */
  args: jsoncText.nullable(),
  /** The values the wrap wrote. */
  wrote: z.object({ command: z.string(), args: z.array(z.string()) }),
});
export type WrapRecord = z.infer<typeof WrapRecordSchema>;

export interface WrapResult {
  text: string;
  wrapped: string[];
  records: WrapRecord[];
  /** Chosen servers left as they were, and why (already wrapped, remote, not found). */
  skipped: Array<{ name: string; why: string }>;
}

export interface UnwrapResult {
  text: string;
  /** Servers whose original command and args were put back. */
  restored: string[];
  /** Servers no longer in the file, or already back to their original command and args: nothing to do. */
  untouched: Array<{ name: string; why: string }>;
  /** Servers whose command or args the user changed since the wrap: left as they are (unless forced), with a diff. */
  changed: Array<{ name: string; diff: string }>;
}

/** A file an editor must not touch: the same key twice in one object (which value does the host use?). */
export class DuplicateKeysError extends Error {}

interface Config {
  bom: string;
  body: string;
  servers: JsoncNode | undefined;
}

/** Parses a config's text (BOM set aside); throws SyntaxError when it is not JSONC, DuplicateKeysError on repeats. */
function readConfig(text: string): Config {
  const bom = text.startsWith(BOM) ? BOM : '';
  const body = text.slice(bom.length);
  const root = parseJsoncTree(body);
  const dups = duplicateKeys(root);
  if (dups.length > 0) {
    const list = dups.map((d) => `"${d.key}" ${d.at === '' ? 'at the top level' : `in ${d.at}`}`).join(', ');
    throw new DuplicateKeysError(`the same key appears twice in one object: ${list}. Keep one of each and run wrap again`);
  }
  const servers = prop(root, 'mcpServers') ?? prop(root, 'servers') ?? prop(prop(root, 'mcp'), 'servers');
  return { bom, body, servers };
}

const span = (text: string, n: JsoncNode): string => text.slice(n.offset, n.offset + n.length);

function strings(node: JsoncNode | undefined): string[] | null {
  if (node === undefined) return [];
  const v = nodeValue(node);
  return Array.isArray(v) && v.every((a) => typeof a === 'string') ? v : null;
}

/** A server entry that already runs through a tap: its args hold `tap` right after the runner's own. */
function isWrapped(command: string, args: readonly string[]): boolean {
  const at = args.indexOf('tap');
  return at !== -1 && (/(^|[\\/])mcpscope(\.cmd|\.js)?$/.test(command) || args.slice(0, at).some((a) => /(^|[\\/])mcpscope(\.js)?$/.test(a)));
}

interface Edit {
  offset: number;
  length: number;
  text: string;
}

function apply(text: string, edits: Edit[]): string {
  let out = text;
  // From the end, so earlier offsets stay valid.
  for (const e of [...edits].sort((a, b) => b.offset - a.offset)) out = out.slice(0, e.offset) + e.text + out.slice(e.offset + e.length);
  return out;
}

export function wrapConfig(text: string, o: WrapOptions): WrapResult {
  const { bom, body, servers } = readConfig(text);
  if (servers?.type !== 'object') throw new SyntaxError('no "mcpServers" or "servers" object in the file');
  const entries = props(servers);
  const names = entries.map((p) => p.key);
  const chosen = [...new Set(o.servers ?? names)];
  const skipped: WrapResult['skipped'] = [];
  const edits: Edit[] = [];
  const records: WrapRecord[] = [];
  for (const name of chosen) {
    const entry = entries.find((p) => p.key === name)?.value;
    if (!entry) {
      skipped.push({ name, why: `no server named "${name}" (the file has ${names.join(', ') || 'none'})` });
      continue;
    }
    const command = prop(entry, 'command');
    const argsNode = prop(entry, 'args');
    const args = strings(argsNode);
    if (command?.type !== 'string') {
      skipped.push({ name, why: prop(entry, 'url') ? 'a remote server: run mcpscope tap --url and point its url at the tap' : 'it has no "command"' });
      continue;
    }
    if (args === null) {
      skipped.push({ name, why: '"args" is not a list of strings' });
      continue;
    }
    const original = String(command.value);
    if (isWrapped(original, args)) {
      skipped.push({ name, why: 'already runs through mcpscope tap' });
      continue;
    }
    const wrote = { command: o.runner.command, args: [...o.runner.args, 'tap', '--name', name, ...o.tapFlags, '--', original, ...args] };
    edits.push({ offset: command.offset, length: command.length, text: JSON.stringify(wrote.command) });
    if (argsNode) edits.push({ offset: argsNode.offset, length: argsNode.length, text: JSON.stringify(wrote.args) });
    else edits.push({ offset: command.offset + command.length, length: 0, text: `, "args": ${JSON.stringify(wrote.args)}` });
    records.push({ name, command: span(body, command), args: argsNode ? span(body, argsNode) : null, wrote });
  }
  const out = apply(body, edits);
  checkWritten(
    out,
    records.map((r) => ({ name: r.name, command: r.wrote.command, args: r.wrote.args })),
  );
  return { text: bom + out, wrapped: records.map((r) => r.name), records, skipped };
}

/**
 * The last guard before a file is written: the new text parses, with no repeated key, and each server it edited now
 * holds the values it meant to write. A failure here is mcpscope's bug, and the file is left as it was.
 */
function checkWritten(text: string, expected: Array<{ name: string; command: unknown; args: unknown }>): void {
  const { servers } = readConfig(text);
  for (const e of expected) {
    const entry = prop(servers, e.name);
    const now = { command: valueOf(prop(entry, 'command')), args: valueOf(prop(entry, 'args')) };
    if (JSON.stringify(now) !== JSON.stringify({ command: e.command, args: e.args })) {
      throw new Error(`mcpscope made a wrong edit to "${e.name}" and wrote nothing: please report this`);
    }
  }
}

const valueOf = (n: JsoncNode | undefined): unknown => (n === undefined ? undefined : nodeValue(n));
const sameValue = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** `- "args": …` / `+ "args": …` lines for each of command and args that differ between what wrap wrote and now. */
function diffLines(wrote: Record<string, unknown>, now: Record<string, unknown>): string {
  const lines: string[] = [];
  for (const key of ['command', 'args']) {
    if (sameValue(wrote[key], now[key])) continue;
    lines.push(`  - "${key}": ${JSON.stringify(wrote[key])}   (as wrap wrote it)`);
    lines.push(now[key] === undefined ? `  + (no "${key}" now)` : `  + "${key}": ${JSON.stringify(now[key])}   (in the file now)`);
  }
  return lines.join('\n');
}

/**
 * Puts back the original command and args of every recorded server whose command and args are still what the wrap
 * wrote; every other byte of the file, edits made since the wrap included, stays. A server whose command or args were
 * changed since is left alone and reported with a diff, unless `force`, which puts its original values back anyway.
 */
export function unwrapConfig(text: string, records: readonly WrapRecord[], o: { force: boolean }): UnwrapResult {
  const config = readConfig(text);
  let body = config.body;
  const result: UnwrapResult = { text, restored: [], untouched: [], changed: [] };
  for (const r of records) {
    // One server at a time on the text as it now is: a restored "args" may be longer or shorter than the wrapped one.
    const { servers } = readConfig(body);
    const entry = prop(servers, r.name);
    if (entry === undefined) {
      result.untouched.push({ name: r.name, why: 'no longer in the file: nothing to put back' });
      continue;
    }
    if (entry.type !== 'object') {
      result.untouched.push({ name: r.name, why: 'no longer an object with a "command": nothing to put back' });
      continue;
    }
    const command = prop(entry, 'command');
    const args = prop(entry, 'args');
    const now = { command: valueOf(command), args: valueOf(args) };
    const original = originalValues(r);
    if (sameValue(now, original)) {
      result.untouched.push({ name: r.name, why: 'already runs its original command' });
      continue;
    }
    if (!sameValue(now, r.wrote)) {
      result.changed.push({ name: r.name, diff: diffLines(r.wrote, now) });
      if (!o.force) continue;
    }
    body = restore(body, entry, command, args, r);
    result.restored.push(r.name);
  }
  if (result.changed.length > 0 && !o.force) return { ...result, restored: [], text };
  checkWritten(
    body,
    records.filter((r) => result.restored.includes(r.name)).map((r) => ({ name: r.name, ...originalValues(r) })),
  );
  return { ...result, text: config.bom + body };
}

const originalValues = (r: WrapRecord) => ({ command: parseJsonc(r.command), args: r.args === null ? undefined : parseJsonc(r.args) });

/** The entry with its recorded original "command" and "args" texts in place of whatever is there now. */
function restore(body: string, entry: JsoncNode, command: JsoncNode | undefined, args: JsoncNode | undefined, r: WrapRecord): string {
  const edits: Edit[] = [];
  if (command) edits.push({ offset: command.offset, length: command.length, text: r.command });
  else edits.push({ offset: entry.offset + 1, length: 0, text: `"command": ${r.command}${(entry.children ?? []).length > 0 ? ', ' : ''}` });
  if (r.args !== null) {
    if (args) edits.push({ offset: args.offset, length: args.length, text: r.args });
    else if (command) edits.push({ offset: command.offset + command.length, length: 0, text: `, "args": ${r.args}` });
    else edits.push({ offset: entry.offset + 1, length: 0, text: `"args": ${r.args}, ` });
  } else if (args) {
    edits.push(removal(body, entry, args));
  }
  return apply(body, edits);
}

/** Removes the "args" property the wrap added, with the comma that separates it from the property before it (the one
 * after it when it is the first): untouched, that is exactly the `, "args": […]` the wrap inserted after "command". */
function removal(body: string, entry: JsoncNode, args: JsoncNode): Edit {
  const property = args.parent!;
  const siblings = entry.children ?? [];
  const at = siblings.indexOf(property);
  const before = siblings[at - 1];
  if (before) {
    const end = before.offset + before.length;
    return { offset: end, length: property.offset + property.length - end, text: '' };
  }
  const after = siblings[at + 1];
  return { offset: property.offset, length: (after ? after.offset : property.offset + property.length) - property.offset, text: '' };
}
