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

interface HeldFrame {
  frame: FrameRecord;
  bytes: Buffer | undefined;
}

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
    const frame = this.stamp(body, this.counter.lastSeq + 1, ts);
    this.counter.lastSeq = frame.seq;
    this.pass(frame, frame.b64 === undefined ? bytes : undefined);
    return frame;
  }

  /**
   * Forward first, record after: numbers a frame, lets `forward` put its bytes on the wire (told the seq, so an HTTP
   * exchange can link to it), and only then makes the frame (`body`: the classifying) and hands it on. What `forward`
   * records meanwhile (a transport's event) is numbered after it and handed on after it, so the sink still sees every
   * frame in seq order. The frame is recorded even when `forward` throws (the bytes may be half written).
   */
  forwardThenRecord(forward: (seq: number) => void, body: () => FrameBody, bytes: Buffer): FrameRecord {
    const seq = this.counter.lastSeq + 1;
    const ts = now();
    this.counter.lastSeq = seq;
    // One array for every forward, nested ones included (each owns what was held since its mark): a new array a send
    // was garbage on every round trip, and a forward seldom records anything.
    const mark = this.held.length;
    this.forwarding++;
    let frame: FrameRecord;
    try {
      forward(seq);
    } finally {
      this.forwarding--;
      const later = this.held.length > mark ? this.held.splice(mark) : null;
      frame = this.stamp(body(), seq, ts);
      this.pass(frame, frame.b64 === undefined ? bytes : undefined);
      if (later) for (const h of later) this.pass(h.frame, h.bytes);
    }
    return frame;
  }

  /** Frames recorded while a forward runs (`forwarding` > 0), handed on once its own frame is. */
  private readonly held: HeldFrame[] = [];
  private forwarding = 0;

  private pass(frame: FrameRecord, bytes: Buffer | undefined): void {
    if (this.forwarding > 0) this.held.push({ frame, bytes });
    else this.sink(frame, bytes);
  }

  private stamp(body: FrameBody, seq: number, ts: number): FrameRecord {
    // Field by field rather than a spread: a flood records tens of thousands of frames a second.
    const frame: FrameRecord = {
      seq,
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
    return frame;
  }

  /** A transport's or the program's own event; an `exited` one carries the stderr tail kept here, whoever saw the exit. */
  event(ev: { event: string } & Record<string, unknown>, ts?: number): FrameRecord {
    const shown = ev.event === 'exited' ? { ...ev, stderrTail: this.stderr.text() } : ev;
    return this.record(eventFrame(shown), undefined, ts);
  }
}
