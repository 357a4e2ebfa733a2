// The seeded fuzz of the scanning classifier against the full parser: random JSON texts biased toward JSON-RPC shapes,
// mutations of real frames, and byte-level mutations (invalid UTF-8, BOM, NUL), shared by the unit test (a fixed,
// small set) and the bench job (the full run).
import { classifyFrame, frameClassOf, scanFrame } from '../../shared/frame-class.js';
import { classifyText } from '../../shared/jsonrpc.js';
import { FRAMING_CASES } from '../unit/lint/framing-cases.js';
import { HTTP_CASES } from '../unit/lint/http-cases.js';
import { JSONRPC_CASES } from '../unit/lint/jsonrpc-cases.js';
import { MCP_CASES } from '../unit/lint/mcp-cases.js';
import { REQUEST_CASES } from '../unit/lint/request-cases.js';

export const reference = (text: string) => frameClassOf(classifyText(text));

/**
 * Frames the scan classified differently from the parser (empty when they agree), and how many it classified itself.
 * A frame is its bytes (a string stands for its UTF-8, lone surrogates becoming U+FFFD as they would on the wire); the
 * parser reads what the relay decodes from them, Buffer's toString.
 */
export function compare(frames: ReadonlyArray<string | Uint8Array>): { wrong: Array<{ text: string; scan: unknown; parse: unknown }>; scanned: number } {
  const wrong: Array<{ text: string; scan: unknown; parse: unknown }> = [];
  let scanned = 0;
  for (const frame of frames) {
    const bytes = typeof frame === 'string' ? Buffer.from(frame, 'utf8') : Buffer.from(frame.buffer, frame.byteOffset, frame.byteLength);
    const text = bytes.toString('utf8');
    const scan = scanFrame(bytes, text);
    const parse = reference(text);
    if (scan) scanned++;
    if (scan && JSON.stringify(scan) !== JSON.stringify(parse)) wrong.push({ text, scan, parse });
    const both = classifyFrame(bytes, text);
    if (JSON.stringify(both) !== JSON.stringify(parse)) wrong.push({ text, scan: both, parse });
  }
  return { wrong: wrong.slice(0, 5), scanned };
}

export const ruleCaseTexts = [...JSONRPC_CASES, ...MCP_CASES, ...FRAMING_CASES, ...REQUEST_CASES, ...HTTP_CASES].flatMap((c) =>
  [...c.bad, ...c.good].map((p) => p[1]),
);

/** mulberry32: a small seeded generator, so a failure reproduces. */
function rng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const KEYS = ['jsonrpc', 'id', 'method', 'result', 'error', 'params', 'code', 'message', '__proto__', 'constructor', '', 'ïd', 'method '];
const STRINGS = ['2.0', 'ping', 'notifications/message', '', 'a"b', 'tab\there', 'line\nbreak', '\u2028', '\ud800', 'é', '\\', '\u0000', '1'];
const NUMBERS = ['0', '-0', '1', '-1', '1.5', '1e3', '1E+2', '-2.5e-3', '1e400', '12345678901234567890', '0.0'];
const SPACE = ['', '', '', ' ', '\n', '\t ', '\r\n'];

/** Random JSON text, biased toward JSON-RPC shapes, written by hand so it can hold duplicate and escaped keys. */
function randomJson(r: () => number, depth = 0): string {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const sp = () => pick(SPACE);
  const str = (s: string) => (r() < 0.1 ? JSON.stringify(s).replace(/[a-z]/, (c) => `\\u00${c.charCodeAt(0).toString(16)}`) : JSON.stringify(s));
  const roll = r();
  if (depth < 3 && roll < 0.45) {
    const n = Math.floor(r() * 6);
    const members = Array.from({ length: n }, () => `${sp()}${str(pick(KEYS))}${sp()}:${sp()}${randomJson(r, depth + 1)}${sp()}`);
    return `{${members.join(',')}${n === 0 ? sp() : ''}}`;
  }
  if (depth < 3 && roll < 0.55) return `[${Array.from({ length: Math.floor(r() * 4) }, () => `${sp()}${randomJson(r, depth + 1)}${sp()}`).join(',')}]`;
  if (roll < 0.75) return str(pick(STRINGS));
  if (roll < 0.92) return pick(NUMBERS);
  return pick(['true', 'false', 'null']);
}

