// The flags several commands share, declared once: the relay's (where it listens), a stdio server's and a remote
// server's; and the checks that tie a remote server's flags together.
import { defaultDataDir } from './data-dir.js';
import { isLoopback } from './loopback.js';
import { REMOTE_TRANSPORTS, type RemoteTransport } from '../../shared/remote-transports.js';
import type { ConfigChoice } from './config-target.js';
import { UsageError, list, onOff, value } from './flags.js';
import { envFile, headerFile } from './flag-files.js';
import { envPair, headerPair, idValuePair, milliseconds, oneOf, remoteUrl, wholeNumber } from './validators.js';

export { defaultDataDir, isLoopback };

export const DEFAULT_PORT = 7410;

/** Where the relay listens and keeps its data (`mcpscope` and `mcpscope open`). */
export const RELAY_FLAGS = {
  port: value('<n>', `port to listen on (default ${DEFAULT_PORT}; 0 picks a free port)`, wholeNumber(0, 65535)),
  host: value('<h>', 'address to bind (default 127.0.0.1); anything not loopback needs --allow-remote'),
  'allow-remote': onOff('allow a non-loopback --host (anyone who can reach it and has the token can spawn processes)'),
  token: value('<t>', 'the access token, 16 characters or more (default: MCPSCOPE_TOKEN, else 32 random bytes per launch)'),
  'data-dir': value('<dir>', `where sessions are recorded (default: ${defaultDataDir()})`),
  'no-open': onOff('do not open a browser'),
};

/** A stdio server's environment and directory (the command itself goes after --). */
export const STDIO_FLAGS = {
  env: list(
    '<KEY=VALUE>',
    'environment variable for the server command (repeatable; visible to other local users in ps:\nuse --env-file for secrets)',
    envPair,
  ),
  'env-file': list(
    '<file>',
    'environment variables for the server command from a file of KEY=VALUE lines\n(# comments; repeatable; --env wins over it)',
    envFile,
  ),
  cwd: value('<dir>', 'working directory for the server command'),
};

export interface EnvChoice {
  env?: [string, string][] | undefined;
  'env-file'?: [string, string][][] | undefined;
}

/** The server's environment from --env-file (in order) and --env over it; null when neither was given. */
export function envOf(v: EnvChoice): Record<string, string> | null {
  if (v.env === undefined && v['env-file'] === undefined) return null;
  return Object.fromEntries([...(v['env-file'] ?? []).flat(), ...(v.env ?? [])]);
}

/** A remote server instead of a command. */
export const REMOTE_FLAGS = {
  url: value('<url>', 'connect to a remote MCP server (http(s):// or ws(s)://)', remoteUrl),
  transport: value(
    '<t>',
    'with --url: auto (default for http URLs: 2026-07-28 HTTP for a first server/discover, else\nStreamable HTTP, falling back to legacy SSE), http, http-2026, sse, or ws (default for ws URLs)',
    oneOf(REMOTE_TRANSPORTS),
  ),
  header: list(
    "<'K: V'>",
    "with --url: an HTTP header for every request, e.g. 'Authorization: Bearer …'\n(repeatable; values are masked in everything recorded, but visible to other local users in ps:\nuse --header-file for secrets)",
    headerPair,
  ),
  'header-file': list('<file>', "with --url: HTTP headers from a file of 'Name: value' lines (# comments; repeatable;\n--header wins over it)", headerFile),
  'http-timeout': value(
    '<ms>',
    'with --url: how long each HTTP request waits for response headers before it fails\n(default: 300000 for a POST carrying a request, 30000 for the rest)',
    milliseconds(1, 3_600_000),
  ),
};

export interface HeaderChoice {
  header?: [string, string][] | undefined;
  'header-file'?: [string, string][][] | undefined;
}

export interface RemoteChoice extends HeaderChoice {
  url?: string | undefined;
  transport?: RemoteTransport | undefined;
  'http-timeout'?: number | undefined;
}

/** The headers from --header-file (in order) and --header over them; null when neither was given. */
export function headersOf(v: HeaderChoice): Record<string, string> | null {
  if (v.header === undefined && v['header-file'] === undefined) return null;
  return Object.fromEntries([...(v['header-file'] ?? []).flat(), ...(v.header ?? [])]);
}

/** Flags that only mean something with --url. */
export function remoteOnlyWithUrl(v: RemoteChoice): void {
  if (v.url === undefined && (v.transport !== undefined || headersOf(v) !== null || v['http-timeout'] !== undefined)) {
    throw new UsageError('--transport, --header, --header-file and --http-timeout go with --url');
  }
}

/** The transport for --url: as given (it must fit the URL's scheme), else ws for ws URLs and auto for http ones. */
export function transportFor(url: string, transport: RemoteTransport | undefined): RemoteTransport {
  const isWs = /^wss?:/i.test(url);
  if (transport === undefined) return isWs ? 'ws' : 'auto';
  if ((transport === 'ws') !== isWs) throw new UsageError(`--transport ${transport} does not go with a ${isWs ? 'ws' : 'http'} URL`);
  return transport;
}

/** --url and a command after -- are two answers to "which server". */
export function urlOrCommand(url: string | undefined, command: string[] | null): void {
  if (url !== undefined && command !== null && command.length > 0) throw new UsageError('--url and a command after -- exclude each other');
}

/** A server from an MCP client's config file instead of a command or a URL (server/cli/config-target.ts). */
export const CONFIG_FLAGS = {
  config: value(
    '<file>',
    'run a server from an MCP config file: Claude Desktop, Claude Code (.mcp.json), Cursor or VS Code\n(mcp.json, settings.json); ${VAR}, ${VAR:-default}, ${env:VAR} and ${input:id} are expanded',
  ),
  server: value('<name>', 'with --config: which of its servers (needed when it has more than one)'),
  input: list('<id=value>', 'with --config: the value of a VS Code ${input:id} (repeatable; asked for at a terminal otherwise)', idValuePair),
};

export interface ConfigFlags extends EnvChoice {
  config?: string | undefined;
  server?: string | undefined;
  input?: [string, string][] | undefined;
  cwd?: string | undefined;
}

/** --config and its companions, checked against the other ways of naming a server; null without --config. */
export function configChoice(v: ConfigFlags & { url?: string | undefined }, command: string[] | null): ConfigChoice | null {
  if (v.config === undefined) {
    if (v.server !== undefined || v.input !== undefined) throw new UsageError('--server and --input go with --config');
    return null;
  }
  if (v.url !== undefined) throw new UsageError('--config and --url exclude each other');
  if (command !== null && command.length > 0) throw new UsageError('--config and a command after -- exclude each other');
  return { file: v.config, server: v.server, inputs: Object.fromEntries(v.input ?? []), env: envOf(v) ?? {}, cwd: v.cwd ?? null };
}
