// Reads a session's log for trouble the connection bar should offer a way out of: a session the server forgot (404),
// a connection that failed, or a server process that exited (with what it last wrote on stderr). Incremental per log,
// because it runs on every frame.
import type { SessionInfo } from '../../../shared/relay-protocol.js';
import { eventName } from '../../lib/log/frame-entry.js';
import type { FrameEntry } from '../../lib/log/frame-entry.js';
import type { LogSource } from '../../lib/log/log-source.js';
import { StderrTail } from '../../../shared/stderr-tail.js';

interface Expiry {
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
  /** That event's system error code, when it had one (ENOENT: the command was not found). */
  lastFailureCode: string | null;
  /** A request that never reached the server (refused, DNS, TLS, timeout) while the transport stays up, as
   * Streamable HTTP does: cleared by the next exchange that got any response. */
  unreachable: string | null;
  /**
   * The current process's last stderr lines: the core's own tail (STDERR_TAIL_LINES), so the exit banner shows what the
   * relay's `exited` event, `call` and `check` keep, no fewer.
   */
  stderr: StderrTail;
  /** Whether the current process sent anything on stdout: an exit before that is an exit at start-up. */
  spoke: boolean;
}

export interface SessionTrouble {
  expiry: Expiry | null;
  lastFailure: string | null;
  lastFailureCode: string | null;
  unreachable: string | null;
  stderrTail: readonly string[];
  spoke: boolean;
}

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
  if (!t || entries.length < t.scanned)
    trackers.set(
      log.held,
      (t = { scanned: 0, expiry: null, lastFailure: null, lastFailureCode: null, unreachable: null, stderr: new StderrTail(), spoke: false }),
    );
  for (; t.scanned < entries.length; t.scanned++) {
    const e = entries[t.scanned]!;
    const name = eventName(e);
    if (name === 'session-expired') {
      const status = (e.value as { status?: unknown }).status;
      t.expiry = { seq: e.frame.seq, status: typeof status === 'number' ? status : null, message: text(e.value, 'message') ?? 'the server forgot the session' };
    } else if (name === 'error' || name === 'disconnected') {
      t.lastFailure = text(e.value, 'message') ?? text(e.value, 'reason');
      t.lastFailureCode = text(e.value, 'code');
      if (name === 'error' && text(e.value, 'exchange') !== null) t.unreachable = t.lastFailure;
    } else if (name === 'connected' || name === 'spawned') {
      // A restart began a new connection: earlier trouble belongs to the old one.
      t.expiry = null;
      t.lastFailure = null;
      t.lastFailureCode = null;
      t.unreachable = null;
      t.stderr.clear();
      t.spoke = false;
    } else if (e.frame.kind === 'stderr') {
      t.stderr.push(e.frame.text);
    } else if (e.frame.kind === 'http') {
      if (t.unreachable !== null && hasResponse(e.value)) t.unreachable = null;
    } else if (e.frame.dir === 'in' && e.frame.kind !== 'event') {
      t.spoke = true;
      if (t.expiry && e.frame.kind === 'response' && e.method === 'initialize') t.expiry = null;
    }
  }
  return {
    expiry: t.expiry,
    lastFailure: t.lastFailure,
    lastFailureCode: t.lastFailureCode,
    unreachable: t.unreachable,
    stderrTail: t.stderr.lines(),
    spoke: t.spoke,
  };
}

/** Whether two reads of a log's trouble say the same (the bar re-renders only when they do not). */
export function sameTrouble(a: SessionTrouble, b: SessionTrouble): boolean {
  return (
    a.expiry === b.expiry &&
    a.lastFailure === b.lastFailure &&
    a.lastFailureCode === b.lastFailureCode &&
    a.unreachable === b.unreachable &&
    a.spoke === b.spoke &&
    a.stderrTail.length === b.stderrTail.length &&
    a.stderrTail.every((line, i) => line === b.stderrTail[i])
  );
}

/** What a failure's banner says after "The connection failed": one sentence that ends with its stop, and for a command
 * the system could not find (ENOENT) the likely reason, which the raw `spawn x ENOENT` does not say. */
export function failureSentence(message: string | null, code: string | null): string {
  if (message === null) return '.';
  const said = `: ${message.trim()}${/[.!?]$/.test(message.trim()) ? '' : '.'}`;
  if (code === 'ENOENT') return `${said} The command was not found: is it installed, and on PATH? A full path to it works too.`;
  if (code === 'EACCES') return `${said} The command is not executable by you: check its permissions.`;
  return said;
}

export type TroubleBanner = 'expired' | 'unreachable' | 'exited' | 'dropped' | null;

/** Which banner the session's trouble calls for; all but `expired` offer Restart, so the bar does not offer a second one. */
export function troubleBanner(session: SessionInfo, t: Pick<SessionTrouble, 'expiry' | 'unreachable'>): TroubleBanner {
  const remote = session.target.transport !== 'stdio';
  if (t.expiry && session.live) return 'expired';
  if (t.unreachable && session.live) return 'unreachable';
  // Only an exit the user did not ask for: Stop ends as 'stopped'.
  if (!remote && session.status === 'exited' && !session.live) return 'exited';
  if ((session.status === 'failed' || (remote && session.status === 'exited')) && !session.live) return 'dropped';
  return null;
}
