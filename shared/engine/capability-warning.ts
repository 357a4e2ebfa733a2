// Says, before a message is sent, when the negotiated session does not back it: a warning to show, never a refusal.
import { checkMethod, describeVersions } from '../lint/mcp-methods.js';
import { missingCapability } from '../lint/capability-gates.js';
import { PROTOCOL_VERSIONS, type ProtocolVersion } from '../mcp-versions.js';

export interface NegotiatedCapabilities {
  protocolVersion: string;
  serverCapabilities: Record<string, unknown>;
  clientCapabilities: Record<string, unknown>;
}

/** Null when nothing is known yet, the method is not one MCP defines, or the session backs it. */
export function capabilityWarning(method: string, params: unknown, session: NegotiatedCapabilities | null): string | null {
  if (!session) return null;
  const v = session.protocolVersion;
  if (!(PROTOCOL_VERSIONS as readonly string[]).includes(v)) return null;
  const version = v as ProtocolVersion;
  const type = method.startsWith('notifications/') ? 'notification' : 'request';
  const verdict = checkMethod(method, 'client', type, version);
  if (verdict.verdict === 'version') return `${method} is not part of protocol version ${version} (it is defined in ${describeVersions(verdict.definedIn)}).`;
  if (verdict.verdict === 'direction') return `${method} is sent by the ${verdict.from.join(' or ')}, not by the client.`;
  const missing = missingCapability(method, params, version, { client: session.clientCapabilities, server: session.serverCapabilities });
  if (!missing) return null;
  const [holder, ...rest] = missing.split(' ');
  const who = holder === 'server' ? 'The server' : 'The client';
  return `${who} did not declare the ${rest.join(' ')} that ${method} needs; it can still be sent, and a server may answer -32601.`;
}
