// The OAuth flags, declared once for any command that connects to a URL (today `mcpscope call`): the flag table,
// then the check that turns the parsed values into the target's `auth` (shared/oauth/auth-config.ts).
import { resolve } from 'node:path';
import { OAUTH_OPEN_MODES } from '../../shared/oauth/auth-choices.js';
import type { OAuthConfig } from '../../shared/oauth/auth-config.js';
import { UsageError, onOff, value, type FlagValues } from './flags.js';
import { oneOf, wholeNumber } from './validators.js';

/** A Client ID Metadata Document is fetched from its URL, so the URL must name a document, not a site. */
const metadataUrl = (v: string, flag: string): string => {
  let u: URL | null = null;
  try {
    u = new URL(v);
  } catch {
    // reported below
  }
  if (!u || !/^https?:$/.test(u.protocol) || u.pathname === '/')
    throw new UsageError(`${flag} needs an https URL with a path (the document's address), got "${v}"`);
  return v;
};

export const OAUTH_FLAGS = {
  auth: value(
    'oauth',
    'with --url: OAuth 2.1 when the server answers 401 (discovery, registration, PKCE, refresh,\nstep-up); every request of the flow is recorded with its secrets masked',
    (v, flag) => {
      if (v !== 'oauth') throw new UsageError(`${flag} must be oauth, got "${v}"`);
      return v;
    },
  ),
  'client-id': value('<id>', 'a pre-registered OAuth client (with --client-secret <s> for a confidential one)'),
  'client-secret': value('<s>', "the pre-registered client's secret"),
  grant: value(
    '<g>',
    'authorization-code (default: a person approves) or client-credentials (the client acts for itself,\nno person: --client-id with --client-secret or --client-key; an MCP extension, SEP-1046)',
    oneOf(['authorization-code', 'client-credentials'] as const),
  ),
  'client-key': value(
    '<file>',
    "with --grant client-credentials: the client's PEM (PKCS #8) private key; authenticates with a\nsigned JWT (private_key_jwt, RFC 7523) instead of a secret",
  ),
  'signing-alg': value('<alg>', 'the JWT algorithm for --client-key (default: the first the authorization server lists, else RS256)'),
  'client-metadata-url': value('<url>', 'a Client ID Metadata Document URL to use as the client_id (2025-11-25)', metadataUrl),
  scope: value('<s>', "the scope to ask for (default: the server's challenge, else its scopes_supported)"),
  'oauth-open': value(
    '<m>',
    'browser (default: open the authorization URL), print (print it and wait for the redirect on\na loopback listener), or fetch (request it directly; for servers that approve without a person)',
    oneOf(OAUTH_OPEN_MODES),
  ),
  'callback-port': value('<n>', 'the loopback port of the redirect URI http://127.0.0.1:<n>/oauth/callback (default: any free one)', wholeNumber(1, 65535)),
  'no-token-cache': onOff('keep tokens in memory only (default: cached per server in <data dir>/oauth-tokens.json, mode 0600)'),
};

/** The target's `auth`, or null without --auth; usage errors for options that make no sense together. */
export function oauthConfig(v: FlagValues<typeof OAUTH_FLAGS>): OAuthConfig | null {
  if (v.auth === undefined) {
    const stray = (Object.keys(OAUTH_FLAGS) as (keyof typeof OAUTH_FLAGS)[]).find((k) => v[k] !== undefined);
    if (stray) throw new UsageError(`--${stray} goes with --auth oauth`);
    return null;
  }
  if (v['client-secret'] !== undefined && v['client-id'] === undefined) throw new UsageError('--client-secret goes with --client-id');
  const credentials = v.grant === 'client-credentials';
  if (!credentials && v['client-key'] !== undefined) throw new UsageError('--client-key goes with --grant client-credentials');
  if (v['signing-alg'] !== undefined && v['client-key'] === undefined) throw new UsageError('--signing-alg goes with --client-key');
  if (credentials) {
    if (v['client-id'] === undefined || (v['client-secret'] === undefined && v['client-key'] === undefined)) {
      throw new UsageError('--grant client-credentials needs a pre-registered client: --client-id with --client-secret or --client-key');
    }
    if (v['client-secret'] !== undefined && v['client-key'] !== undefined)
      throw new UsageError('--client-secret and --client-key exclude each other (one way to authenticate)');
    const stray = (['client-metadata-url', 'oauth-open', 'callback-port'] as const).find((k) => v[k] !== undefined);
    if (stray) throw new UsageError(`--${stray} goes with the authorization code grant (client credentials has no person and no redirect)`);
  }
  if (v['client-id'] !== undefined && v['client-metadata-url'] !== undefined) {
    throw new UsageError('--client-id and --client-metadata-url exclude each other (a pre-registered client, or a metadata document URL as the client id)');
  }
  return {
    type: 'oauth',
    ...(v['client-id'] !== undefined ? { clientId: v['client-id'] } : {}),
    ...(v['client-secret'] !== undefined ? { clientSecret: v['client-secret'] } : {}),
    ...(credentials ? { grant: 'client_credentials' as const } : {}),
    // Resolved now: the relay that reads it may run in another working directory.
    ...(v['client-key'] !== undefined ? { clientKeyFile: resolve(v['client-key']) } : {}),
    ...(v['signing-alg'] !== undefined ? { signingAlg: v['signing-alg'] } : {}),
    ...(v['client-metadata-url'] !== undefined ? { clientMetadataUrl: v['client-metadata-url'] } : {}),
    ...(v.scope !== undefined ? { scope: v.scope } : {}),
    ...(v['oauth-open'] ? { open: v['oauth-open'] } : {}),
    ...(v['no-token-cache'] ? { tokenCache: false } : {}),
    ...(v['callback-port'] !== undefined ? { callbackPort: v['callback-port'] } : {}),
  };
}
