// Builds and reads exact-byte payloads (invalid UTF-8, a BOM) as base64, for presets whose fault is in the encoding.

/** ASCII text only: presets put their odd bytes in explicit number arrays so nothing is encoded by accident. */
export function asciiBytes(text: string): number[] {
  return [...text].map((ch) => {
    const code = ch.charCodeAt(0);
    if (code > 0x7f) throw new Error(`not ASCII: ${ch}`);
    return code;
  });
}

export function toBase64(bytes: readonly number[]): string {
  return btoa(String.fromCharCode(...bytes));
}

/**
 * Decodes base64 as typed (the lab's editor shows it on every keystroke): characters outside the alphabet are skipped
 * and a dangling last character dropped, so half-typed input shows the bytes so far instead of failing.
 */
export function fromBase64(b64: string): number[] {
  let clean = b64.replace(/[^A-Za-z0-9+/]/g, '');
  if (clean.length % 4 === 1) clean = clean.slice(0, -1);
  return [...atob(clean)].map((ch) => ch.charCodeAt(0));
}

/** The bytes as UTF-8 text, U+FFFD for each byte that is not UTF-8; a BOM is kept (as U+FEFF), so it shows. */
export function bytesToText(bytes: readonly number[]): string {
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(new Uint8Array(bytes));
}
