// Tells a server that died on a fault preset from one that stayed silent: the process exited (code or signal), or its
// endpoint refuses connections. Dying is the verdict for that preset, said once with the last stderr lines, and the
// presets after it go to a fresh server (`call --fault all`, check's robustness lanes) instead of "no reply" on a
// dead one.
import type { ServerDeath as Death } from '../../shared/fault-lab/index.js';
import type { FrameRecord } from '../../shared/relay-protocol.js';
import type { CallSession } from './call-session.js';

export { diedVerdict } from '../../shared/fault-lab/index.js';

/** A death, and whether it was seen as a refused connection (then it may have happened on the preset before). */
export interface ServerDeath extends Death {
  refused: boolean;
}

/** Only a refused connection says nobody is listening any more; a reset may be the server refusing one request. */
const REFUSED = /ECONNREFUSED|connection refused/i;
const STDERR_LINES = 5;

function refusedIn(frames: readonly FrameRecord[]): string | null {
  for (const f of frames) {
    if (f.kind === 'event' && f.method === 'error' && REFUSED.test(f.text)) return 'the connection was refused: nothing listens on the endpoint any more';
  }
  return null;
}

/** Whether the session's server is gone, judged from what happened since frame index `since`; null while it lives. */
export function deathOf(session: CallSession, since: number, extra?: string | null): ServerDeath | null {
  const refused =
    session.failure === null
      ? (refusedIn(session.frames.slice(since)) ?? (extra && REFUSED.test(extra) ? `the connection was refused (${extra})` : null))
      : null;
  const cause = session.failure ?? refused;
  if (cause === null) return null;
  const stderr = session
    .stderr()
    .split('\n')
    .filter((l) => l.trim() !== '')
    .slice(-STDERR_LINES);
  return { cause, stderr, refused: refused !== null };
}
