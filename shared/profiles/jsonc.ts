// Parses JSON with comments and trailing commas (VS Code's mcp.json and settings.json are JSONC).

/** Index of the next character that is neither whitespace nor inside a comment. */
export function nextSignificant(text: string, from: number): number {
  let i = from;
  for (;;) {
    while (i < text.length && /\s/.test(text[i]!)) i++;
    if (text.startsWith('//', i)) {
      const nl = text.indexOf('\n', i);
      i = nl === -1 ? text.length : nl + 1;
    } else if (text.startsWith('/*', i)) {
      const end = text.indexOf('*/', i + 2);
      i = end === -1 ? text.length : end + 2;
    } else return i;
  }
}

/** Drops a UTF-8 BOM, comments and trailing commas outside strings, then parses; throws SyntaxError like JSON.parse. */
export function parseJsonc(text: string): unknown {
  let out = '';
  // Windows editors save a BOM; JSON.parse would call it an unexpected token.
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"') {
      const start = i++;
      while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
      i++;
      out += text.slice(start, i);
    } else if (text.startsWith('//', i) || text.startsWith('/*', i)) {
      const next = nextSignificant(text, i);
      out += text.slice(i, next).replace(/[^\n]/g, ' ').includes('\n') ? '\n' : ' ';
      i = next;
    } else if (c === ',') {
      const next = text[nextSignificant(text, i + 1)];
      if (next !== '}' && next !== ']') out += c;
      i++;
    } else {
      out += c;
      i++;
    }
  }
  return JSON.parse(out);
}
