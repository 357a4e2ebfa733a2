// Builds exact-byte payloads (invalid UTF-8, a BOM) as base64 without TextEncoder or btoa, which shared/ cannot assume.
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** ASCII text only: presets put their odd bytes in explicit number arrays so nothing is encoded by accident. */
export function asciiBytes(text: string): number[] {
  return [...text].map((ch) => {
    const code = ch.charCodeAt(0);
    if (code > 0x7f) throw new Error(`not ASCII: ${ch}`);
    return code;
  });
}

export function toBase64(bytes: readonly number[]): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const [a = 0, b = 0, c = 0] = [bytes[i], bytes[i + 1], bytes[i + 2]];
    const n = (a << 16) | (b << 8) | c;
    out += ALPHABET[(n >> 18) & 63]! + ALPHABET[(n >> 12) & 63]!;
    out += i + 1 < bytes.length ? ALPHABET[(n >> 6) & 63]! : '=';
    out += i + 2 < bytes.length ? ALPHABET[n & 63]! : '=';
  }
  return out;
}

/** Decodes base64 to bytes, then to text with U+FFFD for bytes that are not UTF-8 (enough for grading and display). */
export function fromBase64(b64: string): number[] {
  const clean = b64.replace(/[^A-Za-z0-9+/]/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < clean.length; i += 4) {
    const n = [0, 1, 2, 3].reduce((acc, k) => (acc << 6) | Math.max(0, ALPHABET.indexOf(clean[i + k] ?? 'A')), 0);
    bytes.push((n >> 16) & 255);
    if (i + 2 < clean.length) bytes.push((n >> 8) & 255);
    if (i + 3 < clean.length) bytes.push(n & 255);
  }
  return bytes;
}

/** Latin-1-safe view for grading: ASCII stays, everything else becomes U+FFFD (a BOM is kept as U+FEFF). */
export function bytesToText(bytes: readonly number[]): string {
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const body = bom ? bytes.slice(3) : bytes;
  return (bom ? '\uFEFF' : '') + body.map((b) => (b < 0x80 ? String.fromCharCode(b) : '\uFFFD')).join('');
}
