// The tap's recording thread: opens the store, frames and records what the tap's main thread passed, and counts the
// bytes it has taken in shared memory, so the thread that carries the host's bytes never waits on SQLite.
import { parentPort, workerData } from 'node:worker_threads';
import type { Target } from '../../shared/relay-protocol.js';
import { Recorder } from '../store/recorder.js';
import { now } from '../store/clock.js';
import { HttpTapRecord, type HttpTapEvent } from './http-tap-record.js';
import { TAP_STREAMS, TapRecord, tapSession } from './tap-record.js';

export interface TapWorkerData {
  dataDir: string;
  sessionId: string;
  name: string;
  target: Target;
  maxLineBytes: number;
  /** One BigInt64: the bytes taken in so far (framed and queued for the store). */
  taken: SharedArrayBuffer;
}

/** Main → worker. `s` indexes TAP_STREAMS; bytes travel as a transferred Uint8Array. */
export type TapWorkerRequest =
  | HttpTapEvent
  | { s: number; ts: number; b: Uint8Array }
  | { ev: { event: string } & Record<string, unknown>; ts: number; patch?: TapPatch }
  | { finish: TapPatch };
export type TapPatch = { status?: 'running' | 'exited' | 'stopped' | 'failed'; pid?: number | null; exitCode?: number | null; signal?: string | null };

/** Worker → main. */
export type TapWorkerReply = { ready: true } | { failed: string } | { finished: number };

/** Frames per transaction: a few milliseconds of the write lock at a time. */
const TAP_FLUSH_AT = 256;
const TAP_BUSY_TIMEOUT_MS = 60_000;

const data = workerData as TapWorkerData;
const taken = new BigInt64Array(data.taken);
const port = parentPort!;

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

let record: TapRecord | null = null;
let http: HttpTapRecord | null = null;
try {
  // This thread is the tap's writer already: a second one would only copy every frame across once more. Small
  // transactions keep each hold of the store's one write lock short, so the inspector and other taps wait little;
  // and this thread can afford to wait long for the lock, where the host's traffic never waits at all.
  const recorder = new Recorder(data.dataDir, { inline: true, flushAt: TAP_FLUSH_AT, busyTimeoutMs: TAP_BUSY_TIMEOUT_MS });
  record = new TapRecord(recorder, tapSession(data.sessionId, data.name, data.target), data.maxLineBytes);
  http = new HttpTapRecord(record);
  port.postMessage({ ready: true } satisfies TapWorkerReply);
} catch (err) {
  port.postMessage({ failed: message(err) } satisfies TapWorkerReply);
}

port.on('message', (m: TapWorkerRequest) => {
  if (!record) return;
  try {
    if ('h' in m) {
      http!.handle(m);
      Atomics.add(taken, 0, BigInt(HttpTapRecord.size(m)));
    } else if ('b' in m) {
      record.chunk(TAP_STREAMS[m.s]!, m.ts, Buffer.from(m.b.buffer, m.b.byteOffset, m.b.byteLength));
      Atomics.add(taken, 0, BigInt(m.b.byteLength));
    } else if ('ev' in m) {
      record.event(m.ts, m.ev);
      if (m.patch) record.update(m.patch);
    } else {
      const r = record;
      record = null;
      http?.finish(now());
      r.finish(m.finish);
      port.postMessage({ finished: r.lastSeq } satisfies TapWorkerReply);
      port.close();
    }
  } catch (err) {
    record = null;
    port.postMessage({ failed: message(err) } satisfies TapWorkerReply);
  }
});
