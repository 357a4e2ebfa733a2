// Starts the MCP session for a call in the era asked for, and says on stderr when the server did something unusual.
import { PeerRpcError, type Connection } from '../../shared/engine/index.js';
import { packageVersion } from '../package-root.js';
import type { CallOptions } from './call-args.js';
import type { CallSession } from './call-session.js';
import { printFailure, printRpcError, transportKind, type Output } from './call-output.js';

/** A server's startup counts against its first answer, so a short --timeout (meant for the call) never cuts the handshake. */
export const MIN_HANDSHAKE_TIMEOUT_MS = 10_000;

/** How long a call waits for the standalone GET's answer before its first request (a server's GET answers at once). */
const SERVER_STREAM_WAIT_MS = 2000;

/** null with --no-handshake; otherwise the connection, or it throws what the engine threw. */
export async function callHandshake(session: CallSession, o: CallOptions, callTimeoutMs: number, out: Output): Promise<Connection | null> {
  if (!o.handshake) return null;
  const timeoutMs = Math.max(callTimeoutMs, MIN_HANDSHAKE_TIMEOUT_MS);
  const conn = await session.engine.connect({
    ...(o.era === undefined ? {} : { era: o.era }),
    protocolVersion: o.protocolVersion,
    clientInfo: { name: 'mcpscope', version: packageVersion() },
    ...(session.clientCapabilities ? { capabilities: session.clientCapabilities } : {}),
    onUnexpectedVersion: o.strictVersion ? 'fail' : 'proceed',
    timeoutMs,
  });
  await session.serverStreamSettled(SERVER_STREAM_WAIT_MS);
  if (conn.probe && conn.probe.outcome !== 'modern') out.note(`auto: ${conn.probe.detail}; fell back to initialize`);
  if (conn.versionNote) out.note(conn.versionNote);
  return conn;
}

/** The method the handshake step sends in this era, for messages about its failure. */
function handshakeMethod(o: CallOptions): string {
  const modern = o.era === 'modern' || (o.era === undefined && o.protocolVersion === '2026-07-28');
  return modern ? 'server/discover' : 'initialize';
}

/** The exit code for what a call threw: the server's error to the handshake, or a transport or local failure. */
export function callFailure(out: Output, err: unknown, session: CallSession, o: CallOptions, protocolVersion: string = o.protocolVersion): number {
  if (err instanceof PeerRpcError)
    return printRpcError(out, err.response, { protocolVersion, transport: transportKind(o.target), what: `the handshake (${handshakeMethod(o)})` });
  return printFailure(out, err, session.stderr());
}
