// The OAuth flags, shared by `mcpscope call` and the inspector's command line: parsed into a draft, then checked
// together into the target's `auth` (shared/oauth/auth-config.ts).
import { OAUTH_OPEN_MODES, type OAuthConfig, type OAuthOpenMode } from '../../shared/oauth/auth-config.js';
import { UsageError } from '../cli-args.js';

export interface OAuthDraft {
  auth?: string;
  clientId?: string;
  clientSecret?: string;
  clientMetadataUrl?: string;
  scope?: string;
  open?: string;
  noTokenCache?: boolean;
  callbackPort?: string;
}

export const OAUTH_USAGE = `  --auth oauth          with --url: OAuth 2.1 when the server answers 401 (discovery, registration, PKCE, refresh,
                        step-up); every request of the flow is recorded with its secrets masked
  --client-id <id>      a pre-registered OAuth client (with --client-secret <s> for a confidential one)
  --client-metadata-url <url>  a Client ID Metadata Document URL to use as the client_id (2025-11-25)
  --scope <s>           the scope to ask for (default: the server's challenge, else its scopes_supported)
  --oauth-open <m>      browser (default: open the authorization URL), print (print it and wait for the redirect on
                        a loopback listener), or fetch (request it directly; for servers that approve without a person)
  --callback-port <n>   the loopback port of the redirect URI http://127.0.0.1:<n>/oauth/callback (default: any free one)
  --no-token-cache      keep tokens in memory only (default: cached per server in <data dir>/oauth-tokens.json, mode 0600)`;

/** Takes one OAuth flag into the draft; false when `flag` is not one of them. */
export function oauthFlag(d: OAuthDraft, flag: string, value: () => string): boolean {
  switch (flag) {
    case '--auth': d.auth = value(); return true;
    case '--client-id': d.clientId = value(); return true;
    case '--client-secret': d.clientSecret = value(); return true;
    case '--client-metadata-url': d.clientMetadataUrl = value(); return true;
    case '--scope': d.scope = value(); return true;
    case '--oauth-open': d.open = value(); return true;
    case '--callback-port': d.callbackPort = value(); return true;
    case '--no-token-cache': d.noTokenCache = true; return true;
    default: return false;
  }
}

/** The target's `auth`, or null without --auth; usage errors for options that make no sense together. */
export function oauthConfig(d: OAuthDraft): OAuthConfig | null {
  const { auth, ...rest } = d;
  if (auth === undefined) {
    const stray = Object.entries(rest).find(([, v]) => v !== undefined);
    if (stray) throw new UsageError(`--${stray[0].replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} goes with --auth oauth`);
    return null;
  }
  if (auth !== 'oauth') throw new UsageError(`--auth must be oauth, got "${auth}"`);
  if (d.clientSecret !== undefined && d.clientId === undefined) throw new UsageError('--client-secret goes with --client-id');
  if (d.clientId !== undefined && d.clientMetadataUrl !== undefined) throw new UsageError('--client-id and --client-metadata-url exclude each other (a pre-registered client, or a metadata document URL as the client id)');
  if (d.clientMetadataUrl !== undefined) {
    let u: URL | null = null;
    try {
      u = new URL(d.clientMetadataUrl);
    } catch {
      // reported below
    }
    if (!u || !/^https?:$/.test(u.protocol) || u.pathname === '/') throw new UsageError(`--client-metadata-url needs an https URL with a path (the document's address), got "${d.clientMetadataUrl}"`);
  }
  let open: OAuthOpenMode | undefined;
  if (d.open !== undefined) {
    if (!(OAUTH_OPEN_MODES as readonly string[]).includes(d.open)) throw new UsageError(`--oauth-open must be one of ${OAUTH_OPEN_MODES.join(', ')}, got "${d.open}"`);
    open = d.open as OAuthOpenMode;
  }
  let callbackPort: number | undefined;
  if (d.callbackPort !== undefined) {
    callbackPort = Number(d.callbackPort);
    if (!Number.isInteger(callbackPort) || callbackPort < 1 || callbackPort > 65535) throw new UsageError(`--callback-port needs a port from 1 to 65535, got "${d.callbackPort}"`);
  }
  return {
    type: 'oauth',
    ...(d.clientId !== undefined ? { clientId: d.clientId } : {}),
    ...(d.clientSecret !== undefined ? { clientSecret: d.clientSecret } : {}),
    ...(d.clientMetadataUrl !== undefined ? { clientMetadataUrl: d.clientMetadataUrl } : {}),
    ...(d.scope !== undefined ? { scope: d.scope } : {}),
    ...(open ? { open } : {}),
    ...(d.noTokenCache ? { tokenCache: false } : {}),
    ...(callbackPort !== undefined ? { callbackPort } : {}),
  };
}
