// Classifies a frame (kind, method, id) by scanning its bytes' top-level keys instead of building the parsed value:
// the relay records every frame of a flood, and JSON.parse allocated a whole object per frame only to read three keys;
// a scan over the bytes as read skips the regex calls a scan over the decoded text made for every string.
import { classifyText, idKey, type Classified } from './jsonrpc.js';

/** What the recorder stores about a JSON-RPC frame besides its text. */
export interface FrameClass {
  kind: Classified['kind'];
  /** The method of a request or notification (a batch's distinct methods, joined). */
  method: string | null;
  /** idKey of the id, when the frame is an object with a string or number id. */
  rpcId: string | null;
}

/** Exactly what classifyText says, in FrameClass terms: the reference the scanner is tested against. */
export function frameClassOf(c: Classified): FrameClass {
  return { kind: c.kind, method: c.method ?? null, rpcId: c.hasId ? idKey(c.id) : null };
}

/**
 * The frame's class from its bytes and their UTF-8 decoding (`text`, which the relay holds anyway): a scan when the
 * frame is a JSON object whose keys carry no escapes (nearly every frame), else the full parser over the text. The
 * scan validates the whole frame as JSON, so it never calls valid what JSON.parse refuses.
 */
export function classifyFrame(bytes: Uint8Array, text: string): FrameClass {
  return scanFrame(bytes, text) ?? frameClassOf(classifyText(text));
}

/*
 * Why bytes give the same answer as the decoded text: every JSON token outside a string is ASCII, and a UTF-8 decoder
 * maps each ASCII byte to that one character and every other byte (valid or not) to non-ASCII characters, U+FFFD for
 * what is not UTF-8. So a byte ≥ 0x80 is an ordinary string character inside a string and an error outside one, as
 * its decoded character is for JSON.parse; and a string's bytes between its ASCII quotes decode on their own to the
 * very characters the whole text holds there.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** What a byte is inside a string: nothing to do, its end, an escape, not allowed raw, or not ASCII. */
const PLAIN = 0;
const END = 1;
const ESCAPE = 2;
const CONTROL = 3;
const WIDE = 4;
const IN_STRING = new Uint8Array(256).map((_, b) => (b === QUOTE ? END : b === BACKSLASH ? ESCAPE : b < 0x20 ? CONTROL : b >= 0x80 ? WIDE : PLAIN));

/** Set by skipString when the string it skipped holds a backslash escape. */
let escaped = false;
/** Set when the scan has passed a byte ≥ 0x80: byte offsets then no longer equal the text's character offsets. */
let wide = false;

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

function skipSpace(b: Uint8Array, i: number): number {
  while (i < b.length && isSpace(b[i]!)) i++;
  return i;
}

/** The byte at i, or -1 past the end (a typed array reads undefined there, which no comparison below wants). */
function at(b: Uint8Array, i: number): number {
  return i < b.length ? b[i]! : -1;
}

function isHex(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
}

/** From an opening quote to just past the closing one, or -1; sets `escaped` when the string holds an escape. */
function skipString(b: Uint8Array, i: number): number {
  escaped = false;
  const n = b.length;
  for (i++; i < n; i++) {
    // The run of bytes that need no attention, in its own loop: most of a frame.
    while (i < n && IN_STRING[b[i]!] === PLAIN) i++;
    if (i === n) return -1;
    const k = IN_STRING[b[i]!];
    if (k === END) return i + 1;
    if (k === WIDE) {
      wide = true;
      continue;
    }
    if (k === CONTROL) return -1;
    escaped = true;
    const e = at(b, ++i);
    if (e === 0x75) {
      // \uXXXX
      if (!(isHex(at(b, i + 1)) && isHex(at(b, i + 2)) && isHex(at(b, i + 3)) && isHex(at(b, i + 4)))) return -1;
      i += 4;
    } else if (!(e === QUOTE || e === BACKSLASH || e === 0x2f || e === 0x62 || e === 0x66 || e === 0x6e || e === 0x72 || e === 0x74)) return -1;
  }
  return -1;
}

function skipDigits(b: Uint8Array, i: number): number {
  while (i < b.length && b[i]! >= 0x30 && b[i]! <= 0x39) i++;
  return i;
}

