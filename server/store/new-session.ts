// The stored row a session starts with, whoever opens it (the relay's sessions, check's and fuzz's connections, the
// tap): started now, nothing recorded yet, no process known. One place, so a new column gets one default.
import type { StoredSession } from './recorder.js';
import { now } from './clock.js';

export function newStoredSession(o: Pick<StoredSession, 'id' | 'name' | 'target' | 'protocolVersion' | 'status'>): StoredSession {
  return { ...o, startedAt: now(), endedAt: null, pid: null, exitCode: null, signal: null, lastSeq: 0 };
}
