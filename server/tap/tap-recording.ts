// The tap's side of its recording thread: hands it copies of the bytes that passed, never waits for it, and when
// recording fails (the store cannot open, a write fails, the thread falls too far behind) stops recording and says so
// on stderr, while the bytes keep passing. Threat: a recorder that blocks or kills the host's connection to its server.
import { Worker } from 'node:worker_threads';
import type { Target } from '../../shared/relay-protocol.js';
import { newSessionId } from '../core/session-naming.js';
import { sessionName } from '../core/stored-target.js';
import { now } from '../store/clock.js';
import { TAP_STREAMS, type TapStream } from './tap-record.js';
import type { HttpTapEvent } from './http-tap-record.js';
import type { TapPatch, TapWorkerData, TapWorkerReply, TapWorkerRequest } from './tap-recorder-worker.js';

/** Bytes handed to the thread and not yet taken in before recording gives up rather than hold more in memory. */
const MAX_BEHIND_BYTES = 256 * 1024 * 1024;

const TAP_WORKER = new URL('./tap-recorder-worker.js', import.meta.url);

/** The tap's voice on stderr: the host reads its server's stdout, so nothing of the tap's own may go there. */
export function say(line: string): void {
  process.stderr.write(`mcpscope tap: ${line}\n`);
}

/** What both taps (stdio and --url) take from their command line to open their recording. */
export interface TapRecordingFlags {
  dataDir: string;
  name: string | null;
  maxLineBytes: number;
  /** The recorded session's id (default: a new one); `tap --otlp` names it to export the session afterwards. */
  sessionId?: string;
}

/** A tap's recording of `target` (already masked: storedTarget): named "tap: <target>" unless --name said otherwise. */
export function openTapRecording(o: TapRecordingFlags, target: Target): TapRecording {
  return new TapRecording({
    dataDir: o.dataDir,
    sessionId: o.sessionId ?? newSessionId(),
    name: o.name ?? `tap: ${sessionName(target)}`,
    target,
    maxLineBytes: o.maxLineBytes,
    say,
  });
}

export interface TapRecordingOptions {
  dataDir: string;
  sessionId: string;
  name: string;
  target: Target;
  maxLineBytes: number;
  /** Where diagnostics go (the tap's stderr). */
  say: (line: string) => void;
  maxBehindBytes?: number;
  workerUrl?: URL;
}

export class TapRecording {
  private worker: Worker | null;
  private readonly taken = new BigInt64Array(new SharedArrayBuffer(8));
  private handed = 0;
  private readonly maxBehind: number;
  private finished: ((lastSeq: number | null) => void) | null = null;

  constructor(private readonly opts: TapRecordingOptions) {
    this.maxBehind = opts.maxBehindBytes ?? MAX_BEHIND_BYTES;
    const data: TapWorkerData = {
      dataDir: opts.dataDir,
      sessionId: opts.sessionId,
      name: opts.name,
      target: opts.target,
      maxLineBytes: opts.maxLineBytes,
      taken: this.taken.buffer as SharedArrayBuffer,
    };
    const w = new Worker(opts.workerUrl ?? TAP_WORKER, { workerData: data });
    // The tap's life is the server's: the recording thread never keeps it running (finish() waits for it, bounded).
    w.unref();
    w.on('message', (m: TapWorkerReply) => {
      if ('ready' in m) opts.say(`recording session ${opts.sessionId} in ${opts.dataDir}`);
      else if ('failed' in m) this.stop(m.failed);
      else if ('finished' in m) this.settle(m.finished);
    });
    w.on('error', (err) => this.stop(err.message));
    w.on('exit', () => this.stop('the recording thread ended'));
    this.worker = w;
  }

  get recording(): boolean {
    return this.worker !== null;
  }

  /** A chunk that just passed the tap; copied, because the stream may reuse its buffer once the callback returns. */
  chunk(stream: TapStream, bytes: Buffer): void {
    const w = this.worker;
    if (!w) return;
    if (!this.behind(bytes.length)) return;
    // A copy of exactly these bytes (new Uint8Array(buffer) copies element by element, several times slower).
    const copy = Uint8Array.prototype.slice.call(bytes);
    w.postMessage({ s: TAP_STREAMS.indexOf(stream), ts: now(), b: copy } satisfies TapWorkerRequest, [copy.buffer]);
  }

  /** One step of an HTTP exchange through an HTTP tap; a body chunk is copied like a stdio chunk. */
  http(ev: HttpTapEvent): void {
    const w = this.worker;
    if (!w) return;
    if (!('b' in ev)) {
      w.postMessage(ev satisfies TapWorkerRequest);
      return;
    }
    if (!this.behind(ev.b.byteLength)) return;
    const copy = Uint8Array.prototype.slice.call(ev.b);
    w.postMessage({ ...ev, b: copy } satisfies TapWorkerRequest, [copy.buffer]);
  }

  event(ev: { event: string } & Record<string, unknown>, patch?: TapPatch): void {
    this.worker?.postMessage({ ev, ts: now(), ...(patch ? { patch } : {}) } satisfies TapWorkerRequest);
  }

  /** Records the end and waits (at most `timeoutMs`) for every frame to be in the store; the last seq, or null. */
  finish(patch: TapPatch, timeoutMs: number): Promise<number | null> {
    const w = this.worker;
    if (!w) return Promise.resolve(null);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.stop(`the recording did not finish within ${timeoutMs} ms; the last frames may be missing`);
      }, timeoutMs);
      this.finished = (seq) => {
        clearTimeout(timer);
        resolve(seq);
      };
      w.postMessage({ finish: patch } satisfies TapWorkerRequest);
    });
  }

  /** Counts `n` more bytes handed over; false (and recording stopped) once the thread is too far behind. */
  private behind(n: number): boolean {
    this.handed += n;
    if (this.handed - Number(Atomics.load(this.taken, 0)) <= this.maxBehind) return true;
    this.stop(`the recording fell more than ${Math.round(this.maxBehind / 1048576)} MB behind the traffic`);
    return false;
  }

  private settle(lastSeq: number | null): void {
    const w = this.worker;
    this.worker = null;
    w?.removeAllListeners('exit');
    const f = this.finished;
    this.finished = null;
    f?.(lastSeq);
  }

  /** Recording is off for the rest of this tap; the bytes still pass. */
  private stop(reason: string): void {
    const w = this.worker;
    if (!w) return;
    this.opts.say(`recording stopped (${reason}); the server's traffic still passes through unchanged`);
    this.settle(null);
    void w.terminate();
  }
}
