// The scanning classifier against the full parser: on every frame text of the lint rule cases, on what the faulty
// fixture server really writes for each of its faults, and on a small seeded fuzz of random and mutated frames.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { classifyFrame } from '../../shared/frame-class.js';
import { FAULTS } from '../fixtures/faulty-faults.js';
import { FIXTURES } from '../helpers/relay-process.js';
import { compare, mutatedTexts, randomTexts, reference, ruleCaseTexts } from '../helpers/scan-fuzz.js';

/** Every stdout line of the faulty server run with one fault option, through a conversation that provokes it. */
function faultyLines(option: string): Promise<string[]> {
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
      const lines: string[] = [];
      // Split on the byte, decode each line apart: what the relay's line buffer and frame factory do.
      for (let start = 0, nl = out.indexOf(0x0a); nl !== -1; start = nl + 1, nl = out.indexOf(0x0a, start))
        lines.push(out.subarray(start, nl).toString('utf8'));
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
    expect(classifyFrame('{"method":"a","method":"b","id":1,"id":"x"}')).toEqual({ kind: 'request', method: 'b', rpcId: '"x"' });
    expect(classifyFrame('{"method":"a","method":5}')).toEqual({ kind: 'invalid', method: null, rpcId: null });
    expect(classifyFrame('{"method":"no\\u0074es","id":1e0}')).toEqual({ kind: 'request', method: 'notes', rpcId: '1' });
    expect(classifyFrame('{"id":null,"error":{}}')).toEqual({ kind: 'error', method: null, rpcId: null });
    expect(classifyFrame('{"id":1,"result":{"a":[1,2,{"b":"}"}]}}')).toEqual({ kind: 'response', method: null, rpcId: '1' });
    expect(classifyFrame('{"id":1,"result":{"a":[1,2,}]}}').kind).toBe('noise');
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
    expect(classifyFrame(deep(100_000))).toEqual({ kind: 'response', method: null, rpcId: '1' });
    expect(classifyFrame(texts[2]!).kind).toBe('noise');
  });
});
