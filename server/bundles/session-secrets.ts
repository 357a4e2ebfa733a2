// Gathers what counts as secret for one recorded session: its marked env names and every secret value still known
// (unmasked values in the stored target, and the real values in the profile it was started from).
import { Redactor } from '../../shared/redaction/redactor.js';
import { secretValues } from '../../shared/redaction/redact-target.js';
import type { FrameRecord, Target } from '../../shared/relay-protocol.js';
import type { ProfileStore } from '../store/archive/profile-store.js';
import type { SessionArchive } from '../store/archive/session-archive.js';

export interface SessionSecrets {
  redactor: Redactor;
  markedEnv: string[];
}

/** `given` is the unmasked target when this relay run started the session (header values are known only then). */
export function sessionSecrets(
  archive: SessionArchive,
  profiles: ProfileStore,
  sessionId: string,
  target: Target,
  given: Target | null = null,
): SessionSecrets {
  const meta = archive.meta(sessionId);
  const profile = meta.profileId ? profiles.find(meta.profileId) : null;
  const markedEnv = [...new Set([...meta.secretEnv, ...(profile?.secretEnv ?? [])])];
  const values = secretValues(target, markedEnv);
  if (profile) values.push(...secretValues(profile.target, markedEnv));
  if (given) values.push(...secretValues(given, markedEnv));
  // Values the relay masked before storing them are no secret any more.
  return { redactor: new Redactor(values.filter((v) => !v.includes('••••'))), markedEnv };
}

/** A frame with secrets removed from its text and, for frames that were not UTF-8, from its exact bytes too. */
export function redactFrame(f: FrameRecord, r: Redactor): FrameRecord {
  const out: FrameRecord = { ...f, text: r.text(f.text) };
  if (f.b64 !== undefined) {
    // latin1 maps each byte to one character, so ASCII-shaped secrets match and the bytes round-trip.
    const bin = Buffer.from(f.b64, 'base64').toString('latin1');
    const red = r.text(bin);
    if (red !== bin) out.b64 = Buffer.from(red, 'latin1').toString('base64');
  }
  return out;
}
