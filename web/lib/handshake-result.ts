// Finds, in a session's log, the initialize exchange that started the current server process: whoever sent it (this tab, another, or the composer).
import { isPlainObject } from '../../shared/jsonrpc.js';
import { eventName, type FrameEntry } from './frame-entry.js';
import type { SessionLog } from './session-log.js';

export interface HandshakeResult {
  /** The seq of the initialize request: a new handshake (a restart) gives a new one, so caches keyed on it start over. */
  requestSeq: number;
  responseSeq: number;
  /** What the client offered. */
  offeredVersion: string | null;
  result: Record<string, unknown>;
}

interface Scan {
  scanned: number;
  request: FrameEntry | null;
}

// Scanned incrementally per log: a long session must not be re-read from the start on every frame.
const scans = new WeakMap<SessionLog, Scan>();

export function findHandshake(log: SessionLog): HandshakeResult | null {
  let scan = scans.get(log);
  if (!scan) scans.set(log, (scan = { scanned: 0, request: null }));
  const entries = log.entries;
  for (; scan.scanned < entries.length; scan.scanned++) {
    const entry = entries[scan.scanned]!;
    // A new process has not been initialized yet, whatever the last one was.
    if (eventName(entry) === 'spawned') scan.request = null;
    else if (entry.frame.dir === 'out' && entry.frame.kind === 'request' && entry.frame.method === 'initialize') scan.request = entry;
  }
  const request = scan.request;
  if (!request) return null;
  const response = log.pairOf(request);
  if (!response || !isPlainObject(response.value) || !isPlainObject(response.value.result)) return null;
  const params = isPlainObject(request.value) && isPlainObject(request.value.params) ? request.value.params : {};
  return {
    requestSeq: request.frame.seq,
    responseSeq: response.frame.seq,
    offeredVersion: typeof params.protocolVersion === 'string' ? params.protocolVersion : null,
    result: response.value.result,
  };
}
