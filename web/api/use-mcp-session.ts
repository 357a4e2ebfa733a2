// Whether panels may talk to a session's server yet: it is live and (for legacy versions) its initialize has been answered.
import { isLegacyVersion } from '../../shared/mcp-versions.js';
import type { HandshakeResult } from '../lib/handshake-result.js';
import { useHandshakeResult } from '../lib/use-handshake-result.js';
import { useSession } from './use-sessions.js';

export interface McpSessionState {
  live: boolean;
  ready: boolean;
  handshake: HandshakeResult | null;
  /** Changes whenever the server behind the session is a new one (a restart, a fresh handshake): cached answers key on it. */
  epoch: string;
  capabilities: Record<string, unknown>;
}

export function useMcpSession(sessionId: string): McpSessionState {
  const session = useSession(sessionId);
  const handshake = useHandshakeResult(sessionId);
  const live = session?.live === true;
  const stateless = session !== null && !isLegacyVersion(session.protocolVersion);
  const caps = handshake?.result.capabilities;
  return {
    live,
    ready: live && (handshake !== null || stateless),
    handshake,
    epoch: handshake ? `init-${handshake.requestSeq}` : 'no-init',
    capabilities: typeof caps === 'object' && caps !== null && !Array.isArray(caps) ? (caps as Record<string, unknown>) : {},
  };
}
