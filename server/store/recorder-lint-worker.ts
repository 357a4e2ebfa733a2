// The lint thread: lints whole sessions on its own connection to the store, so a flood on the relay's thread never
// waits on the lint, nor the lint on the flood. The relay posts what to lint; its reads set when the lint may run.
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import { LintRunner } from './lint-runner.js';
import type { LintTarget } from './lint-progress.js';
import { configure } from './recorder-schema.js';

export interface LintWorkerData {
  path: string;
  cap: number;
  /** One Float64: the time (ms since the epoch) before which the lint holds back; the relay moves it on each read. */
  holdUntil: SharedArrayBuffer;
  startAfterMs: number;
}

export interface LintRequest {
  sessionId: string;
  target: LintTarget;
}

export type LintReply = { sessionId: string; done: true } | { sessionId: string; error: string };

const data = workerData as LintWorkerData;
const hold = new Float64Array(data.holdUntil);
const db = new Database(data.path, { fileMustExist: true });
configure(db);
// The writer thread checkpoints the WAL; the lint's commits never stop to do it.
db.pragma('wal_autocheckpoint = 0');
/** This thread's own hold: a session's first chunk waits for the page to finish replaying its tail. */
let holdFirst = 0;

const runner = new LintRunner(
  db,
  data.cap,
  async () => {
    await new Promise((resolve) => setImmediate(resolve));
    const wait = () => Math.max(hold[0]!, holdFirst) - Date.now();
    for (let ms = wait(); ms > 0; ms = wait()) await new Promise((resolve) => setTimeout(resolve, ms));
  },
  () => (holdFirst = Date.now() + data.startAfterMs),
);

parentPort?.on('message', (m: LintRequest) => {
  runner.ensure(m.sessionId, m.target).then(
    () => parentPort?.postMessage({ sessionId: m.sessionId, done: true } satisfies LintReply),
    (err: unknown) => parentPort?.postMessage({ sessionId: m.sessionId, error: err instanceof Error ? err.message : String(err) } satisfies LintReply),
  );
});
