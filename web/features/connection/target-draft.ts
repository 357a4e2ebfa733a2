// The editable form of a target: stdio (args one per line, env as KEY=VALUE lines) or a URL with headers.
import { maskedHeaderProblem as maskedHeader } from '../../../shared/masked-header-problem.js';
import { REMOTE_TRANSPORTS, type RemoteTarget, type Target } from '../../../shared/relay-protocol.js';
import type { OAuthConfig } from '../../../shared/oauth/auth-config.js';

export type TargetTransport = Target['transport'];
export const TARGET_TRANSPORTS: readonly TargetTransport[] = ['stdio', ...REMOTE_TRANSPORTS];

export interface TargetDraft {
  transport: TargetTransport;
  command: string;
  args: string;
  env: string;
  cwd: string;
  url: string;
  /** `Name: value` per line. */
  headers: string;
  /** Carried over untouched: the form does not edit deliberate header faults. */
  overrides?: RemoteTarget['overrides'];
  /** OAuth on 401 (shared/oauth/auth-config.ts); unset or empty means off / not given. */
  oauth?: boolean;
  clientId?: string;
  clientSecret?: string;
  clientMetadataUrl?: string;
  scope?: string;
  /** browser: Authorize in the Auth tab; fetch: the relay requests the URL itself (servers that approve alone). */
  oauthOpen?: 'browser' | 'fetch';
  /** client_credentials (SEP-1046): no person; the client id with its secret or a private key (private_key_jwt). */
  grant?: NonNullable<OAuthConfig['grant']>;
  /** For client_credentials: the path of the client's PEM private key, on the relay's machine. */
  clientKeyFile?: string;
  /** Carried over untouched: OAuth options the form does not edit (set on the command line or in a profile). */
  oauthKept?: Pick<OAuthConfig, 'signingAlg' | 'tokenCache'>;
}

const EMPTY: TargetDraft = { transport: 'stdio', command: '', args: '', env: '', cwd: '', url: '', headers: '' };

function oauthDraft(auth: OAuthConfig | undefined): Partial<TargetDraft> {
  if (!auth) return {};
  const { signingAlg, tokenCache } = auth;
  const kept = { ...(signingAlg ? { signingAlg } : {}), ...(tokenCache !== undefined ? { tokenCache } : {}) };
  return {
    ...(Object.keys(kept).length ? { oauthKept: kept } : {}),
    oauth: true,
    grant: auth.grant ?? 'authorization_code',
    clientId: auth.clientId ?? '',
    clientSecret: auth.clientSecret ?? '',
    clientKeyFile: auth.clientKeyFile ?? '',
    clientMetadataUrl: auth.clientMetadataUrl ?? '',
    scope: auth.scope ?? '',
    oauthOpen: auth.open === 'fetch' ? 'fetch' : 'browser',
  };
}

/** The client credentials grant: a pre-registered client authenticating with its secret or a private key, nothing else. */
function clientCredentialsConfig(d: TargetDraft, t: (s: string | undefined) => string): OAuthConfig | { error: string } {
  if (!t(d.clientId) || (!t(d.clientSecret) && !t(d.clientKeyFile)))
    return { error: 'client credentials need a pre-registered client: its id with its secret or a private key file' };
  if (t(d.clientSecret) && t(d.clientKeyFile)) return { error: 'a client secret and a private key file exclude each other (one way to authenticate)' };
  return {
    type: 'oauth',
    grant: 'client_credentials',
    clientId: t(d.clientId),
    ...(t(d.clientSecret) ? { clientSecret: t(d.clientSecret) } : {}),
    ...(t(d.clientKeyFile) ? { clientKeyFile: t(d.clientKeyFile) } : {}),
    ...(t(d.scope) ? { scope: t(d.scope) } : {}),
    // A signing algorithm names how the key signs: it has no meaning beside a secret.
    ...(d.oauthKept?.tokenCache !== undefined ? { tokenCache: d.oauthKept.tokenCache } : {}),
    ...(t(d.clientKeyFile) && d.oauthKept?.signingAlg ? { signingAlg: d.oauthKept.signingAlg } : {}),
  };
}

