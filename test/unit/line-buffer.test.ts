import { describe, expect, it } from 'vitest';
import { LineBuffer } from '../../server/transports/line-buffer.js';

const b = (s: string) => Buffer.from(s, 'utf8');
const lines = (evs: ReturnType<LineBuffer['push']>) => evs.map((e) => (e.type === 'line' ? e.bytes.toString() : `<oversize ${e.size}>`));

describe('LineBuffer', () => {
  it('splits a chunk holding several lines', () => {
    expect(lines(new LineBuffer().push(b('a\nbb\nccc\n')))).toEqual(['a', 'bb', 'ccc']);
  });

  it('joins a line split across many chunks', () => {
    const lb = new LineBuffer();
    expect(lb.push(b('{"a":'))).toEqual([]);
    expect(lb.push(b('1'))).toEqual([]);
    expect(lines(lb.push(b('}\n{"b"')))).toEqual(['{"a":1}']);
    expect(lb.pendingBytes).toBe(4);
    expect(lines(lb.push(b(':2}\n')))).toEqual(['{"b":2}']);
  });

  it('keeps bytes exactly, including a carriage return and invalid UTF-8', () => {
    const raw = Buffer.from([0x7b, 0xff, 0x0d]);
    const [ev] = new LineBuffer().push(Buffer.concat([raw, Buffer.from([0x0a])]));
    expect(ev?.type === 'line' && ev.bytes.equals(raw)).toBe(true);
  });

  it('keeps empty lines rather than dropping them', () => {
    expect(lines(new LineBuffer().push(b('\n\nx\n')))).toEqual(['', '', 'x']);
  });

  it('reports a line over the cap as oversize with its head and full size, then carries on', () => {
    const lb = new LineBuffer(10, 4);
    const evs = [...lb.push(b('0123456')), ...lb.push(b('789abcdef')), ...lb.push(b('XYZ\nok\n'))];
    expect(evs).toHaveLength(2);
    const [over, next] = evs;
    expect(over?.type).toBe('oversize');
    if (over?.type === 'oversize') {
      expect(over.size).toBe(19);
      expect(over.head.toString()).toBe('0123');
    }
    expect(next?.type === 'line' && next.bytes.toString()).toBe('ok');
  });

  it('never holds more than the cap while an endless line streams in', () => {
    const lb = new LineBuffer(1000);
    for (let i = 0; i < 100; i++) lb.push(Buffer.alloc(500, 0x61));
    expect(lb.pendingBytes).toBe(0);
    const [ev] = lb.push(b('\n'));
    expect(ev?.type === 'oversize' && ev.size).toBe(50_000);
  });

  it('flushes an unterminated last line at end of stream', () => {
    const lb = new LineBuffer();
    lb.push(b('a\npartial'));
    expect(lines(lb.end())).toEqual(['partial']);
    expect(lb.end()).toEqual([]);
  });

  it('hands each() the same lines as push(), however the stream is cut, the cap included', () => {
    // Lines of every length around the cap (8), empty ones, and a final one without a newline; cut at every split point.
    const text = 'ab\n\n0123456\n01234567\n012345678\nxyz\n0123456789abcdef\n\nq';
    const want = ['ab', '', '0123456', '01234567', '<oversize 9>', 'xyz', '<oversize 16>', '', 'q'];
    const all = b(text);
    for (let cut1 = 0; cut1 <= all.length; cut1++) {
      for (const cut2 of [cut1, Math.min(all.length, cut1 + 3), all.length]) {
        const parts = [all.subarray(0, cut1), all.subarray(cut1, cut2), all.subarray(cut2)];
        const viaPush = new LineBuffer(8, 4);
        const viaEach = new LineBuffer(8, 4);
        const pushed: string[] = [];
        const eached: string[] = [];
        for (const part of parts) {
          pushed.push(...lines(viaPush.push(part)));
          viaEach.each(
            part,
            (bytes) => eached.push(bytes.toString()),
            (_head, size) => eached.push(`<oversize ${size}>`),
          );
        }
        pushed.push(...lines(viaPush.end()));
        eached.push(...lines(viaEach.end()));
        expect(eached, `cut at ${cut1} and ${cut2}`).toEqual(want);
        expect(pushed, `cut at ${cut1} and ${cut2}`).toEqual(want);
      }
    }
  });

  it('hands out a line that lies whole in a chunk as a view of the chunk, not a copy', () => {
    const chunk = b('{"a":1}\n{"b":2}\n');
    const got: Buffer[] = [];
    new LineBuffer().each(
      chunk,
      (bytes) => got.push(bytes),
      () => {},
    );
    expect(got.map((x) => x.toString())).toEqual(['{"a":1}', '{"b":2}']);
    expect(got.every((x) => x.buffer === chunk.buffer)).toBe(true);
  });
});
