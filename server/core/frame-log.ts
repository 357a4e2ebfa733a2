// Numbers, stamps and hands on every frame a connection records, and keeps its server's stderr tail: the one place the
// relay's sessions, `call`/`check` and the tap make a FrameRecord, so the three record the same traffic alike.
import { StderrTail } from '../../shared/stderr-tail.js';
import type { FrameRecord } from '../../shared/relay-protocol.js';
import { now } from '../store/clock.js';
import { eventFrame, type FrameBody } from './frame-factory.js';

/**
 * Where a recorded frame goes (the relay's store and hub, `call`'s array, the tap's store). `bytes`: what a message
 * frame's text was decoded from, which a store may keep as its text when the frame has no `b64` (valid UTF-8).
 */
export type FrameSink = (frame: FrameRecord, bytes: Buffer | undefined) => void;

export class FrameLog {
  /** The server's last stderr lines, for its `exited` event and a failure message. */
  readonly stderr = new StderrTail();

  /** `counter.lastSeq` is the last frame's seq: a stored session's row, so numbering goes on where it stood. */
  constructor(
    private readonly counter: { lastSeq: number },
    private readonly sink: FrameSink,
  ) {}

  get lastSeq(): number {
    return this.counter.lastSeq;
  }

  /** Numbers and stamps one frame (`ts`: when the tap saw it; else now) and hands it on. */
  record(body: FrameBody, bytes?: Buffer, ts: number = now()): FrameRecord {
    // Field by field rather than a spread: a flood records tens of thousands of frames a second.
    const frame: FrameRecord = {
      seq: this.counter.lastSeq + 1,
      ts,
      dir: body.dir,
      kind: body.kind,
      text: body.text,
      size: body.size,
      method: body.method,
      rpcId: body.rpcId,
    };
    if (body.b64 !== undefined) frame.b64 = body.b64;
    if (body.origin !== undefined) frame.origin = body.origin;
    if (body.kind === 'stderr') this.stderr.push(body.text);
    this.counter.lastSeq = frame.seq;
    this.sink(frame, frame.b64 === undefined ? bytes : undefined);
    return frame;
  }

  /** A transport's or the program's own event; an `exited` one carries the stderr tail kept here, whoever saw the exit. */
  event(ev: { event: string } & Record<string, unknown>, ts?: number): FrameRecord {
    const shown = ev.event === 'exited' ? { ...ev, stderrTail: this.stderr.text() } : ev;
    return this.record(eventFrame(shown), undefined, ts);
  }
}
