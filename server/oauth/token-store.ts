// Keeps OAuth client registrations and tokens per MCP server (and per saved profile), in a 0600 file in the data directory (or in memory
// with --no-token-cache). Threat: another local user reading tokens, or tokens leaking into recordings and bundles;
// so the file is created 0600 and written by rename, and nothing here is ever recorded or exported.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { OAuthConfig } from '../../shared/oauth/auth-config.js';
import { ensurePrivateDir, writePrivateFile } from '../private-files.js';
import { withFileLock } from '../store/locked-files.js';

const TOKEN_FILE = 'oauth-tokens.json';

export interface StoredClient {
  client_id: string;
  client_secret?: string;
  token_endpoint_auth_method?: string;
  redirect_uris?: string[];
  /** How the client got its identity. */
  how: 'pre-registered' | 'metadata-document' | 'registered';
}

export interface StoredTokens {
  access_token: string;
  token_type: string;
  refresh_token?: string;
  scope?: string;
  /** Epoch ms; unset when the server gave no expires_in. */
  expiresAt?: number;
  obtainedAt: number;
}

/** Everything known about authorizing with one MCP server; client and tokens are bound to `issuer`. */
export interface ServerCredentials {
  serverUrl: string;
  /** The authorization server the client and tokens belong to; a different one never sees them. */
  issuer: string;
  /**
   * Who obtained them, as the options name it (see identityOf): another client identity for the same server (another
   * profile, another --client-id) never gets them, and starts its own flow. Unset in files from before: any.
   */
  identity?: string;
  /**
   * The saved profile they were obtained for: each profile keeps its own, even beside another profile with the same
   * server and client identity. Unset for a target typed or given on the command line (keyed by URL and identity).
   */
  profileId?: string;
  client?: StoredClient;
  tokens?: StoredTokens;
  updatedAt: number;
}

/** The client identity the OAuth options ask for: the grant and the client id, metadata document, or registration. */
export function identityOf(config: OAuthConfig): string {
  if (config.grant === 'client_credentials') return `client-credentials ${config.clientId ?? ''}`;
  if (config.clientId) return `pre-registered ${config.clientId}`;
  if (config.clientMetadataUrl) return `metadata-document ${config.clientMetadataUrl}`;
  return 'registered';
}

/** The stored credentials, when they belong to the identity `config` asks for. */
export function credentialsFor(store: TokenStore, serverUrl: string, config: OAuthConfig): ServerCredentials | undefined {
  const c = store.get(serverUrl);
  return c && (c.identity === undefined || c.identity === identityOf(config)) ? c : undefined;
}

export interface TokenStore {
  /** `profileId`: the credentials of that saved profile; without it, those of targets not from a profile. */
  get(serverUrl: string, profileId?: string): ServerCredentials | undefined;
  /** Stored under the server and `creds.profileId`. */
  put(creds: ServerCredentials): void;
  /** Forgets one server's client and tokens (a profile's, or those not from a profile); true if there was something. */
  forget(serverUrl: string, profileId?: string): boolean;
  list(): ServerCredentials[];
}

/** The key of a server: its URL without fragment (RFC 8707's canonical resource, near enough). */
function serverKey(url: string): string {
  const u = new URL(url);
  u.hash = '';
  return u.href;
}

/** Where one set of credentials sits in a store: the server, and the profile they belong to, if any. */
function entryKey(serverUrl: string, profileId: string | undefined): string {
  return profileId === undefined ? serverKey(serverUrl) : `${serverKey(serverUrl)} profile:${profileId}`;
}

/** The store as one saved profile's connections see it: only that profile's credentials, and what they store is its own. */
export function profileTokenStore(store: TokenStore, profileId: string): TokenStore {
  return {
    get: (serverUrl) => store.get(serverUrl, profileId),
    put: (creds) => store.put({ ...creds, profileId }),
    forget: (serverUrl) => store.forget(serverUrl, profileId),
    list: () => store.list().filter((c) => c.profileId === profileId),
  };
}

export class MemoryTokenStore implements TokenStore {
  protected entries = new Map<string, ServerCredentials>();

  get(serverUrl: string, profileId?: string): ServerCredentials | undefined {
    return this.entries.get(entryKey(serverUrl, profileId));
  }

  put(creds: ServerCredentials): void {
    this.entries.set(entryKey(creds.serverUrl, creds.profileId), { ...creds, serverUrl: serverKey(creds.serverUrl), updatedAt: Date.now() });
  }

  forget(serverUrl: string, profileId?: string): boolean {
    return this.entries.delete(entryKey(serverUrl, profileId));
  }

  list(): ServerCredentials[] {
    return [...this.entries.values()];
  }
}

/** Re-reads the file on every access, so a `mcpscope call` and a running relay see each other's tokens. */
export class FileTokenStore implements TokenStore {
  readonly path: string;

  constructor(dataDir: string) {
    this.path = join(dataDir, TOKEN_FILE);
  }

  private load(): Map<string, ServerCredentials> {
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch {
      return new Map();
    }
    try {
      const parsed = JSON.parse(text) as { servers?: ServerCredentials[] };
      const keyed = (parsed.servers ?? []).flatMap((s): [string, ServerCredentials][] => {
        if (typeof s?.serverUrl !== 'string') return [];
        try {
          return [[entryKey(s.serverUrl, typeof s.profileId === 'string' ? s.profileId : undefined), s]];
        } catch {
          // Not a URL: an entry nobody could ask for.
          return [];
        }
      });
      return new Map(keyed);
    } catch {
      // A damaged file holds nothing usable; the next save replaces it.
      return new Map();
    }
  }

  /**
   * Reads, changes and writes the file under its lock, so a `mcpscope call` and a relay saving tokens at once keep
   * both (each used to write back what it had read, dropping the other's). `change` returning false writes nothing.
   */
  private update(change: (entries: Map<string, ServerCredentials>) => boolean): void {
    ensurePrivateDir(dirname(this.path));
    withFileLock(this.path, () => {
      const entries = this.load();
      if (change(entries)) writePrivateFile(this.path, `${JSON.stringify({ servers: [...entries.values()] }, null, 2)}\n`);
    });
  }

  get(serverUrl: string, profileId?: string): ServerCredentials | undefined {
    return this.load().get(entryKey(serverUrl, profileId));
  }

  put(creds: ServerCredentials): void {
    this.update((entries) => {
      entries.set(entryKey(creds.serverUrl, creds.profileId), { ...creds, serverUrl: serverKey(creds.serverUrl), updatedAt: Date.now() });
      return true;
    });
  }

  forget(serverUrl: string, profileId?: string): boolean {
    let had = false;
    this.update((entries) => (had = entries.delete(entryKey(serverUrl, profileId))));
    return had;
  }

  list(): ServerCredentials[] {
    return [...this.load().values()];
  }
}
