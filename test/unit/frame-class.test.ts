// The scanning classifier (over a frame's bytes) against the full parser (over their decoded text): on every frame of
// the lint rule cases, on what the faulty fixture server really writes for each of its faults, on a small seeded fuzz
// of random and mutated frames, and on bytes that are not UTF-8.
import { isUtf8 } from 'node:buffer';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { classifyFrame } from '../../shared/frame-class.js';
import { FAULTS } from '../fixtures/faulty-faults.js';
import { FIXTURES } from '../helpers/relay-process.js';
import { compare, mutatedBytes, mutatedTexts, randomTexts, reference, ruleCaseTexts } from '../helpers/scan-fuzz.js';

/** A frame's class from its text's UTF-8, as the relay classifies what it reads. */
const classify = (text: string) => classifyFrame(Buffer.from(text, 'utf8'), text);

/** The class of raw bytes, and what the full parser says of their decoding. */
function bothOf(bytes: number[]): { scan: unknown; parse: unknown } {
  const b = Buffer.from(bytes);
  const text = b.toString('utf8');
  return { scan: classifyFrame(b, text), parse: reference(text) };
}
const ascii = (s: string) => [...Buffer.from(s, 'latin1')];

/** Every stdout line of the faulty server run with one fault option, through a conversation that provokes it. */
function faultyLines(option: string): Promise<Buffer[]> {
  const child = spawn(process.execPath, [join(FIXTURES, 'faulty-server.mjs'), option], {
    env: { ...process.env, FAULTY_OVERSIZE_BYTES: '5000' },
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  const chunks: Buffer[] = [];
  child.stdout.on('data', (c: Buffer) => chunks.push(c));
  const say = (m: unknown) => child.stdin.write(`${typeof m === 'string' ? m : JSON.stringify(m)}\n`);
  say({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '0' } } });
  say({ jsonrpc: '2.0', method: 'notifications/initialized' });
  say({ jsonrpc: '2.0', id: 2, method: 'ping' });
  say({ jsonrpc: '2.0', id: 3, method: 'tools/list' });
  say({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'echo', arguments: { text: 'hi' }, _meta: { progressToken: 't1' } } });
  say({ jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'weather', arguments: { city: 'Oslo' } } });
  say([
    { jsonrpc: '2.0', id: 6, method: 'ping' },
    { jsonrpc: '2.0', id: 7, method: 'ping' },
  ]);
  say([{ jsonrpc: '2.0', method: 'notifications/roots/list_changed' }]);
  say('this is not json');
  // The server answers as it reads; ending its input makes it exit once everything above is answered.
  setTimeout(() => child.stdin.end(), 300);
  return new Promise((resolve) => {
    child.on('close', () => {
      const out = Buffer.concat(chunks);
      const lines: Buffer[] = [];
      // Split on the byte, as the relay's line buffer does; each line is classified from its own bytes.
      for (let start = 0, nl = out.indexOf(0x0a); nl !== -1; start = nl + 1, nl = out.indexOf(0x0a, start)) lines.push(out.subarray(start, nl));
      resolve(lines);
    });
  });
}