function oauthConfig(d: TargetDraft): OAuthConfig | { error: string } {
  const t = (s: string | undefined) => (s ?? '').trim();
  if (d.grant === 'client_credentials') return clientCredentialsConfig(d, t);
  if (t(d.clientSecret) && !t(d.clientId)) return { error: 'an OAuth client secret goes with a client id' };
  if (t(d.clientId) && t(d.clientMetadataUrl)) return { error: 'a pre-registered client id and a client metadata document URL exclude each other' };
  if (t(d.clientMetadataUrl) && !/^https?:\/\/[^/]+\/./.test(t(d.clientMetadataUrl)))
    return { error: 'the client metadata document URL needs https:// and a path' };
  return {
    type: 'oauth',
    ...(t(d.clientId) ? { clientId: t(d.clientId) } : {}),
    ...(t(d.clientSecret) ? { clientSecret: t(d.clientSecret) } : {}),
    ...(t(d.clientMetadataUrl) ? { clientMetadataUrl: t(d.clientMetadataUrl) } : {}),
    ...(t(d.scope) ? { scope: t(d.scope) } : {}),
    ...(d.oauthOpen === 'fetch' ? { open: 'fetch' as const } : {}),
    ...d.oauthKept,
  };
}

export function draftFromTarget(target: Target): TargetDraft {
  if (target.transport !== 'stdio') {
    const headers = Object.entries(target.headers)
      .map(([k, v]) => `${k}: ${v}`)
      .join('\n');
    return { ...EMPTY, transport: target.transport, url: target.url, headers, overrides: target.overrides, ...oauthDraft(target.auth) };
  }
  return {
    ...EMPTY,
    command: target.command,
    // One per line, because arguments may contain spaces and no shell parses them.
    args: target.args.join('\n'),
    env: Object.entries(target.env)
      .map(([k, v]) => `${k}=${v}`)
      .join('\n'),
    cwd: target.cwd ?? '',
  };
}

type Parsed = { ok: true; target: Target } | { ok: false; error: string };

/** Parses `KEY<sep>VALUE` lines, skipping blanks and # comments. Env values keep their spaces; header values do not. */
function pairs(text: string, sep: string, what: 'env' | 'header'): { ok: true; map: Record<string, string> } | { ok: false; error: string } {
  const map: Record<string, string> = {};
  for (const [i, raw] of text.split('\n').entries()) {
    const line = raw.replace(/\r$/, '');
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    const at = line.indexOf(sep);
    if (at <= 0 || line.slice(0, at).trim() === '') {
      return { ok: false, error: `${what} line ${i + 1} is not ${what === 'env' ? 'KEY=VALUE' : 'Name: value'}` };
    }
    const value = line.slice(at + sep.length);
    map[line.slice(0, at).trim()] = what === 'header' ? value.trim() : value;
  }
  return { ok: true, map };
}

export function targetFromDraft(draft: TargetDraft): Parsed {
  if (draft.transport !== 'stdio') {
    const url = draft.url.trim();
    if (url === '') return { ok: false, error: 'URL is empty' };
    const wantWs = draft.transport === 'ws';
    if (!(wantWs ? /^wss?:\/\//i : /^https?:\/\//i).test(url)) {
      return { ok: false, error: `${draft.transport} needs a ${wantWs ? 'ws:// or wss://' : 'http:// or https://'} URL` };
    }
    const headers = pairs(draft.headers, ':', 'header');
    if (!headers.ok) return headers;
    const target: RemoteTarget = { transport: draft.transport, url, headers: headers.map };
    if (draft.overrides) target.overrides = draft.overrides;
    if (draft.oauth) {
      if (wantWs) return { ok: false, error: 'OAuth goes with an http(s) URL' };
      const auth = oauthConfig(draft);
      if ('error' in auth) return { ok: false, error: auth.error };
      target.auth = auth;
    }
    return { ok: true, target };
  }
  const command = draft.command.trim();
  if (command === '') return { ok: false, error: 'command is empty' };
  // A trailing newline is not an empty last argument; an empty line in the middle is.
  const args = draft.args === '' ? [] : draft.args.replace(/\n$/, '').split('\n');
  const env = pairs(draft.env, '=', 'env');
  if (!env.ok) return env;
  const target: Target = { transport: 'stdio', command, args, env: env.map };
  if (draft.cwd.trim() !== '') target.cwd = draft.cwd.trim();
  return { ok: true, target };
}

/**
 * Why a target cannot be connected as it stands, or null. The relay never sends header secrets to the page, so a
 * header copied from a session still shows its mask, which would otherwise go to the server as the value itself.
 */
export function maskedHeaderProblem(target: Target): string | null {
  return maskedHeader(target, 'type its real value in the target form to connect with it (Restart reuses the real one)');
}

/** A one-line preview for the collapsed bar. Quotes only what a reader would misread. */
export function describeTarget(target: Target): string {
  if (target.transport !== 'stdio') return `${target.transport} ${target.url}`;
  const quote = (s: string) => (/^[\w@%+=:,./-]+$/.test(s) ? s : JSON.stringify(s));
  return [target.command, ...target.args].map(quote).join(' ');
}
