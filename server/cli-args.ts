// Parses mcpscope's command line into options; pure, so every flag and every usage error has a unit test.
import { homedir, platform } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_PROTOCOL_VERSION, PROTOCOL_VERSIONS } from '../shared/mcp-versions.js';
import { REMOTE_TRANSPORTS, type RemoteTransport } from '../shared/relay-protocol.js';
import { DEFAULT_MAX_LINE_BYTES } from './transports/line-buffer.js';
import type { OAuthConfig } from '../shared/oauth/auth-config.js';
import { OAUTH_USAGE, oauthConfig, oauthFlag, type OAuthDraft } from './oauth/oauth-args.js';

export const DEFAULT_PORT = 7410;

export interface CliOptions {
  port: number;
  host: string;
  allowRemote: boolean;
  token: string | null;
  dataDir: string;
  open: boolean;
  demo: boolean;
  protocolVersion: string;
  maxLineBytes: number;
  env: Record<string, string>;
  cwd: string | null;
  command: string[];
  /** A remote server to connect to instead of a command. */
  url: string | null;
  transport: RemoteTransport;
  headers: Record<string, string>;
  /** --http-timeout: how long each HTTP request to --url may wait for response headers; null: the defaults. */
  httpTimeoutMs: number | null;
  /** --auth oauth and its options, for --url. */
  auth: OAuthConfig | null;
  help: boolean;
  version: boolean;
}

export class UsageError extends Error {}

export const USAGE = `Usage: mcpscope [options] [--url <url> | -- <command> [args...]]

Starts the mcpscope relay and opens the inspector in your browser. With a command after --,
the inspector connects to that stdio MCP server; with --url, to a remote server; with --demo,
to the bundled demo server.

Commands (each has its own --help):
  mcpscope call ...     send one request (or raw text, or a batch) and print what came back
  mcpscope lint <file>  lint a recorded transcript
  mcpscope open <file>  open a repro bundle in the inspector
  mcpscope replay <file> [--url <url> | -- <command>]   replay a bundle and diff the transcripts

Options:
  --port <n>            port to listen on (default ${DEFAULT_PORT}; 0 picks a free port)
  --host <h>            address to bind (default 127.0.0.1); anything not loopback needs --allow-remote
  --allow-remote        allow a non-loopback --host (anyone who can reach it and has the token can spawn processes)
  --token <t>           the access token (default: MCPSCOPE_TOKEN, else 32 random bytes per launch)
  --data-dir <dir>      where sessions are recorded (default: ${defaultDataDir()})
  --no-open             do not open a browser
  --demo                connect to the bundled demo server
  --protocol <version>  protocol version to offer in initialize (default ${DEFAULT_PROTOCOL_VERSION})
  --max-line-bytes <n>  framing cap for one message: a stdio line, an HTTP body or an SSE event (default ${DEFAULT_MAX_LINE_BYTES})
  --env <KEY=VALUE>     environment variable for the server command (repeatable)
  --cwd <dir>           working directory for the server command
  --url <url>           connect to a remote MCP server (http(s):// or ws(s)://)
  --transport <t>       auto (default for http URLs: 2026-07-28 HTTP for a first server/discover, else
                        Streamable HTTP, falling back to legacy SSE), http, http-2026, sse, or ws (default for ws URLs)
  --header 'K: V'       an HTTP header for every request to --url, e.g. 'Authorization: Bearer …'
                        (repeatable; values are masked in the log and never recorded)
  --http-timeout <ms>   how long each HTTP request to --url waits for response headers before it fails
                        (default: 300000 for a POST carrying a request, 30000 for the rest)
${OAUTH_USAGE}
                        (in the inspector, browser means: Authorize in the Auth tab opens it; the redirect URI
                        is this relay's own http://127.0.0.1:<port>/oauth/callback)
  -h, --help            show this help
  -v, --version         print the version`;

export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  const home = homedir();
  if (platform() === 'win32') return join(env.LOCALAPPDATA ?? join(home, 'AppData', 'Local'), 'mcpscope');
  if (platform() === 'darwin') return join(home, 'Library', 'Application Support', 'mcpscope');
  return join(env.XDG_DATA_HOME || join(home, '.local', 'share'), 'mcpscope');
}

export function isLoopback(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h);
}

function int(flag: string, v: string, min: number, max: number): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max) throw new UsageError(`${flag} needs a whole number from ${min} to ${max}, got "${v}"`);
  return n;
}

