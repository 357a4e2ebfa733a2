// One thread of a parallel text-filter scan: its own read-only connection to the store, one range of seqs per request.
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import type { WindowFilter } from '../../shared/frame-window-api.js';
import { FrameWindowReader } from './recorder-window.js';

export interface ScanRequest {
  id: number;
  sessionId: string;
  filter: WindowFilter;
  range: { fromSeq: number; toSeq: number; lastSeq: number };
}

const db = new Database((workerData as { path: string }).path, { readonly: true, fileMustExist: true });
const reader = new FrameWindowReader(db);
parentPort?.on('message', (req: ScanRequest) => {
  try {
    parentPort?.postMessage({ id: req.id, index: reader.index(req.sessionId, req.filter, req.range) });
  } catch (err) {
    parentPort?.postMessage({ id: req.id, error: err instanceof Error ? err.message : String(err) });
  }
});
