// The few runtime globals shared/ may use: Node (20+) and every browser mcpscope supports have them, so shared/ needs
// no hand-written UTF-8 or base64. Declared for shared/'s own typecheck only ("types": [] there); the web, server and
// test projects exclude this file, their DOM or Node types already declare the same globals.

/** UTF-8 encoding (WHATWG Encoding): always UTF-8. */
declare class TextEncoder {
  encode(input?: string): Uint8Array;
}

/** UTF-8 decoding; without `fatal`, bytes that are not UTF-8 become U+FFFD. */
declare class TextDecoder {
  constructor(label?: 'utf-8', options?: { fatal?: boolean; ignoreBOM?: boolean });
  decode(input?: Uint8Array): string;
}

/** Forgiving base64 → a binary string (one char per byte); throws on characters outside the alphabet. */
declare function atob(data: string): string;

/** A binary string (one char per byte, each < 256) → base64. */
declare function btoa(data: string): string;

/** Web Crypto's random bytes (Node 20+ has the global too): trace and span ids for the trace context mcpscope sends. */
declare const crypto: { getRandomValues<T extends Uint8Array>(array: T): T };
