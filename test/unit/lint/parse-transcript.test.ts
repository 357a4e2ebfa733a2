import { describe, expect, it } from 'vitest';
import { parseTranscript, TranscriptError } from '../../../shared/lint/index.js';

const ping = '{"jsonrpc":"2.0","id":1,"method":"ping"}';

describe('reading a transcript', () => {
  it('numbers the simple forms by line and classifies them like the relay', () => {
    const frames = parseTranscript(
      [
        JSON.stringify({ dir: 'out', text: ping }),
        '',
        JSON.stringify({ direction: 'server', message: { jsonrpc: '2.0', id: 1, result: {} } }),
        JSON.stringify({ dir: 'in', text: 'café' }),
      ].join('\n'),
    );
    expect(frames.map((f) => [f.seq, f.dir, f.kind, f.method, f.rpcId])).toEqual([
      [1, 'out', 'request', 'ping', '1'],
      [2, 'in', 'response', null, '1'],
      [3, 'in', 'noise', null, null],
    ]);
    expect(frames[2]!.size).toBe(5);
  });

  it('takes the relay’s frame records as JSONL, an array or {frames}, in seq order', () => {
    const rec = (seq: number) => ({ seq, ts: seq, dir: 'out', kind: 'request', text: ping, size: ping.length, method: 'ping', rpcId: '1' });
    expect(parseTranscript(`${JSON.stringify(rec(2))}\n${JSON.stringify(rec(1))}\n`).map((f) => f.seq)).toEqual([1, 2]);
    expect(parseTranscript(JSON.stringify([rec(1), rec(2)]))).toHaveLength(2);
    expect(parseTranscript(JSON.stringify({ frames: [rec(7)] }))[0]!.seq).toBe(7);
  });

  it('names the line it cannot read', () => {
    expect(() => parseTranscript(`${JSON.stringify({ dir: 'out', text: ping })}\n{oops`)).toThrow(/line 2: not JSON/);
    expect(() => parseTranscript(JSON.stringify({ dir: 'sideways', text: ping }))).toThrow(TranscriptError);
    expect(() => parseTranscript(JSON.stringify({ seq: 1, kind: 'request', text: ping, dir: 'out' }))).toThrow(/line 1: not a valid frame record/);
  });
});
