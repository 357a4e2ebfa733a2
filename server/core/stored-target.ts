// The target as it may be stored, named and shown: what the relay records in SQLite, puts in a session's name and its
// `spawned` event, and serves to the page. Threat: a credential typed on a command line (`--api-key V`, `--env
// API_KEY=V`, `--header 'Authorization: …'`, `http://user:pw@host`) ending up on disk or on a shared screen.
import { basename } from 'node:path';
import { REDACTED } from '../../shared/redaction/secret-patterns.js';
import { maskTarget, type SecretMask } from '../../shared/redaction/target-secrets.js';
import type { Target } from '../../shared/relay-protocol.js';
import { HeaderMask, MASK } from '../transports/header-mask.js';

/** Env values, header values, a URL password and an OAuth client secret become ••••, the auth scheme kept ("Bearer
 * ••••"); an argument's or a query parameter's value becomes [REDACTED], as credential shapes elsewhere do. */
const storedMask: SecretMask = (place, value) => {
  if (place.kind === 'header') return new HeaderMask({ [place.name]: value }).value(place.name, value);
  return place.kind === 'arg' || place.kind === 'query' ? REDACTED : MASK;
};

/**
 * The target with every secret masked (shared/redaction/target-secrets.ts): every custom header of a remote target and
 * its URL password, env values marked secret or named so, the value after a secret-looking flag, and credential shapes
 * anywhere else. What is left is what a replay can set again; a secret it cannot is named in the replay's warnings.
 */
export function storedTarget(target: Target, markedEnv: readonly string[] = []): Target {
  return maskTarget(target, storedMask, { secretEnv: markedEnv }).target;
}

/** A session's default name, from its stored (secret-free) target: `node server.js --api-key [REDACTED]`. */
export function sessionName(stored: Target): string {
  return stored.transport === 'stdio' ? [basename(stored.command), ...stored.args.map((a) => basename(a))].join(' ') : `${stored.transport} ${stored.url}`;
}
