// Turns the connection a session was started with into a profile, every env value and header value marked secret:
// what a connection carries is not known to be harmless, and the editor can unmark what is.
import { isLegacyVersion } from '../mcp-versions.js';
import { REDACTED } from '../redaction/secret-patterns.js';
import type { Target } from '../relay-protocol.js';
import type { ProfileInput } from './profile.js';

export interface SavedConnection {
  input: ProfileInput;
  /** Values the recording no longer holds (`env.NAME`, `header.Name`): saved empty, to be filled in with Edit. */
  missing: string[];
}

/** The relay masks secrets before it stores a target, and a bundle redacts them; either way there is no value. */
const masked = (v: string) => v.includes('••••') || v === REDACTED;

/**
 * `target` is the unmasked target when the relay that started the session still holds it, else the stored one (its
 * secrets masked, so they come back empty and listed in `missing`).
 */
export function profileFromSession(session: { name: string; protocolVersion: string }, target: Target): SavedConnection {
  const missing: string[] = [];
  const keep = (kind: string, values: Record<string, string>) =>
    Object.fromEntries(
      Object.entries(values).map(([k, v]) => {
        if (!masked(v)) return [k, v];
        missing.push(`${kind}.${k}`);
        return [k, ''];
      }),
    );
  const era = isLegacyVersion(session.protocolVersion) ? 'legacy' : 'modern';
  const base = { name: session.name.slice(0, 200) || 'saved connection', protocolVersion: session.protocolVersion, era } as const;
  if (target.transport === 'stdio') {
    const env = keep('env', target.env);
    return { input: { ...base, target: { ...target, env }, secretEnv: Object.keys(env), secretHeaders: [] }, missing };
  }
  const headers = keep('header', target.headers);
  return { input: { ...base, target: { ...target, headers }, secretEnv: [], secretHeaders: Object.keys(headers) }, missing };
}
