// The scanning classifier against the full parser: on every frame text of the lint rule cases, on what the faulty
// fixture server really writes for each of its faults, and on a seeded fuzz of random and mutated frames.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { classifyFrame, frameClassOf, scanFrame } from '../../shared/frame-class.js';
import { classifyText } from '../../shared/jsonrpc.js';
import { FAULTS } from '../fixtures/faulty-faults.js';
import { FIXTURES } from '../helpers/relay-process.js';
import { FRAMING_CASES } from './lint/framing-cases.js';
import { HTTP_CASES } from './lint/http-cases.js';
import { JSONRPC_CASES } from './lint/jsonrpc-cases.js';
import { MCP_CASES } from './lint/mcp-cases.js';
import { REQUEST_CASES } from './lint/request-cases.js';

const reference = (text: string) => frameClassOf(classifyText(text));

/** Texts the scan classified differently from the parser (empty when they agree), and how many it classified itself. */
function compare(texts: readonly string[]): { wrong: Array<{ text: string; scan: unknown; parse: unknown }>; scanned: number } {
  const wrong: Array<{ text: string; scan: unknown; parse: unknown }> = [];
  let scanned = 0;
  for (const text of texts) {
    const scan = scanFrame(text);
    const parse = reference(text);
    if (scan) scanned++;
    if (scan && JSON.stringify(scan) !== JSON.stringify(parse)) wrong.push({ text, scan, parse });
    const both = classifyFrame(text);
    if (JSON.stringify(both) !== JSON.stringify(parse)) wrong.push({ text, scan: both, parse });
  }
  return { wrong: wrong.slice(0, 5), scanned };
}

const ruleCaseTexts = [...JSONRPC_CASES, ...MCP_CASES, ...FRAMING_CASES, ...REQUEST_CASES, ...HTTP_CASES].flatMap((c) => [...c.bad, ...c.good].map((p) => p[1]));

/** Every stdout line of the faulty server run with one fault option, through a conversation that provokes it. */
function faultyLines(option: string): Promise<string[]> {
  const child = spawn(process.execPath, [join(FIXTURES, 'faulty-server.mjs'), option], { env: { ...process.env, FAULTY_OVERSIZE_BYTES: '5000' }, stdio: ['pipe', 'pipe', 'ignore'] });
  const chunks: Buffer[] = [];
  child.stdout.on('data', (c: Buffer) => chunks.push(c));
  const say = (m: unknown) => child.stdin.write(`${typeof m === 'string' ? m : JSON.stringify(m)}\n`);
  say({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '0' } } });
  say({ jsonrpc: '2.0', method: 'notifications/initialized' });
  say({ jsonrpc: '2.0', id: 2, method: 'ping' });
  say({ jsonrpc: '2.0', id: 3, method: 'tools/list' });
  say({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'echo', arguments: { text: 'hi' }, _meta: { progressToken: 't1' } } });
  say({ jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'weather', arguments: { city: 'Oslo' } } });
  say([{ jsonrpc: '2.0', id: 6, method: 'ping' }, { jsonrpc: '2.0', id: 7, method: 'ping' }]);
  say([{ jsonrpc: '2.0', method: 'notifications/roots/list_changed' }]);
  say('this is not json');
  // The server answers as it reads; ending its input makes it exit once everything above is answered.
  setTimeout(() => child.stdin.end(), 300);
  return new Promise((resolve) => {
    child.on('close', () => {
      const out = Buffer.concat(chunks);
      const lines: string[] = [];
      // Split on the byte, decode each line apart: what the relay's line buffer and frame factory do.
      for (let start = 0, nl = out.indexOf(0x0a); nl !== -1; start = nl + 1, nl = out.indexOf(0x0a, start)) lines.push(out.subarray(start, nl).toString('utf8'));
      resolve(lines);
    });
  });
}

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
  const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
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

