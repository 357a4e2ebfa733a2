// The recorder's writer thread: its own connection to the store inserts each batch of frames the relay posts and counts
// it committed in shared memory, so the relay's thread spends a flood reading, classifying and fanning out frames
// while SQLite (inserts, commits, WAL checkpoints) runs beside it.
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import { collectGarbage } from '../v8-memory.js';
import type { PackedFrames } from './frame-batch.js';
import { FrameWriter } from './frame-writer.js';
import { configureWriter } from './recorder-schema.js';

export interface WriterData {
  path: string;
  /** One Int32: the number of the last batch committed (or given up on, with an error posted back). */
  committed: SharedArrayBuffer;
}

/**
 * `release`: the relay has been quiet a while; give back what the connection holds beyond what it needs now, and with
 * `collect` (after a flood) collect this thread's heap, whose handles keep the blocks the relay let go alive.
 */
export type WriterRequest = { batch: number; frames: PackedFrames } | { close: true } | { release: true; collect: boolean };
export interface WriterError {
  batch: number;
  error: string;
}

/** Checkpoints the WAL now and then even when no frame arrives: other connections' writes never checkpoint it. */
const IDLE_CHECKPOINT_MS = 10_000;

const { path, committed } = workerData as WriterData;
const done = new Int32Array(committed);
const db = new Database(path, { fileMustExist: true });
configureWriter(db);
const writer = new FrameWriter(db);
const idle = setInterval(() => db.pragma('wal_checkpoint(PASSIVE)'), IDLE_CHECKPOINT_MS);
idle.unref();

parentPort?.on('message', (m: WriterRequest) => {
  if ('close' in m) {
    clearInterval(idle);
    db.close();
    parentPort?.close();
    return;
  }
  if ('release' in m) {
    // SQLite's page cache of this connection (2 MB at most, configureWriter) goes back to the C heap's free lists.
    db.pragma('shrink_memory');
    if (m.collect) collectGarbage();
    return;
  }
  try {
    writer.write(m.frames);
  } catch (err) {
    parentPort?.postMessage({ batch: m.batch, error: err instanceof Error ? err.message : String(err) } satisfies WriterError);
  }
  Atomics.store(done, 0, m.batch);
  Atomics.notify(done, 0);
});
