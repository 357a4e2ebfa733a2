// Reads JSON with comments and trailing commas (VS Code's mcp.json and settings.json are JSONC) through Microsoft's
// jsonc-parser, the one VS Code itself uses: as a value, or as a tree that knows where each value sits in the text,
// so a tool can change one value by splicing the text and leave every comment, space and line ending as it was.
import { getNodeValue, parse, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';

export type JsoncNode = Node;

const OPTIONS = { allowTrailingComma: true, disallowComments: false, allowEmptyContent: false };

/** A UTF-8 byte-order mark as Windows editors save it: not JSON, so it is set aside before parsing and put back after. */
export const BOM = '\ufeff';

function fail(text: string, errors: ParseError[]): never {
  const e = errors[0]!;
  const before = text.slice(0, e.offset);
  const line = before.split('\n').length;
  const column = e.offset - before.lastIndexOf('\n');
  throw new SyntaxError(`${printParseErrorCode(e.error)} at line ${line}, column ${column}`);
}

/** Parses JSONC (a BOM tolerated); throws SyntaxError, naming the first fault and where it is. */
export function parseJsonc(text: string): unknown {
  const body = text.startsWith(BOM) ? text.slice(1) : text;
  const errors: ParseError[] = [];
  const value: unknown = parse(body, errors, OPTIONS);
  if (errors.length > 0) fail(body, errors);
  return value;
}

/** The tree of JSONC text that has no BOM (offsets index `text`); throws SyntaxError like parseJsonc. */
export function parseJsoncTree(text: string): JsoncNode {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, OPTIONS);
  if (errors.length > 0 || root === undefined) fail(text, errors.length > 0 ? errors : [{ error: 4, offset: 0, length: 0 }]);
  return root;
}

/** The value node of an object's property, or undefined (the first one when a key repeats: see duplicateKeys). */
export function prop(node: JsoncNode | undefined, key: string): JsoncNode | undefined {
  if (node?.type !== 'object') return undefined;
  return node.children?.find((p) => p.children?.[0]?.value === key)?.children?.[1];
}

/** An object node's properties, in the order of the text. */
export function props(node: JsoncNode): Array<{ key: string; value: JsoncNode; property: JsoncNode }> {
  if (node.type !== 'object') return [];
  return (node.children ?? []).flatMap((p) => {
    const [k, v] = p.children ?? [];
    return k && v ? [{ key: String(k.value), value: v, property: p }] : [];
  });
}

export const nodeValue = (node: JsoncNode): unknown => getNodeValue(node);

/**
 * Every key that appears more than once in one object, anywhere in the tree, with the path of that object
 * (`mcpServers`, `mcp.servers.github.env`). JSON.parse quietly keeps the last one, a host may keep either: an editor
 * must not guess which of the two the user meant.
 */
export function duplicateKeys(root: JsoncNode): Array<{ at: string; key: string }> {
  const found: Array<{ at: string; key: string }> = [];
  const walk = (node: JsoncNode, at: string): void => {
    if (node.type === 'array') node.children?.forEach((c, i) => walk(c, `${at}[${i}]`));
    if (node.type !== 'object') return;
    const seen = new Set<string>();
    for (const { key, value } of props(node)) {
      if (seen.has(key) && !found.some((f) => f.at === at && f.key === key)) found.push({ at, key });
      seen.add(key);
      walk(value, at === '' ? key : `${at}.${key}`);
    }
  };
  walk(root, '');
  return found;
}