const NOISE = ['{', '}', '[', ']', ',', ':', '"', '\\', '0', '-', '.', 'e', '+', ' ', '\n', '\u0000', '\u001f', 'u', 't', 'n', 'x', '\u2028', 'é', '\ud83d'];

function mutate(r: () => number, text: string): string {
  const at = Math.floor(r() * (text.length + 1));
  const ch = NOISE[Math.floor(r() * NOISE.length)]!;
  switch (Math.floor(r() * 5)) {
    case 0:
      return text.slice(0, at) + text.slice(at + 1);
    case 1:
      return text.slice(0, at) + ch + text.slice(at);
    case 2:
      return text.slice(0, at) + ch + text.slice(at + 1);
    case 3:
      return text.slice(0, at);
    default:
      return text.slice(0, at) + text.slice(Math.floor(r() * text.length));
  }
}

/** `count` random JSON texts from the generator seeded with `seed`. */
export function randomTexts(seed: number, count: number): string[] {
  const r = rng(seed);
  return Array.from({ length: count }, () => randomJson(r));
}

/** `count` texts made by one to three mutations of a rule case's frame or a random text, seeded with `seed`. */
export function mutatedTexts(seed: number, count: number): string[] {
  const r = rng(seed);
  const seeds = [...ruleCaseTexts, ...Array.from({ length: 200 }, () => randomJson(r))];
  const texts: string[] = [];
  for (let i = 0; i < count; i++) {
    let t = seeds[Math.floor(r() * seeds.length)]!;
    for (let k = 1 + Math.floor(r() * 3); k > 0; k--) t = mutate(r, t);
    texts.push(t);
  }
  return texts;
}

/**
 * What the bytes of a frame can hold that its text cannot show: invalid UTF-8 of every kind (a lone continuation byte,
 * a truncated sequence, overlong forms, encoded surrogates, bytes past U+10FFFF, 0xFF), a BOM, NUL, and valid
 * multi-byte characters (2, 3 and 4 bytes).
 */
const BYTE_NOISE: readonly number[][] = [
  [0x80],
  [0xbf],
  [0xc3],
  [0xe2, 0x82],
  [0xf0, 0x9f, 0x98],
  [0xc0, 0xaf],
  [0xe0, 0x80, 0xaf],
  [0xed, 0xa0, 0x80],
  [0xed, 0xbf, 0xbf],
  [0xf4, 0x90, 0x80, 0x80],
  [0xff],
  [0xfe],
  [0xef, 0xbb, 0xbf],
  [0x00],
  [0xc3, 0xa9],
  [0xe2, 0x80, 0xa8],
  [0xf0, 0x9f, 0x98, 0x80],
];

/**
 * `count` frames made by one to three byte-level mutations (a BYTE_NOISE sequence inserted or written over, or a cut
 * that may split a character) of a rule case's frame or a random text, seeded with `seed`. About half of the inserts
 * land inside a string, where invalid UTF-8 leaves the frame valid JSON, so the scan's own answers are tested too.
 */
export function mutatedBytes(seed: number, count: number): Uint8Array[] {
  const r = rng(seed);
  const seeds = [...ruleCaseTexts, ...Array.from({ length: 200 }, () => randomJson(r))].map((t) => Buffer.from(t, 'utf8'));
  const frames: Uint8Array[] = [];
  for (let i = 0; i < count; i++) {
    let b: Uint8Array = seeds[Math.floor(r() * seeds.length)]!;
    for (let k = 1 + Math.floor(r() * 3); k > 0; k--) {
      const noise = BYTE_NOISE[Math.floor(r() * BYTE_NOISE.length)]!;
      // Inside a string when it can: just after a quote.
      const quotes = b.reduce<number[]>((q, c, j) => (c === 0x22 ? [...q, j + 1] : q), []);
      const at = r() < 0.5 && quotes.length > 0 ? quotes[Math.floor(r() * quotes.length)]! : Math.floor(r() * (b.length + 1));
      const how = Math.floor(r() * 4);
      if (how === 3) b = b.subarray(0, at);
      else b = Buffer.concat([b.subarray(0, at), Buffer.from(noise), b.subarray(how === 2 ? Math.min(b.length, at + noise.length) : at)]);
    }
    frames.push(b);
  }
  return frames;
}