/** A number as JSON's grammar has it (no leading zeros, no bare dot, no +), or -1. */
function skipNumber(b: Uint8Array, i: number): number {
  if (at(b, i) === 0x2d) i++;
  const c = at(b, i);
  if (c === 0x30) i++;
  else if (c >= 0x31 && c <= 0x39) i = skipDigits(b, i);
  else return -1;
  if (at(b, i) === 0x2e) {
    const j = skipDigits(b, i + 1);
    if (j === i + 1) return -1;
    i = j;
  }
  const e = at(b, i);
  if (e === 0x65 || e === 0x45) {
    i++;
    const sign = at(b, i);
    if (sign === 0x2b || sign === 0x2d) i++;
    const j = skipDigits(b, i);
    if (j === i) return -1;
    i = j;
  }
  return i;
}

/** Whether the bytes from i spell the ASCII `word`. */
function bytesAre(b: Uint8Array, i: number, word: string): boolean {
  if (i + word.length > b.length) return false;
  for (let k = 0; k < word.length; k++) if (b[i + k] !== word.charCodeAt(k)) return false;
  return true;
}

function skipWord(b: Uint8Array, i: number, word: string): number {
  return bytesAre(b, i, word) ? i + word.length : -1;
}

const OBJECT = 1;
const ARRAY = 2;

/**
 * The containers skipValue is inside, OBJECT or ARRAY, outermost first: one array for every call, its used part
 * `depth` long, rather than a new array (and its first backing store) for nearly every frame the relay records.
 */
let stack: number[] = [];
/** Entries of `stack` kept between scans; a frame nested deeper leaves a new, small array behind it. */
const KEPT_DEPTH = 1024;

/**
 * Skips one JSON value of any depth from i (no leading space), validating it; returns the index after it, or -1.
 * Iterative, like V8's JSON.parse, so deep nesting cannot overflow the stack.
 */
function skipValue(b: Uint8Array, i: number): number {
  const end = skipNested(b, i);
  if (stack.length > KEPT_DEPTH) stack = [];
  return end;
}

function skipNested(b: Uint8Array, i: number): number {
  let depth = 0;
  for (;;) {
    // A value starts at i.
    const c = at(b, i);
    if (c === QUOTE) i = skipString(b, i);
    else if (c === 0x7b || c === 0x5b) {
      const close = c === 0x7b ? 0x7d : 0x5d;
      i = skipSpace(b, i + 1);
      if (at(b, i) === close) i++;
      else {
        stack[depth++] = c === 0x7b ? OBJECT : ARRAY;
        if (c === 0x7b) {
          i = skipMemberName(b, i);
          if (i < 0) return -1;
        }
        continue;
      }
    } else if (c === 0x74) i = skipWord(b, i, 'true');
    else if (c === 0x66) i = skipWord(b, i, 'false');
    else if (c === 0x6e) i = skipWord(b, i, 'null');
    else i = skipNumber(b, i);
    if (i < 0) return -1;
    // After a value: close containers, or move to the next element or member.
    for (;;) {
      if (depth === 0) return i;
      const top = stack[depth - 1];
      i = skipSpace(b, i);
      const d = at(b, i);
      if (d === 0x2c) {
        i = skipSpace(b, i + 1);
        if (top === OBJECT) {
          i = skipMemberName(b, i);
          if (i < 0) return -1;
        }
        break;
      }
      if (d !== (top === OBJECT ? 0x7d : 0x5d)) return -1;
      depth--;
      i++;
    }
  }
}

/** `"name"` then the colon, from the quote; returns the index of the member's value, or -1. */
function skipMemberName(b: Uint8Array, i: number): number {
  if (at(b, i) !== QUOTE) return -1;
  i = skipString(b, i);
  if (i < 0) return -1;
  i = skipSpace(b, i);
  if (at(b, i) !== 0x3a) return -1;
  return skipSpace(b, i + 1);
}

/** ignoreBOM: a U+FEFF that opens a string is one of its characters, as in the whole text's decoding. */
const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * The text of bytes from..to: a slice of the decoded text while every byte before `to` was ASCII (the offsets are
 * then the same), else those bytes decoded on their own.
 */
function textOf(b: Uint8Array, text: string, from: number, to: number): string {
  return wide ? utf8.decode(b.subarray(from, to)) : text.slice(from, to);
}

/** The string value just skipped (from its opening quote to past its closing one): sliced, or decoded when escaped. */
function stringAt(b: Uint8Array, text: string, from: number, to: number): string {
  return escaped ? (JSON.parse(textOf(b, text, from, to)) as string) : textOf(b, text, from + 1, to - 1);
}

