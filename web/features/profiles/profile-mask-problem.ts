// The masked-header check for a profile being saved: the mask is refused, except a secret header's placeholder left
// as the relay sent it, which the relay swaps back for the value it stored.
import { maskedHeaderProblem } from '../../../shared/masked-header-problem.js';
import { SECRET_PLACEHOLDER, type Profile } from '../../../shared/profiles/profile.js';
import type { Target } from '../../../shared/relay-protocol.js';

/** `stored` is the profile as the API showed it (secrets as placeholders); absent for a new profile. */
export function profileMaskProblem(target: Target, stored?: Pick<Profile, 'target'>): string | null {
  const shown = stored?.target.transport === 'stdio' ? undefined : stored?.target.headers;
  const keeps = (name: string, value: string) => value === SECRET_PLACEHOLDER && shown?.[name] === SECRET_PLACEHOLDER;
  return maskedHeaderProblem(target, `type its real value (only a secret header saved before keeps its value when left as ${SECRET_PLACEHOLDER})`, keeps);
}
