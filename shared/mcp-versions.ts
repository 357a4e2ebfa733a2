// What mcpscope knows about MCP protocol versions: the list a user can pick from and the default to offer.

export const LEGACY_PROTOCOL_VERSIONS = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'] as const;
export const MODERN_PROTOCOL_VERSIONS = ['2026-07-28'] as const;
export const PROTOCOL_VERSIONS = [...LEGACY_PROTOCOL_VERSIONS, ...MODERN_PROTOCOL_VERSIONS] as const;
export type ProtocolVersion = (typeof PROTOCOL_VERSIONS)[number];
export type LegacyProtocolVersion = (typeof LEGACY_PROTOCOL_VERSIONS)[number];

/** The version a new connection offers in `initialize` unless the user picks another. */
export const DEFAULT_PROTOCOL_VERSION: LegacyProtocolVersion = '2025-11-25';

export function isLegacyVersion(v: string): v is LegacyProtocolVersion {
  return (LEGACY_PROTOCOL_VERSIONS as readonly string[]).includes(v);
}
