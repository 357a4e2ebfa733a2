// Which session a page opens on first load: the one the CLI launched, else the newest; with none, the user connects.
import type { RelayConfig, SessionInfo } from '../../../shared/relay-protocol.js';

/** The session to open, or the launch session's id to ask the relay for when the list predates it, or null (none). */
export function firstSession(
  config: RelayConfig,
  sessions: readonly SessionInfo[],
): { session: SessionInfo } | { askFor: string; fallback: SessionInfo | undefined } | null {
  const launchId = config.launchSessionId;
  const launch = launchId === null ? undefined : sessions.find((s) => s.id === launchId);
  if (launch) return { session: launch };
  if (launchId !== null) return { askFor: launchId, fallback: sessions[0] };
  return sessions[0] ? { session: sessions[0] } : null;
}
