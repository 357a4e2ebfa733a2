// Performs a session's initialize handshake from this tab once it has claimed it from the relay; the connection bar
// and a profile's one-click connect both go through here.
import type { Connection, Era } from '../../../shared/engine/index.js';
import { isLegacyVersion } from '../../../shared/mcp-versions.js';
import type { SessionInfo } from '../../../shared/relay-protocol.js';
import { CLIENT_CAPABILITIES } from './client-capabilities.js';
import type { RelayClient } from '../relay/relay-client.js';
import type { RelayHttp } from '../relay/relay-http.js';

export type HandshakeOutcome =
  /** The version is stateless (2026-07-28): there is no initialize. */
  | { kind: 'stateless' }
  /** Another tab, or an earlier load of this one, claimed it. */
  | { kind: 'elsewhere' }
  /** `connection` says which era it settled on, and for auto what the probe got. */
  | { kind: 'done'; result: Record<string, unknown>; connection: Connection | null };

/** True when this tab won the right to perform the handshake; false when another tab or load already has it. */
async function claimHandshake(http: RelayHttp, sessionId: string): Promise<boolean> {
  return (await http.call('claimHandshake', { params: { id: sessionId } })).claimed;
}

/**
 * Throws what the engine threw (a server error to initialize, or a local timeout). With an era (the connection bar's
 * selector, a profile's), the engine connects in it: legacy sends initialize (even offering 2026-07-28, a deliberate
 * fault), modern server/discover, auto probes with server/discover and falls back to initialize. Without an era, a
 * legacy version gets initialize and a modern one nothing: 2026-07-28 has no initialize.
 */
export async function performHandshake(
  client: Pick<RelayClient, 'http' | 'engines' | 'socket'>,
  session: SessionInfo,
  clientVersion: string,
  era?: Era,
): Promise<HandshakeOutcome> {
  if (era === undefined && !isLegacyVersion(session.protocolVersion)) {
    // Nothing will be sent, so nothing is waited for: the claim says so to the relay, the engine stops holding back.
    if (await claimHandshake(client.http, session.id)) client.engines.get(session.id).lifecycle.expect(false);
    return { kind: 'stateless' };
  }
  // Wait until every earlier frame reached the engine, so the ids it picks are not already on the wire.
  await client.socket.whenOpen();
  await client.socket.whenSynced(session.id);
  if (!(await claimHandshake(client.http, session.id))) return { kind: 'elsewhere' };
  client.engines.claimAnswering(session.id);
  const clientInfo = { name: 'mcpscope', version: clientVersion };
  const engine = client.engines.get(session.id);
  if (era === undefined)
    return { kind: 'done', result: await engine.handshake(session.protocolVersion, clientInfo, CLIENT_CAPABILITIES), connection: engine.connection };
  const connection = await engine.connect({ era, protocolVersion: session.protocolVersion, clientInfo, capabilities: CLIENT_CAPABILITIES });
  return { kind: 'done', result: connection.result, connection };
}
