// Performs a session's initialize handshake from this tab once it has claimed it from the relay; the connection bar
// and a profile's one-click connect both go through here.
import { isLegacyVersion } from '../../shared/mcp-versions.js';
import type { SessionInfo } from '../../shared/relay-protocol.js';
import { CLIENT_CAPABILITIES } from './client-capabilities.js';
import type { RelayClient } from './relay-client.js';

export type HandshakeOutcome =
  /** The version is stateless (2026-07-28): there is no initialize. */
  | { kind: 'stateless' }
  /** Another tab, or an earlier load of this one, claimed it. */
  | { kind: 'elsewhere' }
  | { kind: 'done'; result: Record<string, unknown> };

/** Throws what the engine threw (a server error to initialize, or a local timeout). */
export async function performHandshake(client: Pick<RelayClient, 'api' | 'engines' | 'socket'>, session: SessionInfo, clientVersion: string): Promise<HandshakeOutcome> {
  if (!isLegacyVersion(session.protocolVersion)) return { kind: 'stateless' };
  // Wait until every earlier frame reached the engine, so the ids it picks are not already on the wire.
  await client.socket.whenOpen();
  await client.socket.whenSynced(session.id);
  if (!(await client.api.claimHandshake(session.id))) return { kind: 'elsewhere' };
  client.engines.claimAnswering(session.id);
  const result = await client.engines.get(session.id).handshake(session.protocolVersion, { name: 'mcpscope', version: clientVersion }, CLIENT_CAPABILITIES);
  return { kind: 'done', result };
}
