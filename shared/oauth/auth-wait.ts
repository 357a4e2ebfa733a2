// Whether an authorization is waiting on a person, read from a relay event's text without the auth steps' schemas: the
// CLI's call session reads every event through this, and a plain call must not load zod for it.

/**
 * What a relay event means for request timeouts: true while an authorization waits for a person (hold them), false
 * once the flow moves on or fails (release), null for events that say nothing about it.
 */
export function authWaitFromEvent(text: string): boolean | null {
  let e: unknown;
  try {
    e = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof e !== 'object' || e === null) return null;
  const { event, status, code } = e as { event?: unknown; status?: unknown; code?: unknown };
  if (event === 'auth') return status === 'waiting';
  if (event === 'error' && code === 'AUTH_FAILED') return false;
  return null;
}
