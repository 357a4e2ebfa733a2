// Whether panels may talk to a session's server yet: it is live, its handshake is complete (initialize answered and
// notifications/initialized sent, or server/discover answered), and which capabilities the server declared.
import { missingCapability } from '../../shared/lint/capability-gates.js';
import { isLegacyVersion, PROTOCOL_VERSIONS, type ProtocolVersion } from '../../shared/mcp-versions.js';
import type { HandshakeResult } from '../lib/mcp/handshake-result.js';
import { useDiscoveryInFlight, useHandshakeResult } from '../lib/mcp/use-handshake-result.js';
import { useLifecycleOpen } from '../lib/mcp/use-lifecycle-open.js';
import { useSession } from './use-sessions.js';

export interface McpSessionState {
  live: boolean;
  ready: boolean;
  handshake: HandshakeResult | null;
  /** Changes whenever the server behind the session is a new one (a restart, a fresh handshake): cached answers key on it. */
  epoch: string;
  capabilities: Record<string, unknown>;
  /** modern: the session speaks 2026-07-28 (discovered, or stateless by its version), so subscriptions use subscriptions/listen. */
  era: 'legacy' | 'modern';
}

export function useMcpSession(sessionId: string): McpSessionState {
  const session = useSession(sessionId);
  const handshake = useHandshakeResult(sessionId);
  const discovering = useDiscoveryInFlight(sessionId);
  const open = useLifecycleOpen(sessionId);
  const live = session?.live === true;
  const stateless = session !== null && !isLegacyVersion(session.protocolVersion);
  const caps = handshake?.result.capabilities;
  return {
    live,
    // A stateless session needs no handshake, but one being discovered waits for it: requests sent before it carry no `_meta`.
    // The engine's gate holds panel requests until the handshake is complete; a panel does not ask before that either.
    ready: live && open && (handshake !== null || (stateless && !discovering)),
    handshake,
    epoch: handshake ? `init-${handshake.requestSeq}` : 'no-init',
    era: handshake?.era ?? (stateless ? 'modern' : 'legacy'),
    capabilities: typeof caps === 'object' && caps !== null && !Array.isArray(caps) ? (caps as Record<string, unknown>) : {},
  };
}

/**
 * The capability `method` needs that the server did not declare ("server capability \"prompts\""), or null when it
 * did, or when nothing is known (no handshake seen, a stateless session that was not discovered).
 */
export function undeclared(mcp: McpSessionState, method: string): string | null {
  const version = mcp.handshake?.result.protocolVersion;
  if (mcp.handshake === null || typeof version !== 'string' || !(PROTOCOL_VERSIONS as readonly string[]).includes(version)) return null;
  return missingCapability(method, undefined, version as ProtocolVersion, { client: null, server: mcp.capabilities });
}

/** Whether the server said it tells about changes to this capability's list (`listChanged`); always so in 2026-07-28. */
export function announcesListChanges(mcp: McpSessionState, capability: string): boolean {
  if (mcp.era === 'modern') return true;
  const cap = mcp.capabilities[capability];
  return typeof cap === 'object' && cap !== null && (cap as Record<string, unknown>).listChanged === true;
}
