// Performs a session's initialize handshake from this tab once it has claimed it: used when a session is started from
// somewhere other than the connection bar (a profile's one-click connect).
import { isLegacyVersion } from '../../shared/mcp-versions.js';
import type { SessionInfo } from '../../shared/relay-protocol.js';
import { CLIENT_CAPABILITIES } from './client-capabilities.js';
import type { RelayClient } from './relay-client.js';

/** Resolves true when this tab performed it; false when the version has none or another tab claimed it. */
export async function performHandshake(client: RelayClient, session: SessionInfo, clientVersion: string): Promise<boolean> {
  if (!isLegacyVersion(session.protocolVersion)) return false;
  // The workbench subscribes when the session is opened; the engine must have seen every earlier frame first.
  await client.socket.whenOpen();
  await client.socket.whenSynced(session.id);
  if (!(await client.api.claimHandshake(session.id))) return false;
  client.engines.claimAnswering(session.id);
  await client.engines.get(session.id).handshake(session.protocolVersion, { name: 'mcpscope', version: clientVersion }, CLIENT_CAPABILITIES);
  return true;
}