/**
 * Methods lately read, as their bytes and their text. A flood repeats one method, and every later step that keys on it
 * (the writer's batch shares repeated strings through a Map) hashes and compares a new slice afresh: handing on the
 * same string cost the batch 0.17 against 0.30 µs a frame. The strings are decoded from a copy of the bytes, not
 * sliced from a frame's text, so the cache keeps no frame's text alive.
 */
const METHODS = 16;
/** Longer methods are read afresh each time: a cache entry holds at most this many bytes. */
const METHOD_BYTES = 64;
const methodBytes: Uint8Array[] = [];
const methodTexts: string[] = [];
let nextMethod = 0;

/** The method string just skipped (from its opening quote to past its closing one), the cached one when seen lately. */
function methodAt(b: Uint8Array, text: string, from: number, to: number): string {
  if (escaped) return stringAt(b, text, from, to);
  const start = from + 1;
  const len = to - 1 - start;
  for (let k = 0; k < methodBytes.length; k++) {
    const m = methodBytes[k]!;
    if (m.length === len && sameBytes(b, start, m)) return methodTexts[k]!;
  }
  if (len > METHOD_BYTES) return textOf(b, text, start, to - 1);
  // A copy, not a view: a Buffer's slice() shares its memory, and a view would keep the chunk read off the wire alive.
  const copy = new Uint8Array(len);
  for (let k = 0; k < len; k++) copy[k] = b[start + k]!;
  const method = utf8.decode(copy);
  methodBytes[nextMethod] = copy;
  methodTexts[nextMethod] = method;
  nextMethod = (nextMethod + 1) % METHODS;
  return method;
}

/** Whether the bytes of `b` from i are those of `m`, which fits within `b` from there. */
function sameBytes(b: Uint8Array, i: number, m: Uint8Array): boolean {
  for (let k = 0; k < m.length; k++) if (b[i + k] !== m[k]) return false;
  return true;
}

/** Whether the key from i (its opening quote) to end (past its closing quote) is `name`, without decoding it. */
function keyIs(b: Uint8Array, i: number, end: number, name: string): boolean {
  return end - i - 2 === name.length && bytesAre(b, i + 1, name);
}

/**
 * The class of a frame that is one JSON object, from its bytes and their decoded `text`, or null when the scan cannot
 * say (not an object, an escaped key, invalid JSON): the caller then asks the full parser, which also describes the
 * failure. Duplicate keys resolve as in JSON.parse: the last value wins.
 */
export function scanFrame(b: Uint8Array, text: string): FrameClass | null {
  wide = false;
  let i = skipSpace(b, 0);
  if (at(b, i) !== 0x7b) return null;
  i = skipSpace(b, i + 1);
  let method: string | null = null;
  let hasId = false;
  let rpcId: string | null = null;
  let hasError = false;
  let hasResult = false;
  if (at(b, i) === 0x7d) i++;
  else {
    for (;;) {
      if (at(b, i) !== QUOTE) return null;
      const key = i;
      const keyEnd = skipString(b, i);
      if (keyEnd < 0 || escaped) return null;
      i = skipSpace(b, keyEnd);
      if (at(b, i) !== 0x3a) return null;
      const start = skipSpace(b, i + 1);
      const c = at(b, start);
      const end = c === QUOTE ? skipString(b, start) : skipValue(b, start);
      if (end < 0) return null;
      if (keyIs(b, key, keyEnd, 'method')) method = c === QUOTE ? methodAt(b, text, start, end) : null;
      else if (keyIs(b, key, keyEnd, 'id')) {
        hasId = true;
        rpcId = c === QUOTE ? idKey(stringAt(b, text, start, end)) : c === 0x2d || (c >= 0x30 && c <= 0x39) ? idKey(Number(textOf(b, text, start, end))) : null;
      } else if (keyIs(b, key, keyEnd, 'error')) hasError = true;
      else if (keyIs(b, key, keyEnd, 'result')) hasResult = true;
      i = skipSpace(b, end);
      const d = at(b, i);
      if (d === 0x7d) {
        i++;
        break;
      }
      if (d !== 0x2c) return null;
      i = skipSpace(b, i + 1);
    }
  }
  if (skipSpace(b, i) !== b.length) return null;
  if (method !== null) return { kind: hasId ? 'request' : 'notification', method, rpcId };
  return { kind: hasError ? 'error' : hasResult ? 'response' : 'invalid', method: null, rpcId };
}
