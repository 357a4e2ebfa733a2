// `check --auth oauth`: the OAuth host every scratch connection of one check shares, so they authorize once and reuse
// the one token. Threat model: the token is a credential; it stays where `call --auth oauth` keeps its tokens (the data
// dir's 0600 file), or, with --no-token-cache, in a private temporary directory (0700, the file 0600) that lives only
// as long as the run and is removed after it: the connections are separate transports, and a file is how they share.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Target } from '../../shared/relay-protocol.js';
import type { CallSessionOptions } from '../call/call-session.js';
import { openBrowser } from '../cli/open-browser.js';

export interface CheckOAuth {
  /** The target as every connection opens it (with --no-token-cache: cached, but in the run's own directory). */
  target: Target;
  options: NonNullable<CallSessionOptions['oauth']>;
  /** Removes the run's own token directory, if it made one. */
  done(): void;
}

/** null for a target without `auth` (a stdio server, or a URL without --auth oauth). */
export function checkOAuth(target: Target, dataDir: string, print: (text: string) => void): CheckOAuth | null {
  if (target.transport === 'stdio' || !target.auth) return null;
  const options = { dataDir, print, openBrowser };
  if (target.auth.tokenCache !== false) return { target, options, done: () => undefined };
  const own = mkdtempSync(join(tmpdir(), 'mcpscope-check-tokens-'));
  const { tokenCache: _memoryOnly, ...auth } = target.auth;
  return { target: { ...target, auth }, options: { ...options, dataDir: own }, done: () => rmSync(own, { recursive: true, force: true }) };
}
