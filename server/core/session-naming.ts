// A new session's id, apart from the session manager so a tap (which starts before its host's server) loads none of
// the relay's transports to make one.
import { randomBytes } from 'node:crypto';

/** A session's public id: sortable by time, unique across processes writing one store (the inspector and taps). */
export function newSessionId(): string {
  return `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;
}
