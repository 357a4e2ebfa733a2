// The connection core's FrameLog: the one place a frame is numbered and stamped and the stderr tail is kept, for the
// relay's sessions, call/check and the tap alike.
import { describe, expect, it } from 'vitest';
import { FrameLog } from '../../../server/core/frame-log.js';
import { messageFrame, stderrFrame } from '../../../server/core/frame-factory.js';
import type { FrameRecord } from '../../../shared/relay-protocol.js';
import { STDERR_TAIL_LINES, StderrTail } from '../../../shared/stderr-tail.js';

function logged(lastSeq = 0) {
  const frames: Array<{ frame: FrameRecord; bytes: Buffer | undefined }> = [];
  const counter = { lastSeq };
  const log = new FrameLog(counter, (frame, bytes) => frames.push({ frame, bytes }));
  return { log, frames, counter };
}

describe('FrameLog', () => {
  it('numbers frames on from the counter it is given and keeps the counter current', () => {
    const { log, frames, counter } = logged(41);
    log.record(messageFrame('out', Buffer.from('{"jsonrpc":"2.0","id":1,"method":"ping"}'), 'user'), undefined, 1000);
    log.record(stderrFrame(Buffer.from('hello')), undefined, 1001);
    expect(frames.map((f) => [f.frame.seq, f.frame.ts])).toEqual([
      [42, 1000],
      [43, 1001],
    ]);
    expect(counter.lastSeq).toBe(43);
    expect(frames[0]!.frame).toEqual({
      seq: 42,
      ts: 1000,
      dir: 'out',
      kind: 'request',
      text: '{"jsonrpc":"2.0","id":1,"method":"ping"}',
      size: 40,
      method: 'ping',
      rpcId: '1',
      origin: 'user',
    });
  });

  it('hands on the bytes of valid UTF-8 only: a frame with b64 is stored from its b64', () => {
    const { log, frames } = logged();
    const good = Buffer.from('{"a":1}');
    const bad = Buffer.from([0x7b, 0xff, 0x7d]);
    log.record(messageFrame('in', good), good);
    log.record(messageFrame('in', bad), bad);
    expect(frames[0]!.bytes).toBe(good);
    expect(frames[1]!.frame.b64).toBe(bad.toString('base64'));
    expect(frames[1]!.bytes).toBeUndefined();
  });

  it(`keeps the last ${STDERR_TAIL_LINES} stderr lines and puts them in the exited event, whatever the event carried`, () => {
    const { log, frames } = logged();
    for (let i = 1; i <= STDERR_TAIL_LINES + 5; i++) log.record(stderrFrame(Buffer.from(`line ${i}`)));
    log.record(messageFrame('in', Buffer.from('not stderr')));
    const exited = log.event({ event: 'exited', code: 1, signal: null, stderrTail: 'what a transport once kept' });
    const tail = Array.from({ length: STDERR_TAIL_LINES }, (_, i) => `line ${i + 6}`).join('\n');
    expect(JSON.parse(exited.text)).toEqual({ event: 'exited', code: 1, signal: null, stderrTail: tail });
    expect(exited).toMatchObject({ dir: 'relay', kind: 'event', method: 'exited' });
    expect(frames).toHaveLength(STDERR_TAIL_LINES + 7);
    // Other events pass as they are.
    expect(JSON.parse(log.event({ event: 'stopping', reason: 'done' }).text)).toEqual({ event: 'stopping', reason: 'done' });
  });

  it('starts the tail over when told (a restarted process speaks for itself)', () => {
    const tail = new StderrTail();
    tail.push('old');
    tail.clear();
    tail.push('new');
    expect(tail.text()).toBe('new');
  });

  describe('forwardThenRecord (forward first, record after)', () => {
    const ping = Buffer.from('{"jsonrpc":"2.0","id":7,"method":"ping"}');

    it('forwards before the frame is made, with the seq it then gets', () => {
      const { log, frames } = logged(9);
      const order: string[] = [];
      const frame = log.forwardThenRecord(
        (seq) => order.push(`forward ${seq}`),
        () => {
          order.push('classify');
          return messageFrame('out', ping, 'user');
        },
        ping,
      );
      expect(order).toEqual(['forward 10', 'classify']);
      expect(frame).toMatchObject({ seq: 10, kind: 'request', method: 'ping', rpcId: '7' });
      expect(frames.map((f) => f.frame)).toEqual([frame]);
      expect(frames[0]!.bytes).toBe(ping);
    });

    it('hands on what the forward recorded after the frame it forwarded, so the sink sees seq order', () => {
      const { log, frames, counter } = logged();
      log.forwardThenRecord(
        () => log.event({ event: 'error', message: 'a transport spoke during the write' }),
        () => messageFrame('out', ping, 'user'),
        ping,
      );
      log.record(stderrFrame(Buffer.from('after')));
      expect(frames.map((f) => [f.frame.seq, f.frame.kind])).toEqual([
        [1, 'request'],
        [2, 'event'],
        [3, 'stderr'],
      ]);
      expect(counter.lastSeq).toBe(3);
    });

    it('keeps seq order through a forward inside a forward, and holds nothing once both are done', () => {
      const { log, frames } = logged();
      log.forwardThenRecord(
        () => {
          log.event({ event: 'error', message: 'before the inner write' });
          log.forwardThenRecord(
            () => log.event({ event: 'error', message: 'during the inner write' }),
            () => messageFrame('out', ping, 'user'),
            ping,
          );
          log.event({ event: 'error', message: 'after the inner write' });
        },
        () => messageFrame('out', ping, 'user'),
        ping,
      );
      // Nothing reached the sink while the outer forward ran; then every frame, in seq order, once.
      log.record(stderrFrame(Buffer.from('after')));
      expect(frames.map((f) => [f.frame.seq, f.frame.kind])).toEqual([
        [1, 'request'],
        [2, 'event'],
        [3, 'request'],
        [4, 'event'],
        [5, 'event'],
        [6, 'stderr'],
      ]);
    });

    it('records the frame even when the forward throws, and lets the error through', () => {
      const { log, frames } = logged();
      expect(() =>
        log.forwardThenRecord(
          () => {
            throw new Error('the pipe is closed');
          },
          () => messageFrame('out', ping, 'user'),
          ping,
        ),
      ).toThrow('the pipe is closed');
      expect(frames.map((f) => f.frame.seq)).toEqual([1]);
    });
  });
});