describe('classifyFrame', () => {
  it('classifies every frame of the lint rule cases as the full parser does, most of them by scanning', () => {
    const { wrong, scanned } = compare(ruleCaseTexts);
    expect(wrong).toEqual([]);
    expect(ruleCaseTexts.length).toBeGreaterThan(300);
    expect(scanned / ruleCaseTexts.length).toBeGreaterThan(0.9);
  });

  it('classifies what the faulty server writes for each of its faults as the full parser does', async () => {
    const lines: string[] = [];
    const options = FAULTS.map((f) => f.option);
    // A few servers at a time: each is a real child process.
    for (let i = 0; i < options.length; i += 6) for (const l of await Promise.all(options.slice(i, i + 6).map(faultyLines))) lines.push(...l);
    expect(lines.length).toBeGreaterThan(options.length * 5);
    // The faults' frames are all there: the batch, the noise line, the bare 42, the invalid UTF-8.
    expect(lines).toEqual(expect.arrayContaining(['[]', '42', 'faulty server listening (this log line belongs on stderr)']));
    expect(lines.some((l) => l.includes('caf\ufffd'))).toBe(true);
    const { wrong } = compare(lines);
    expect(wrong).toEqual([]);
  }, 120_000);

  it('agrees with the full parser on 20,000 random JSON texts, duplicate and escaped keys included', () => {
    const r = rng(19);
    const texts = Array.from({ length: 20_000 }, () => randomJson(r));
    const { wrong, scanned } = compare(texts);
    expect(wrong).toEqual([]);
    // Both sides of the comparison are exercised: objects the scan decides, and what it leaves to the parser.
    expect(scanned).toBeGreaterThan(2_000);
    expect(scanned).toBeLessThan(texts.length);
  });

  it('agrees with the full parser on 40,000 mutations of real frames, nearly all of them broken', () => {
    const r = rng(1919);
    const seeds = [...ruleCaseTexts, ...Array.from({ length: 200 }, () => randomJson(r))];
    const texts: string[] = [];
    for (let i = 0; i < 40_000; i++) {
      let t = seeds[Math.floor(r() * seeds.length)]!;
      for (let k = 1 + Math.floor(r() * 3); k > 0; k--) t = mutate(r, t);
      texts.push(t);
    }
    const { wrong } = compare(texts);
    expect(wrong).toEqual([]);
    expect(texts.filter((t) => reference(t).kind === 'noise').length).toBeGreaterThan(10_000);
  });

  it('reads escaped and duplicate members as JSON.parse does: the last value wins, escapes are decoded', () => {
    expect(classifyFrame('{"method":"a","method":"b","id":1,"id":"x"}')).toEqual({ kind: 'request', method: 'b', rpcId: '"x"' });
    expect(classifyFrame('{"method":"a","method":5}')).toEqual({ kind: 'invalid', method: null, rpcId: null });
    expect(classifyFrame('{"method":"no\\u0074es","id":1e0}')).toEqual({ kind: 'request', method: 'notes', rpcId: '1' });
    expect(classifyFrame('{"id":null,"error":{}}')).toEqual({ kind: 'error', method: null, rpcId: null });
    expect(classifyFrame('{"id":1,"result":{"a":[1,2,{"b":"}"}]}}')).toEqual({ kind: 'response', method: null, rpcId: '1' });
    expect(classifyFrame('{"id":1,"result":{"a":[1,2,}]}}').kind).toBe('noise');
  });

  it('classifies frames nested deeper than it keeps room for, broken ones too, and the frames after them', () => {
    const deep = (n: number) => `{"jsonrpc":"2.0","id":1,"result":${'['.repeat(n)}${']'.repeat(n)}}`;
    const texts = [deep(5000), deep(3), `{"id":2,"result":${'[{"a":'.repeat(3000)}1${'}]'.repeat(2999)}}`, deep(2000), '{"id":3,"result":[[{"a":[1]}],{}]}', deep(100_000)];
    const { wrong, scanned } = compare(texts);
    expect(wrong).toEqual([]);
    expect(scanned).toBe(5);
    expect(classifyFrame(deep(100_000))).toEqual({ kind: 'response', method: null, rpcId: '1' });
    expect(classifyFrame(texts[2]!).kind).toBe('noise');
  });
});
