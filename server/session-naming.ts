// A new session's id and its default name; light on imports, so a tap (which starts before its host's server) loads
// none of the relay's transports to name its session.
import { randomBytes } from 'node:crypto';
import { basename } from 'node:path';
import type { Target } from '../shared/relay-protocol.js';
import { maskUrl } from './transports/header-mask.js';

/** A session's public id: sortable by time, unique across processes writing one store (the inspector and taps). */
export function newSessionId(): string {
  return `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;
}

/** What a session is called unless given a name: the command and its arguments' last path parts, or the URL. */
export function defaultSessionName(t: Target): string {
  return t.transport === 'stdio' ? [basename(t.command), ...t.args.map((a) => basename(a))].join(' ') : `${t.transport} ${maskUrl(t.url)}`;
}