describe('classifyFrame', () => {
  it('classifies every frame of the lint rule cases as the full parser does, most of them by scanning', () => {
    const { wrong, scanned } = compare(ruleCaseTexts);
    expect(wrong).toEqual([]);
    expect(ruleCaseTexts.length).toBeGreaterThan(300);
    expect(scanned / ruleCaseTexts.length).toBeGreaterThan(0.9);
  });

  it('classifies what the faulty server writes for each of its faults as the full parser does', async () => {
    const lines: Buffer[] = [];
    const options = FAULTS.map((f) => f.option);
    // A few servers at a time: each is a real child process.
    for (let i = 0; i < options.length; i += 6) for (const l of await Promise.all(options.slice(i, i + 6).map(faultyLines))) lines.push(...l);
    expect(lines.length).toBeGreaterThan(options.length * 5);
    // The faults' frames are all there: the batch, the noise line, the bare 42, the invalid UTF-8.
    const texts = lines.map((l) => l.toString('utf8'));
    expect(texts).toEqual(expect.arrayContaining(['[]', '42', 'faulty server listening (this log line belongs on stderr)']));
    expect(texts.some((l) => l.includes('caf\ufffd'))).toBe(true);
    const { wrong } = compare(lines);
    expect(wrong).toEqual([]);
  }, 120_000);

  // A fixed, small seed set here; the bench job runs 20,000 random texts and 40,000 mutations
  // (test/bench/frame-class-fuzz.test.ts).
  it('agrees with the full parser on 2,000 random JSON texts, duplicate and escaped keys included', () => {
    const texts = randomTexts(19, 2_000);
    const { wrong, scanned } = compare(texts);
    expect(wrong).toEqual([]);
    // Both sides of the comparison are exercised: objects the scan decides, and what it leaves to the parser.
    expect(scanned).toBeGreaterThan(200);
    expect(scanned).toBeLessThan(texts.length);
  });

  it('agrees with the full parser on 4,000 mutations of real frames, nearly all of them broken', () => {
    const texts = mutatedTexts(1919, 4_000);
    const { wrong } = compare(texts);
    expect(wrong).toEqual([]);
    expect(texts.filter((t) => reference(t).kind === 'noise').length).toBeGreaterThan(1_000);
  });

  it('reads escaped and duplicate members as JSON.parse does: the last value wins, escapes are decoded', () => {
    expect(classify('{"method":"a","method":"b","id":1,"id":"x"}')).toEqual({ kind: 'request', method: 'b', rpcId: '"x"' });
    expect(classify('{"method":"a","method":5}')).toEqual({ kind: 'invalid', method: null, rpcId: null });
    expect(classify('{"method":"no\\u0074es","id":1e0}')).toEqual({ kind: 'request', method: 'notes', rpcId: '1' });
    expect(classify('{"id":null,"error":{}}')).toEqual({ kind: 'error', method: null, rpcId: null });
    expect(classify('{"id":1,"result":{"a":[1,2,{"b":"}"}]}}')).toEqual({ kind: 'response', method: null, rpcId: '1' });
    expect(classify('{"id":1,"result":{"a":[1,2,}]}}').kind).toBe('noise');
  });

  it('classifies frames nested deeper than it keeps room for, broken ones too, and the frames after them', () => {
    const deep = (n: number) => `{"jsonrpc":"2.0","id":1,"result":${'['.repeat(n)}${']'.repeat(n)}}`;
    const texts = [
      deep(5000),
      deep(3),
      `{"id":2,"result":${'[{"a":'.repeat(3000)}1${'}]'.repeat(2999)}}`,
      deep(2000),
      '{"id":3,"result":[[{"a":[1]}],{}]}',
      deep(100_000),
    ];
    const { wrong, scanned } = compare(texts);
    expect(wrong).toEqual([]);
    expect(scanned).toBe(5);
    expect(classify(deep(100_000))).toEqual({ kind: 'response', method: null, rpcId: '1' });
    expect(classify(texts[2]!).kind).toBe('noise');
  });

  // The bench job runs 20,000 (test/bench/frame-class-fuzz.test.ts).
  it('agrees with the full parser on 2,000 byte-level mutations: invalid UTF-8, BOM, NUL, split characters', () => {
    const frames = mutatedBytes(38, 2_000);
    const { wrong, scanned } = compare(frames);
    expect(wrong).toEqual([]);
    // Bytes that are not UTF-8 reached the scan inside strings, where they leave the frame valid JSON.
    const invalidScanned = frames.filter((f) => !isUtf8(f) && classifyFrame(f, Buffer.from(f).toString('utf8')).kind !== 'noise');
    expect(invalidScanned.length).toBeGreaterThan(100);
    expect(scanned).toBeGreaterThan(300);
  });

  it('reads a string after bytes that are not ASCII, or not UTF-8, as the decoded text holds it', () => {
    // A method after a multi-byte character: byte offsets are no longer the text's.
    expect(bothOf([...ascii('{"params":{"x":"'), 0xc3, 0xa9, ...ascii('"},"method":"ping","id":"'), 0xe2, 0x82, 0xac, ...ascii('"}')])).toEqual({
      scan: { kind: 'request', method: 'ping', rpcId: '"€"' },
      parse: { kind: 'request', method: 'ping', rpcId: '"€"' },
    });
    // Invalid UTF-8 in a method, an escaped one after it, a number id after it, a BOM that opens a string.
    for (const bytes of [
      [...ascii('{"method":"caf'), 0xe9, ...ascii('"}')],
      [...ascii('{"x":"'), 0xff, ...ascii('","method":"a\u0062c","id":-1.5e2}')],
      [...ascii('{"method":"'), 0xef, 0xbb, 0xbf, ...ascii('ping"}')],
      [...ascii('{"method":"'), 0xed, 0xa0, 0x80, 0xc0, 0xaf, ...ascii('"}')],
      [...ascii('{"method":"'), 0xf0, 0x9f, 0x98, ...ascii('"}')],
    ]) {
      const { scan, parse } = bothOf(bytes);
      expect(scan).toEqual(parse);
      expect(parse).toMatchObject({ method: expect.stringMatching(/\ufffd|\ufeff|abc/) });
    }
  });

  it('reads each method right through its cache of recent ones: same lengths, not ASCII, long, more than it keeps', () => {
    // (Whether a repeated method comes back as the very same string cannot be seen from JavaScript; frame-steps
    // measures what it saves the writer's batch.)
    const methods = ['ping', 'pong', 'ping', 'pin\u00e9', 'pin\u00e8', 'x'.repeat(100), `${'x'.repeat(99)}y`, ...Array.from({ length: 20 }, (_, i) => `m${i}`)];
    const frames = [...methods, ...methods, ...[...methods].reverse()].map((m) => JSON.stringify({ jsonrpc: '2.0', method: m }));
    expect(frames.map((f) => classify(f).method)).toEqual(frames.map((f) => reference(f).method));
    expect(new Set(frames.map((f) => classify(f).method)).size).toBe(new Set(methods).size);
  });

  it('calls noise what holds bytes that are not ASCII outside a string, a BOM first, or a NUL, as the parser does', () => {
    for (const bytes of [
      [0xef, 0xbb, 0xbf, ...ascii('{"method":"ping"}')],
      [...ascii('{"method":"ping"}'), 0xc2, 0xa0],
      [...ascii('{"id":1'), 0xff, ...ascii('}')],
      [...ascii('{"method":"pi'), 0x00, ...ascii('ng"}')],
      [...ascii('{"method":"ping"'), 0x00, ...ascii('}')],
      [...ascii('{"method":"ping"}'), 0x00],
      [...ascii('{"method":"pi'), 0xe2, 0x82],
    ]) {
      const { scan, parse } = bothOf(bytes);
      expect(scan).toEqual({ kind: 'noise', method: null, rpcId: null });
      expect(parse).toEqual(scan);
    }
  });
});
