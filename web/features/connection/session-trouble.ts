// Reads a session's log for trouble the connection bar should offer a way out of: a session the server forgot (404),
// a connection that failed, or a server process that exited (with what it last wrote on stderr). Incremental per log,
// because it runs on every frame.
import { eventName } from '../../lib/log/frame-entry.js';
import type { FrameEntry } from '../../lib/log/frame-entry.js';
import type { LogSource } from '../../lib/log/log-source.js';

export interface Expiry {
  /** The seq of the `session-expired` event. */
  seq: number;
  status: number | null;
  message: string;
}

interface Tracker {
  scanned: number;
  /** The latest expiry not yet followed by a successful initialize. */
  expiry: Expiry | null;
  /** The latest `error` or `disconnected` event's text, for a failed connection's banner. */
  lastFailure: string | null;
  /** A request that never reached the server (refused, DNS, TLS, timeout) while the transport stays up, as
   * Streamable HTTP does: cleared by the next exchange that got any response. */
  unreachable: string | null;
  /** The current process's last stderr lines (at most STDERR_TAIL), oldest first. */
  stderrTail: string[];
  /** Whether the current process sent anything on stdout: an exit before that is an exit at start-up. */
  spoke: boolean;
}

export interface SessionTrouble {
  expiry: Expiry | null;
  lastFailure: string | null;
  unreachable: string | null;
  stderrTail: readonly string[];
  spoke: boolean;
}

/** How many of a process's last stderr lines an exit banner shows: enough for a stack trace's head. */
export const STDERR_TAIL = 12;

const trackers = new WeakMap<readonly FrameEntry[], Tracker>();

function text(v: unknown, key: string): string | null {
  const x = typeof v === 'object' && v !== null ? (v as Record<string, unknown>)[key] : undefined;
  return typeof x === 'string' ? x : null;
}

function hasResponse(v: unknown): boolean {
  return typeof v === 'object' && v !== null && typeof (v as { response?: unknown }).response === 'object' && (v as { response?: unknown }).response !== null;
}

export function sessionTrouble(log: LogSource): SessionTrouble {
  let t = trackers.get(log.held);
  const entries = log.held;
  if (!t || entries.length < t.scanned) trackers.set(log.held, (t = { scanned: 0, expiry: null, lastFailure: null, unreachable: null, stderrTail: [], spoke: false }));
  for (; t.scanned < entries.length; t.scanned++) {
    const e = entries[t.scanned]!;
    const name = eventName(e);
    if (name === 'session-expired') {
      const status = (e.value as { status?: unknown }).status;
      t.expiry = { seq: e.frame.seq, status: typeof status === 'number' ? status : null, message: text(e.value, 'message') ?? 'the server forgot the session' };
    } else if (name === 'error' || name === 'disconnected') {
      t.lastFailure = text(e.value, 'message') ?? text(e.value, 'reason');
      if (name === 'error' && text(e.value, 'exchange') !== null) t.unreachable = t.lastFailure;
    } else if (name === 'connected' || name === 'spawned') {
      // A restart began a new connection: earlier trouble belongs to the old one.
      t.expiry = null;
      t.lastFailure = null;
      t.unreachable = null;
      t.stderrTail = [];
      t.spoke = false;
    } else if (e.frame.kind === 'stderr') {
      t.stderrTail.push(e.frame.text);
      if (t.stderrTail.length > STDERR_TAIL) t.stderrTail.shift();
    } else if (e.frame.kind === 'http') {
      if (t.unreachable !== null && hasResponse(e.value)) t.unreachable = null;
    } else if (e.frame.dir === 'in' && e.frame.kind !== 'event') {
      t.spoke = true;
      if (t.expiry && e.frame.kind === 'response' && e.method === 'initialize') t.expiry = null;
    }
  }
  return { expiry: t.expiry, lastFailure: t.lastFailure, unreachable: t.unreachable, stderrTail: [...t.stderrTail], spoke: t.spoke };
}
