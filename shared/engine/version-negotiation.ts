// Judges the protocol version a server answered against the one offered: accepted as is, older, not offered, or unknown.
import { LEGACY_PROTOCOL_VERSIONS, PROTOCOL_VERSIONS, isLegacyVersion } from '../mcp-versions.js';

/**
 * as-offered: the server took the offered version. older-supported: it chose an older version mcpscope also speaks,
 * which the spec allows. not-offered: a known version the client did not offer (newer than the offer, or from the
 * wrong era). unknown: not a version mcpscope knows, or none at all.
 */
export type VersionStatus = 'as-offered' | 'older-supported' | 'not-offered' | 'unknown';

export interface VersionVerdict {
  status: VersionStatus;
  /** The version the session goes on with if it goes on. */
  version: string;
  /** Said to the user when the status is anything but as-offered. */
  note: string | null;
  /** False when the client should ask whether to go on (not-offered, unknown). */
  acceptable: boolean;
}

function legacyIndex(v: string): number {
  return (LEGACY_PROTOCOL_VERSIONS as readonly string[]).indexOf(v);
}

/** For an initialize result: `answered` is its protocolVersion, whatever type it has. */
export function judgeLegacyVersion(offered: string, answered: unknown): VersionVerdict {
  if (typeof answered !== 'string') {
    const note = `The initialize result has no protocolVersion string (got ${JSON.stringify(answered) ?? 'nothing'}); assuming the offered ${offered}.`;
    return { status: 'unknown', version: offered, note, acceptable: false };
  }
  if (answered === offered) return { status: 'as-offered', version: answered, note: null, acceptable: true };
  if (isLegacyVersion(answered) && isLegacyVersion(offered) && legacyIndex(answered) < legacyIndex(offered)) {
    const note = `The server chose ${answered}, older than the offered ${offered}; mcpscope speaks it too, so the session goes on in ${answered}.`;
    return { status: 'older-supported', version: answered, note, acceptable: true };
  }
  if (isLegacyVersion(answered)) {
    const note = `The server answered ${answered}, which the client did not offer (it offered ${offered}).`;
    return { status: 'not-offered', version: answered, note, acceptable: false };
  }
  const why = (PROTOCOL_VERSIONS as readonly string[]).includes(answered)
    ? `${answered} is stateless and has no initialize`
    : `${JSON.stringify(answered)} is not a protocol version mcpscope knows`;
  return { status: 'unknown', version: answered, note: `The server answered initialize with ${why} (offered ${offered}).`, acceptable: false };
}

/** For a server/discover result: `supported` is its supportedVersions, whatever type it has. */
export function judgeModernVersions(offered: string, supported: unknown): VersionVerdict {
  if (!Array.isArray(supported)) {
    return { status: 'unknown', version: offered, note: 'The server/discover result has no supportedVersions list.', acceptable: false };
  }
  if (supported.includes(offered)) return { status: 'as-offered', version: offered, note: null, acceptable: true };
  const listed = supported.map((v) => JSON.stringify(v)).join(', ') || 'nothing';
  const known = supported.some((v) => typeof v === 'string' && (PROTOCOL_VERSIONS as readonly string[]).includes(v));
  const note = `The server's supportedVersions (${listed}) does not include ${offered}.`;
  return { status: known ? 'not-offered' : 'unknown', version: offered, note, acceptable: false };
}