export function parseCliArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): CliOptions {
  const o: CliOptions = {
    port: DEFAULT_PORT,
    host: '127.0.0.1',
    allowRemote: false,
    token: env.MCPSCOPE_TOKEN || null,
    dataDir: defaultDataDir(env),
    open: true,
    demo: false,
    protocolVersion: DEFAULT_PROTOCOL_VERSION,
    maxLineBytes: DEFAULT_MAX_LINE_BYTES,
    env: {},
    cwd: null,
    command: [],
    url: null,
    transport: 'auto',
    headers: {},
    httpTimeoutMs: null,
    auth: null,
    help: false,
    version: false,
  };
  let transport: string | null = null;
  const oauth: OAuthDraft = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') {
      o.command = argv.slice(i + 1);
      break;
    }
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = (): string => {
      if (inline !== undefined) return inline;
      const v = argv[++i];
      if (v === undefined) throw new UsageError(`${flag} needs a value`);
      return v;
    };
    switch (flag) {
      case '--port': o.port = int(flag, value(), 0, 65535); break;
      case '--host': o.host = value(); break;
      case '--allow-remote': o.allowRemote = true; break;
      case '--token': o.token = value(); break;
      case '--data-dir': o.dataDir = value(); break;
      case '--no-open': o.open = false; break;
      case '--demo': o.demo = true; break;
      case '--protocol': {
        const v = value();
        if (!(PROTOCOL_VERSIONS as readonly string[]).includes(v)) throw new UsageError(`--protocol must be one of ${PROTOCOL_VERSIONS.join(', ')}`);
        o.protocolVersion = v;
        break;
      }
      case '--max-line-bytes': o.maxLineBytes = int(flag, value(), 1024, 2 ** 31 - 1); break;
      case '--env': {
        const v = value();
        const eq = v.indexOf('=');
        if (eq < 1) throw new UsageError(`--env needs KEY=VALUE, got "${v}"`);
        o.env[v.slice(0, eq)] = v.slice(eq + 1);
        break;
      }
      case '--cwd': o.cwd = value(); break;
      case '--url': o.url = remoteUrl(value()); break;
      case '--transport': transport = value(); break;
      case '--header': {
        const [name, v] = header(value());
        o.headers[name] = v;
        break;
      }
      case '--http-timeout': o.httpTimeoutMs = httpTimeout(value()); break;
      case '-h': case '--help': o.help = true; break;
      case '-v': case '--version': o.version = true; break;
      default:
        if (oauthFlag(oauth, flag, value)) break;
        throw new UsageError(`unknown option ${arg}${arg.startsWith('-') ? '' : ' (put the server command after --)'}`);
    }
  }
  if (!o.allowRemote && !isLoopback(o.host)) throw new UsageError(`--host ${o.host} is not a loopback address; add --allow-remote if you really mean it`);
  if (o.token !== null && o.token.length < 16) throw new UsageError('--token must be at least 16 characters');
  if (o.demo && o.command.length > 0) throw new UsageError('--demo and a command after -- exclude each other');
  remoteChecks(o, transport);
  o.auth = oauthConfig(oauth);
  if (o.auth && !o.url) throw new UsageError('--auth and the OAuth options go with --url');
  if (o.auth?.callbackPort !== undefined) throw new UsageError('--callback-port is for mcpscope call: the inspector\'s redirect URI is its own port (--port)');
  if (o.auth && o.transport === 'ws') throw new UsageError('--auth oauth goes with an http(s) URL (MCP authorization is defined for HTTP transports)');
  return o;
}

export function remoteUrl(v: string): string {
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    throw new UsageError(`--url needs an absolute URL such as http://127.0.0.1:3001/mcp, got "${v}"`);
  }
  if (!/^(https?|wss?):$/.test(u.protocol)) throw new UsageError(`--url must be http://, https://, ws:// or wss://, got ${u.protocol}`);
  return u.href;
}

export function header(v: string): [string, string] {
  const colon = v.indexOf(':');
  const name = colon === -1 ? '' : v.slice(0, colon).trim();
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) throw new UsageError(`--header needs 'Name: value', got "${v}"`);
  return [name, v.slice(colon + 1).trim()];
}

/** --http-timeout's value, shared with `mcpscope call`: 1 ms to an hour. */
export function httpTimeout(v: string): number {
  return int('--http-timeout', v, 1, 3_600_000);
}

function remoteChecks(o: CliOptions, transport: string | null): void {
  if (!o.url) {
    if (transport !== null || Object.keys(o.headers).length > 0 || o.httpTimeoutMs !== null) throw new UsageError('--transport, --header and --http-timeout go with --url');
    return;
  }
  if (o.command.length > 0) throw new UsageError('--url and a command after -- exclude each other');
  if (o.demo) throw new UsageError('--url and --demo exclude each other');
  const isWs = /^wss?:/.test(o.url);
  if (transport === null) {
    o.transport = isWs ? 'ws' : 'auto';
    return;
  }
  if (!(REMOTE_TRANSPORTS as readonly string[]).includes(transport)) throw new UsageError(`--transport must be one of ${REMOTE_TRANSPORTS.join(', ')}`);
  if ((transport === 'ws') !== isWs) throw new UsageError(`--transport ${transport} does not go with a ${isWs ? 'ws' : 'http'} URL`);
  o.transport = transport as RemoteTransport;
}
