// The shapes of lint rules and findings, shared by the engine, the UI's reference page and the CLI.
import type { ProtocolVersion } from '../mcp-versions.js';
export type { TransportKind } from '../error-codes/error-code-types.js';

export const SEVERITIES = [
  'error', // the traffic breaks the spec; a conforming peer may fail on it
  'warning', // allowed but wrong-headed, or a SHOULD broken; worth fixing
  'info', // worth knowing; not a fault
] as const;
export type Severity = (typeof SEVERITIES)[number];

/** Who sent a message: `out` frames are the client's (mcpscope), `in` frames the server's. */
export type Side = 'client' | 'server';

export interface SpecRef {
  /** RFC: an IETF document the MCP authorization rules build on (RFC 9110, RFC 9728, OAuth 2.1…). */
  source: 'JSON-RPC 2.0' | 'MCP' | 'RFC';
  /** The protocol version the section is cited from (MCP only). */
  version?: ProtocolVersion;
  section: string;
  url?: string;
  /** The page path under /specification/<version>, so the UI can link the negotiated version's page. */
  path?: string;
}

export interface RuleMeta {
  severity: Severity;
  title: string;
  explanation: string;
  spec: SpecRef;
  fix: string;
}

export type { Finding } from './finding-schema.js';
