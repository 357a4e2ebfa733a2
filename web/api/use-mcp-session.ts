// Whether panels may talk to a session's server yet: it is live and its initialize (or server/discover) has been answered.
import { isLegacyVersion } from '../../shared/mcp-versions.js';
import type { HandshakeResult } from '../lib/mcp/handshake-result.js';
import { useDiscoveryInFlight, useHandshakeResult } from '../lib/mcp/use-handshake-result.js';
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
  const live = session?.live === true;
  const stateless = session !== null && !isLegacyVersion(session.protocolVersion);
  const caps = handshake?.result.capabilities;
  return {
    live,
    // A stateless session needs no handshake, but one being discovered waits for it: requests sent before it carry no `_meta`.
    ready: live && (handshake !== null || (stateless && !discovering)),
    handshake,
    epoch: handshake ? `init-${handshake.requestSeq}` : 'no-init',
    era: handshake?.era ?? (stateless ? 'modern' : 'legacy'),
    capabilities: typeof caps === 'object' && caps !== null && !Array.isArray(caps) ? (caps as Record<string, unknown>) : {},
  };
}
