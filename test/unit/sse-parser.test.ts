import { describe, expect, it } from 'vitest';
import { SseParser, type SseEvent } from '../../server/transports/sse-parser.js';

const parseAll = (...chunks: Array<string | Uint8Array>): SseEvent[] => {
  const p = new SseParser();
  return [...chunks.flatMap((c) => p.push(c)), ...p.end()];
};

describe('SseParser', () => {
  it('reads the fields of an event the way the SDK writes it', () => {
    const [ev] = parseAll('event: message\nid: 42\ndata: {"jsonrpc":"2.0","id":1,"result":{}}\n\n');
    expect(ev).toMatchObject({ event: 'message', id: '42', data: '{"jsonrpc":"2.0","id":1,"result":{}}', comments: [] });
    expect(ev!.incomplete).toBeUndefined();
  });

  it('joins multi-line data with newlines and keeps only one leading space off each value', () => {
    const [ev] = parseAll('data: first\ndata:second\ndata:  third\n\n');
    expect(ev!.data).toBe('first\nsecond\n third');
    expect(ev!.dataSize).toBe(ev!.data!.length);
  });

  it('accepts CRLF, lone CR and LF line endings, even when a CRLF is split across chunks', () => {
    const events = parseAll('data: a\r\n\r\ndata: b\r\rdata: c\r', '\n\r', '\ndata: d\n\n');
    expect(events.map((e) => e.data)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('keeps comments, including the keep-alive kind, as events of their own without data', () => {
    const events = parseAll(': keepalive\n\n:no space\ndata: x\n\n');
    expect(events[0]!.comments).toEqual(['keepalive']);
    expect(events[0]!.data).toBeUndefined();
    expect(events[1]).toMatchObject({ comments: ['no space'], data: 'x' });
  });

  it('reads retry only when it is all digits, and sees a priming event as an id with empty data', () => {
    const events = parseAll('id: p1\nretry: 250\ndata: \n\nretry: soon\ndata: x\n\n');
    expect(events[0]).toMatchObject({ id: 'p1', retry: 250, data: '', dataSize: 0 });
    expect(events[1]!.retry).toBeUndefined();
  });

  it('ignores an id with a NUL in it, and treats an empty id as a reset', () => {
    const events = parseAll('id: a\0b\ndata: 1\n\nid\ndata: 2\n\n');
    expect(events[0]!.id).toBeUndefined();
    expect(events[1]!.id).toBe('');
  });

  it('tells a block without data lines from one with empty data', () => {
    const events = parseAll('event: ping\n\ndata\n\n');
    expect(events[0]!.event).toBe('ping');
    expect(events[0]!.data).toBeUndefined();
    expect(events[1]!.data).toBe('');
  });

  it('decodes UTF-8 split across chunks and drops a leading byte-order mark', () => {
    const bytes = new TextEncoder().encode('\uFEFFdata: héllo wörld\n\n');
    const events = parseAll(bytes.subarray(0, 10), bytes.subarray(10, 11), bytes.subarray(11));
    expect(events.map((e) => e.data)).toEqual(['héllo wörld']);
  });

  it('returns an event cut off by the end of the stream, marked incomplete', () => {
    const events = parseAll('data: done\n\nid: 7\ndata: {"half":');
    expect(events).toHaveLength(2);
    expect(events[1]).toMatchObject({ id: '7', data: '{"half":', incomplete: true });
  });

  it('keeps the raw text of each block for the exchange view', () => {
    const [ev] = parseAll('id: 1\r\n: note\r\nevent: endpoint\r\ndata: /messages?sessionId=abc\r\n\r\n');
    expect(ev!.raw).toBe('id: 1\n: note\nevent: endpoint\ndata: /messages?sessionId=abc\n');
    expect(ev!.event).toBe('endpoint');
  });

  it('caps an endless data line and reports its full size', () => {
    const p = new SseParser(100);
    const out = [...p.push(`data: ${'x'.repeat(150)}`), ...p.push(`${'y'.repeat(50)}\n\n`)];
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ oversize: true, dataSize: 200 });
    expect(out[0]!.data!.length).toBeLessThanOrEqual(100);
  });
});
