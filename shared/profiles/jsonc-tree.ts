// Parses JSON with comments and trailing commas into a tree that knows where each value sits in the text, so a tool can
// change one value by splicing the text and leave every comment, space and other value exactly as it was.
import { nextSignificant } from './jsonc.js';

export type JsoncNode =
  | { type: 'object'; start: number; end: number; props: Array<{ key: string; value: JsoncNode }> }
  | { type: 'array'; start: number; end: number; items: JsoncNode[] }
  | { type: 'value'; start: number; end: number; value: unknown };

class Reader {
  i = 0;
  constructor(readonly text: string) {}

  /** Skips whitespace and comments. */
  skip(): void {
    this.i = nextSignificant(this.text, this.i);
  }

  fail(what: string): never {
    throw new SyntaxError(`${what} at character ${this.i}`);
  }

  node(): JsoncNode {
    this.skip();
    const start = this.i;
    const c = this.text[this.i];
    if (c === '{') return this.object(start);
    if (c === '[') return this.array(start);
    if (c === '"') {
      const value = this.string();
      return { type: 'value', start, end: this.i, value };
    }
    const m = /^(-?\d+(\.\d+)?([eE][+-]?\d+)?|true|false|null)/.exec(this.text.slice(this.i, this.i + 64));
    if (!m) this.fail('unexpected text');
    this.i += m[0].length;
    return { type: 'value', start, end: this.i, value: JSON.parse(m[0]) as unknown };
  }

  string(): string {
    const start = this.i++;
    while (this.i < this.text.length && this.text[this.i] !== '"') this.i += this.text[this.i] === '\\' ? 2 : 1;
    if (this.i >= this.text.length) this.fail('unterminated string');
    this.i++;
    return JSON.parse(this.text.slice(start, this.i)) as string;
  }

  object(start: number): JsoncNode {
    this.i++;
    const props: Array<{ key: string; value: JsoncNode }> = [];
    for (;;) {
      this.skip();
      if (this.text[this.i] === '}') break;
      if (this.text[this.i] !== '"') this.fail('expected a property name');
      const key = this.string();
      this.skip();
      if (this.text[this.i] !== ':') this.fail('expected ":"');
      this.i++;
      props.push({ key, value: this.node() });
      this.skip();
      if (this.text[this.i] === ',') this.i++;
      else if (this.text[this.i] !== '}') this.fail('expected "," or "}"');
    }
    this.i++;
    return { type: 'object', start, end: this.i, props };
  }

  array(start: number): JsoncNode {
    this.i++;
    const items: JsoncNode[] = [];
    for (;;) {
      this.skip();
      if (this.text[this.i] === ']') break;
      items.push(this.node());
      this.skip();
      if (this.text[this.i] === ',') this.i++;
      else if (this.text[this.i] !== ']') this.fail('expected "," or "]"');
    }
    this.i++;
    return { type: 'array', start, end: this.i, items };
  }
}

export function parseJsoncTree(text: string): JsoncNode {
  const r = new Reader(text);
  const root = r.node();
  r.skip();
  if (r.i < text.length) r.fail('unexpected text after the value');
  return root;
}

/** A property of an object node, or undefined. */
export function prop(node: JsoncNode | undefined, key: string): JsoncNode | undefined {
  return node?.type === 'object' ? node.props.find((p) => p.key === key)?.value : undefined;
}
