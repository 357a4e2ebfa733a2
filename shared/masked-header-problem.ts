// Refuses a target whose header still holds the relay's mask: sent as is, `Bearer ••••` would reach the server as the
// credential itself. One check for every place a target is connected or saved (connection bar, profiles).
import type { Target } from './relay-protocol.js';

/** How the relay shows a secret header value (server/transports/header-mask.ts); a profile's placeholder contains it too. */
export const HEADER_MASK = '••••';

/**
 * The first header whose value holds the mask, or null. `keeps(name, value)` lets a caller accept a value it knows
 * stands for a stored secret (a profile's placeholder, which the relay swaps for the saved value).
 */
export function maskedHeaderName(target: Target, keeps?: (name: string, value: string) => boolean): string | null {
  if (target.transport === 'stdio') return null;
  for (const [name, value] of Object.entries(target.headers)) {
    if (value.includes(HEADER_MASK) && !keeps?.(name, value)) return name;
  }
  return null;
}

/** Why the target cannot be used as it stands, ending with what to do (`remedy`), or null. */
export function maskedHeaderProblem(target: Target, remedy: string, keeps?: (name: string, value: string) => boolean): string | null {
  if (target.transport !== 'stdio' && target.auth?.clientSecret?.includes(HEADER_MASK))
    return `the OAuth client secret is masked (${HEADER_MASK}): ${remedy.replace('type its real value', 'type the real secret')}`;
  const name = maskedHeaderName(target, keeps);
  return name === null ? null : `the ${name} header is masked (${HEADER_MASK}): ${remedy}`;
}
