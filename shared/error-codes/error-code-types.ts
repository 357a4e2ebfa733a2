// The shapes shared by the wire and local error catalogues and the explainer, so each entry is written once.
import type { ProtocolVersion } from '../mcp-versions.js';

/** How mcpscope reaches a server; explanations and lint rules depend on it. */
export const TRANSPORT_KINDS = [
  'stdio', // child process, one JSON message per line
  'http', // Streamable HTTP (2025-03-26 and later, including the 2026 POST-only form)
  'sse', // legacy HTTP+SSE (2024-11-05)
  'ws', // a WebSocket carrying one JSON-RPC message per WebSocket message
] as const;
export type TransportKind = (typeof TRANSPORT_KINDS)[number];

/** Where an error with this code comes from in general: sent by the peer, made by the local library, or either. */
type ErrorOrigin = 'peer' | 'local' | 'either';

/** Where the numeric code sits in the JSON-RPC / MCP code space, for codes nobody catalogued. */
export type ErrorRange =
  | 'jsonrpc-predefined' // -32700, -32600…-32603
  | 'jsonrpc-reserved' // -32768…-32000 outside the other two ranges: reserved for future JSON-RPC use
  | 'implementation-defined' // -32099…-32000 (2026: -32019…-32000)
  | 'mcp-reserved' // 2026: -32099…-32020, allocated by the MCP spec only
  | 'application' // anything else: the application's own errors
  | 'not-an-integer'; // a code JSON-RPC does not allow at all

export interface ErrorFacts {
  name: string;
  meaning: string;
  causes: readonly string[];
  check: readonly string[];
  origin: ErrorOrigin;
}

/** What the explainer is told about one error it is asked to explain. */
export interface ErrorContext {
  message?: string;
  protocolVersion?: string;
  transport?: TransportKind;
  httpStatus?: number;
  /** True when the local library made the error (timeout, closed connection); false when the peer sent it. */
  local?: boolean;
}

/** A refinement of an entry that applies when every condition in `when` holds. */
export interface ErrorVariant extends Partial<ErrorFacts> {
  when: {
    local?: boolean;
    httpStatus?: readonly number[];
    transport?: readonly TransportKind[];
    versions?: readonly ProtocolVersion[];
    message?: RegExp;
  };
  note?: string;
  spec?: SpecLink;
}

interface SpecLink {
  label: string;
  url: string;
}

export interface WireErrorEntry extends ErrorFacts {
  code: number;
  /** Protocol versions in which the code has this meaning; 'all' when it is plain JSON-RPC or SDK usage. */
  versions: readonly ProtocolVersion[] | 'all';
  /** Said when the code is seen under a protocol version outside `versions`. */
  outOfVersionNote?: string;
  variants?: readonly ErrorVariant[];
  spec?: SpecLink;
}

export interface LocalErrorEntry extends ErrorFacts {
  code: string;
  /** The numeric code SDK 1.x puts on the same condition, when it has one. */
  sdk1Code?: number;
}

/** The answer to "what does this error mean here?". */
export interface ErrorExplanation {
  code: number | string;
  name: string;
  meaning: string;
  causes: readonly string[];
  check: readonly string[];
  /** Where errors with this code come from in general. */
  origin: ErrorOrigin;
  /** Where this one came from, as far as the context tells. */
  source: 'peer' | 'local' | 'unknown';
  versions: readonly string[] | 'all';
  /** Whether the code is defined for the given protocol version; null when no known version was given. */
  validInVersion: boolean | null;
  /** False when the explanation is only the generic one for the code's range. */
  catalogued: boolean;
  range: ErrorRange | 'local';
  notes: readonly string[];
  spec?: SpecLink;
}
