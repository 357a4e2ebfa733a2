// Builds references into the JSON-RPC 2.0 and MCP specifications, and re-points MCP links at the negotiated version.
import type { SpecRef } from './lint-types.js';
import { PROTOCOL_VERSIONS, type ProtocolVersion } from '../mcp-versions.js';

const JSONRPC_URL = 'https://www.jsonrpc.org/specification';
const MCP_URL = 'https://modelcontextprotocol.io/specification';

export function jsonRpcRef(section: string, anchor: string): SpecRef {
  return { source: 'JSON-RPC 2.0', section, url: `${JSONRPC_URL}#${anchor}` };
}

export function mcpRef(version: ProtocolVersion, section: string, path: string): SpecRef {
  return { source: 'MCP', version, section, path, url: `${MCP_URL}/${version}${path}` };
}

/** The rule's MCP link for another protocol version, when the page exists there (the legacy pages share paths). */
export function specUrlFor(ref: SpecRef, version: string | null | undefined): string | undefined {
  if (ref.source !== 'MCP' || !ref.path || !version || !(PROTOCOL_VERSIONS as readonly string[]).includes(version)) return ref.url;
  const bothLegacy = version !== '2026-07-28' && ref.version !== '2026-07-28';
  return bothLegacy ? `${MCP_URL}/${version}${ref.path}` : ref.url;
}
