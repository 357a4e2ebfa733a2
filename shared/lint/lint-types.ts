// The shapes of lint rules and findings, shared by the engine, the UI's reference page and the CLI.
import type { ProtocolVersion } from '../mcp-versions.js';
export type { TransportKind } from '../error-codes/error-code-types.js';

export const SEVERITIES = [
  'error', // a MUST, MUST NOT, REQUIRED, SHALL or SHALL NOT of the spec is broken
  'warning', // a SHOULD, SHOULD NOT or RECOMMENDED is broken
  'info', // a MAY, guidance without a keyword, drift between versions, or something the spec is silent on
] as const;
export type Severity = (typeof SEVERITIES)[number];

/** The RFC 2119 keywords (RFC 8174: only in capitals), strongest first. */
export const KEYWORDS = ['MUST NOT', 'MUST', 'REQUIRED', 'SHALL NOT', 'SHALL', 'SHOULD NOT', 'SHOULD', 'RECOMMENDED', 'MAY', 'OPTIONAL'] as const;
export type Keyword = (typeof KEYWORDS)[number];

/** The severity policy in one place: a rule is as severe as the keyword of the sentence it enforces. */
export function severityFor(keyword: Keyword | null): Severity {
  if (keyword === 'MUST' || keyword === 'MUST NOT' || keyword === 'REQUIRED' || keyword === 'SHALL' || keyword === 'SHALL NOT') return 'error';
  if (keyword === 'SHOULD' || keyword === 'SHOULD NOT' || keyword === 'RECOMMENDED') return 'warning';
  return 'info';
}

/**
 * The sentence a rule enforces, as the spec words it (cuts marked …), from the section its `spec` names. `keyword` is
 * the one that sets the severity; null when the rule follows keyword-free guidance, notes drift between versions, or
 * covers something the spec is silent on (then `text` says so, and what the rule leans on instead).
 */
type SpecQuote =
  { keyword: Keyword; text: string } | { keyword: null; basis: 'guidance' | 'version-drift'; text: string } | { keyword: null; basis: 'silent'; text: string };

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
  /** Where `quote` comes from (and the page the UI links, re-pointed at the negotiated version). */
  spec: SpecRef;
  quote: SpecQuote;
  fix: string;
}

export type { Finding } from './finding-schema.js';
