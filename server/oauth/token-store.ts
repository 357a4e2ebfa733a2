// Keeps OAuth client registrations and tokens per MCP server, in a 0600 file in the data directory (or in memory
// with --no-token-cache). Threat: another local user reading tokens, or tokens leaking into recordings and bundles;
// so the file is created 0600 and written by rename, and nothing here is ever recorded or exported.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { OAuthConfig } from '../../shared/oauth/auth-config.js';
import { ensurePrivateDir, writePrivateFile } from '../private-files.js';

export const TOKEN_FILE = 'oauth-tokens.json';

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
  get(serverUrl: string): ServerCredentials | undefined;
  put(creds: ServerCredentials): void;
  /** Forgets one server's client and tokens; true if there was something. */
  forget(serverUrl: string): boolean;
  list(): ServerCredentials[];
}

/** The key of a server: its URL without fragment (RFC 8707's canonical resource, near enough). */
export function serverKey(url: string): string {
  const u = new URL(url);
  u.hash = '';
  return u.href;
}

export class MemoryTokenStore implements TokenStore {
  protected entries = new Map<string, ServerCredentials>();

  get(serverUrl: string): ServerCredentials | undefined {
    return this.entries.get(serverKey(serverUrl));
  }

  put(creds: ServerCredentials): void {
    this.entries.set(serverKey(creds.serverUrl), { ...creds, serverUrl: serverKey(creds.serverUrl), updatedAt: Date.now() });
  }

  forget(serverUrl: string): boolean {
    return this.entries.delete(serverKey(serverUrl));
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
      return new Map((parsed.servers ?? []).filter((s) => typeof s?.serverUrl === 'string').map((s) => [s.serverUrl, s]));
    } catch {
      // A damaged file holds nothing usable; the next save replaces it.
      return new Map();
    }
  }

  private save(entries: Map<string, ServerCredentials>): void {
    ensurePrivateDir(dirname(this.path));
    writePrivateFile(this.path, `${JSON.stringify({ servers: [...entries.values()] }, null, 2)}\n`);
  }

  get(serverUrl: string): ServerCredentials | undefined {
    return this.load().get(serverKey(serverUrl));
  }

  put(creds: ServerCredentials): void {
    const entries = this.load();
    const key = serverKey(creds.serverUrl);
    entries.set(key, { ...creds, serverUrl: key, updatedAt: Date.now() });
    this.save(entries);
  }

  forget(serverUrl: string): boolean {
    const entries = this.load();
    const had = entries.delete(serverKey(serverUrl));
    if (had) this.save(entries);
    return had;
  }

  list(): ServerCredentials[] {
    return [...this.load().values()];
  }
}
