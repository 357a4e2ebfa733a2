// Finds where text stops being JSON, because engines' JSON.parse messages often omit the position.

export interface JsonErrorPosition {
  offset: number;
  line: number;
  column: number;
  /** What the scanner expected at that point. */
  expected: string;
}

class Stop {
  constructor(
    readonly offset: number,
    readonly expected: string,
  ) {}
}

/** Returns null when the text is valid JSON. Lines and columns are 1-based, counted in UTF-16 units like editors do. */
export function jsonErrorPosition(text: string): JsonErrorPosition | null {
  let i = 0;
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
  };
  const expect = (ch: string) => {
    if (text[i] !== ch) throw new Stop(i, `'${ch}'`);
    i++;
  };
  const string = () => {
    expect('"');
    for (;;) {
      if (i >= text.length) throw new Stop(i, "closing '\"'");
      const c = text.charCodeAt(i);
      if (c === 0x22) return void i++;
      if (c < 0x20) throw new Stop(i, 'no raw control character (newline, tab) inside a string');
      if (c === 0x5c) {
        const e = text[i + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) throw new Stop(i, 'four hex digits after \\u');
          i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i += 2;
        else throw new Stop(i, 'a valid escape');
      } else i++;
    }
  };
  const number = () => {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!m || m[0] === '' || m[0] === '-') throw new Stop(i, 'a value');
    i += m[0].length;
  };
  const value = (): void => {
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      ws();
      if (text[i] === '}') return void i++;
      for (;;) {
        ws();
        string();
        ws();
        expect(':');
        value();
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === '}') return void i++;
        else throw new Stop(i, "',' or '}'");
      }
    }
    if (c === '[') {
      i++;
      ws();
      if (text[i] === ']') return void i++;
      for (;;) {
        value();
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === ']') return void i++;
        else throw new Stop(i, "',' or ']'");
      }
    }
    if (c === '"') return string();
    for (const lit of ['true', 'false', 'null']) {
      if (text.startsWith(lit, i)) return void (i += lit.length);
    }
    number();
  };
  try {
    value();
    ws();
    if (i < text.length) throw new Stop(i, 'end of input');
    return null;
  } catch (err) {
    if (!(err instanceof Stop)) throw err;
    const before = text.slice(0, err.offset);
    const line = before.split('\n').length;
    const column = err.offset - (before.lastIndexOf('\n') + 1) + 1;
    return { offset: err.offset, line, column, expected: err.expected };
  }
}
