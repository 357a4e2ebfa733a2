// Which session a page opens on first load, and which the connection bar's picker offers: the sessions a person made
// come first; a lab's or a check's scratch connection is listed under its session in Sessions & profiles instead.
import type { RelayConfig, SessionInfo } from '../../../shared/relay-protocol.js';

/** The session to open, or the launch session's id to ask the relay for when the list predates it, or null (none). */
export function firstSession(
  config: RelayConfig,
  sessions: readonly SessionInfo[],
): { session: SessionInfo } | { askFor: string; fallback: SessionInfo | undefined } | null {
  const launchId = config.launchSessionId;
  const launch = launchId === null ? undefined : sessions.find((s) => s.id === launchId);
  if (launch) return { session: launch };
  const newest = sessions.find((s) => !madeByTool(s)) ?? sessions[0];
  if (launchId !== null) return { askFor: launchId, fallback: newest };
  return newest ? { session: newest } : null;
}

/** Made by a tool (the fault lab, a check, a replay, a fuzz or collection run) for another session. */
export function madeByTool(s: SessionInfo): boolean {
  return s.scratchFor !== undefined && s.scratchFor !== null;
}

/** What the connection bar's picker offers: the sessions a person made, and the one shown (even if a tool made it). */
export function pickerSessions(sessions: readonly SessionInfo[], sessionId: string | null): SessionInfo[] {
  return sessions.filter((s) => !madeByTool(s) || s.id === sessionId);
}
