// Classifies a frame's text (kind, method, id) by scanning its top-level keys instead of building the parsed value:
// the relay records every frame of a flood, and JSON.parse allocated a whole object per frame only to read three keys.
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
 * The frame's class: a scan when the text is a JSON object whose keys carry no escapes (nearly every frame), else
 * the full parser. The scan validates the whole text as JSON, so it never calls valid what JSON.parse refuses.
 */
export function classifyFrame(text: string): FrameClass {
  return scanFrame(text) ?? frameClassOf(classifyText(text));
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

function skipSpace(s: string, i: number): number {
  while (i < s.length && isSpace(s.charCodeAt(i))) i++;
  return i;
}

function isHex(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
}

/** Set by skipString when the string it skipped holds a backslash escape. */
let escaped = false;

/** The run of a string's characters that need no attention: V8's regex engine passes over them faster than a loop. */
// eslint-disable-next-line no-control-regex -- the control characters are exactly what a JSON string may not hold raw
const PLAIN = /[^"\\\u0000-\u001f]*/y;

/** From an opening quote to just past the closing one, or -1; sets `escaped` when the string holds an escape. */
function skipString(s: string, i: number): number {
  escaped = false;
  for (i++; ; i++) {
    PLAIN.lastIndex = i;
    PLAIN.test(s);
    i = PLAIN.lastIndex;
    const c = s.charCodeAt(i);
    if (c === QUOTE) return i + 1;
    if (c !== BACKSLASH) return -1; // a control character, or the end of the text
    escaped = true;
    const e = s.charCodeAt(++i);
    if (e === 0x75) {
      // \uXXXX
      if (!(isHex(s.charCodeAt(i + 1)) && isHex(s.charCodeAt(i + 2)) && isHex(s.charCodeAt(i + 3)) && isHex(s.charCodeAt(i + 4)))) return -1;
      i += 4;
    } else if (!(e === QUOTE || e === BACKSLASH || e === 0x2f || e === 0x62 || e === 0x66 || e === 0x6e || e === 0x72 || e === 0x74)) return -1;
  }
}

function skipDigits(s: string, i: number): number {
  while (i < s.length && s.charCodeAt(i) >= 0x30 && s.charCodeAt(i) <= 0x39) i++;
  return i;
}

/** A number as JSON's grammar has it (no leading zeros, no bare dot, no +), or -1. */
function skipNumber(s: string, i: number): number {
  if (s.charCodeAt(i) === 0x2d) i++;
  const c = s.charCodeAt(i);
  if (c === 0x30) i++;
  else if (c >= 0x31 && c <= 0x39) i = skipDigits(s, i);
  else return -1;
  if (s.charCodeAt(i) === 0x2e) {
    const j = skipDigits(s, i + 1);
    if (j === i + 1) return -1;
    i = j;
  }
  const e = s.charCodeAt(i);
  if (e === 0x65 || e === 0x45) {
    i++;
    const sign = s.charCodeAt(i);
    if (sign === 0x2b || sign === 0x2d) i++;
    const j = skipDigits(s, i);
    if (j === i) return -1;
    i = j;
  }
  return i;
}

function skipWord(s: string, i: number, word: string): number {
  return s.startsWith(word, i) ? i + word.length : -1;
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
function skipValue(s: string, i: number): number {
  const end = skipNested(s, i);
  if (stack.length > KEPT_DEPTH) stack = [];
  return end;
}

function skipNested(s: string, i: number): number {
  let depth = 0;
  for (;;) {
    // A value starts at i.
    const c = s.charCodeAt(i);
    if (c === QUOTE) i = skipString(s, i);
    else if (c === 0x7b || c === 0x5b) {
      const close = c === 0x7b ? 0x7d : 0x5d;
      i = skipSpace(s, i + 1);
      if (s.charCodeAt(i) === close) i++;
      else {
        stack[depth++] = c === 0x7b ? OBJECT : ARRAY;
        if (c === 0x7b) {
          i = skipMemberName(s, i);
          if (i < 0) return -1;
        }
        continue;
      }
    } else if (c === 0x74) i = skipWord(s, i, 'true');
    else if (c === 0x66) i = skipWord(s, i, 'false');
    else if (c === 0x6e) i = skipWord(s, i, 'null');
    else i = skipNumber(s, i);
    if (i < 0) return -1;
    // After a value: close containers, or move to the next element or member.
    for (;;) {
      if (depth === 0) return i;
      const top = stack[depth - 1];
      i = skipSpace(s, i);
      const d = s.charCodeAt(i);
      if (d === 0x2c) {
        i = skipSpace(s, i + 1);
        if (top === OBJECT) {
          i = skipMemberName(s, i);
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
function skipMemberName(s: string, i: number): number {
  if (s.charCodeAt(i) !== QUOTE) return -1;
  i = skipString(s, i);
  if (i < 0) return -1;
  i = skipSpace(s, i);
  if (s.charCodeAt(i) !== 0x3a) return -1;
  return skipSpace(s, i + 1);
}

/** The string value just skipped (from its opening quote to past its closing one): sliced, or decoded when escaped. */
function stringAt(s: string, from: number, to: number): string {
  return escaped ? (JSON.parse(s.slice(from, to)) as string) : s.slice(from + 1, to - 1);
}

/** Whether the key from i (its opening quote) to end (past its closing quote) is `name`, without slicing it out. */
function keyIs(s: string, i: number, end: number, name: string): boolean {
  return end - i - 2 === name.length && s.startsWith(name, i + 1);
}

/**
 * The class of a text that is one JSON object, or null when the scan cannot say (not an object, an escaped key,
 * invalid JSON): the caller then asks the full parser, which also describes the failure. Duplicate keys resolve as
 * in JSON.parse: the last value wins.
 */
export function scanFrame(s: string): FrameClass | null {
  let i = skipSpace(s, 0);
  if (s.charCodeAt(i) !== 0x7b) return null;
  i = skipSpace(s, i + 1);
  let method: string | null = null;
  let hasId = false;
  let rpcId: string | null = null;
  let hasError = false;
  let hasResult = false;
  if (s.charCodeAt(i) === 0x7d) i++;
  else {
    for (;;) {
      if (s.charCodeAt(i) !== QUOTE) return null;
      const key = i;
      const keyEnd = skipString(s, i);
      if (keyEnd < 0 || escaped) return null;
      i = skipSpace(s, keyEnd);
      if (s.charCodeAt(i) !== 0x3a) return null;
      const at = skipSpace(s, i + 1);
      const c = s.charCodeAt(at);
      const end = c === QUOTE ? skipString(s, at) : skipValue(s, at);
      if (end < 0) return null;
      if (keyIs(s, key, keyEnd, 'method')) method = c === QUOTE ? stringAt(s, at, end) : null;
      else if (keyIs(s, key, keyEnd, 'id')) {
        hasId = true;
        rpcId = c === QUOTE ? idKey(stringAt(s, at, end)) : c === 0x2d || (c >= 0x30 && c <= 0x39) ? idKey(Number(s.slice(at, end))) : null;
      } else if (keyIs(s, key, keyEnd, 'error')) hasError = true;
      else if (keyIs(s, key, keyEnd, 'result')) hasResult = true;
      i = skipSpace(s, end);
      const d = s.charCodeAt(i);
      if (d === 0x7d) {
        i++;
        break;
      }
      if (d !== 0x2c) return null;
      i = skipSpace(s, i + 1);
    }
  }
  if (skipSpace(s, i) !== s.length) return null;
  if (method !== null) return { kind: hasId ? 'request' : 'notification', method, rpcId };
  return { kind: hasError ? 'error' : hasResult ? 'response' : 'invalid', method: null, rpcId };
}
