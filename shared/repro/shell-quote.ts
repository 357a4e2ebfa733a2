// POSIX shell quoting for the reproduction scripts: every value a server or a user chose goes through here.

/** Single-quoted, safe for any string: the only character that needs care inside single quotes is the quote itself. */
export function shQuote(s: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(s)) return s;
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** An env var name for a secret the script's user must supply: MCP_HEADER_AUTHORIZATION, MCP_ENV_API_KEY. */
export function secretVar(prefix: 'MCP_HEADER' | 'MCP_ENV', name: string): string {
  return `${prefix}_${name.replace(/[^A-Za-z0-9]+/g, '_').toUpperCase()}`;
}

/** A printf format that writes exactly these bytes (for frames that are not valid UTF-8), newline included. */
export function printfBytes(bytes: Uint8Array): string {
  let fmt = '';
  for (const b of bytes) {
    const c = String.fromCharCode(b);
    fmt += b >= 0x20 && b < 0x7f && c !== "'" && c !== '\\' && c !== '%' ? c : `\\${b.toString(8).padStart(3, '0')}`;
  }
  return `printf '${fmt}\\n'`;
}
