// Parses mcpscope's own command line (the inspector) into options; pure, so every flag and usage error has a unit test.
import { DEFAULT_PROTOCOL_VERSION } from '../../shared/mcp-versions.js';
import type { RemoteTransport } from '../../shared/relay-protocol.js';
import {
  CONFIG_FLAGS,
  DEFAULT_PORT,
  RELAY_FLAGS,
  configChoice,
  defaultDataDir,
  envOf,
  headersOf,
  isLoopback,
  REMOTE_FLAGS,
  STDIO_FLAGS,
  remoteOnlyWithUrl,
  transportFor,
  urlOrCommand,
} from './common-flags.js';
import type { ConfigChoice } from './config-target.js';
import { UsageError, flagHelp, onOff, parseFlags, value, type FlagValues } from './flags.js';
import { knownProtocol, wholeNumber } from './validators.js';
import { DEFAULT_MAX_LINE_BYTES } from '../transports/line-buffer.js';
import type { OAuthConfig } from '../../shared/oauth/auth-config.js';
import { OAUTH_FLAGS, oauthConfig } from './oauth-args.js';
import { OTLP_FLAGS, otlpChoice, type OtlpChoice } from './trace-flags.js';

export { DEFAULT_PORT, UsageError, defaultDataDir, isLoopback };

/** What the relay itself needs to start: shared by `mcpscope` and `mcpscope open`. */
export interface RelayOptions {
  port: number;
  host: string;
  allowRemote: boolean;
  token: string | null;
  dataDir: string;
  open: boolean;
  protocolVersion: string;
  maxLineBytes: number;
  /** --trace: the page's own requests carry W3C trace context from the start. */
  trace: boolean;
  /** --otlp / --otlp-file: each session goes out as OpenTelemetry spans when it ends. */
  export?: OtlpChoice;
}

export interface CliOptions extends RelayOptions {
  demo: boolean;
  env: Record<string, string>;
  cwd: string | null;
  command: string[];
  /** A remote server to connect to instead of a command. */
  url: string | null;
  /** --config <file> [--server <name>]: the server an MCP config file describes, instead of a command or a URL. */
  config: ConfigChoice | null;
  transport: RemoteTransport;
  headers: Record<string, string>;
  /** --http-timeout: how long each HTTP request to --url may wait for response headers; null: the defaults. */
  httpTimeoutMs: number | null;
  /** --auth oauth and its options, for --url (in the inspector, Authorize in the Auth tab opens the URL). */
  auth: OAuthConfig | null;
  help: boolean;
  version: boolean;
}

export const INSPECTOR_FLAGS = {
  ...RELAY_FLAGS,
  demo: onOff('connect to the bundled demo server'),
  protocol: value('<version>', `protocol version to offer in initialize (default ${DEFAULT_PROTOCOL_VERSION})`, knownProtocol),
  'max-line-bytes': value(
    '<n>',
    `framing cap for one message: a stdio line, an HTTP body or an SSE event (default ${DEFAULT_MAX_LINE_BYTES})`,
    wholeNumber(1024, 2 ** 31 - 1),
  ),
  ...STDIO_FLAGS,
  ...REMOTE_FLAGS,
  ...OAUTH_FLAGS,
  ...CONFIG_FLAGS,
  trace: onOff(
    "the page's own requests carry W3C trace context (traceparent, baggage) from the start; the connection bar's\ntrace toggle turns it on or off per session (off by default)",
  ),
  ...OTLP_FLAGS,
  version: onOff('print the version', 'v'),
};

export const USAGE = `Usage: mcpscope [options] [--url <url> | --config <file> [--server <name>] | -- <command> [args...]]

Starts the mcpscope relay and opens the inspector in your browser. With a command after --,
the inspector connects to that stdio MCP server; with --url, to a remote server; with --config,
to a server of an MCP client's config file; with --demo, to the bundled demo server.

Commands (each has its own --help; mcpscope help <command> says the same):
  mcpscope call ...     send one request (or raw text, or a batch) and print what came back
  mcpscope check ...    grade a server check by check (pass, fail, warn, skip), for people and CI
  mcpscope run <collection.json> ...   run saved calls with assertions (exit 0 passed, 1 failed)
  mcpscope chat ...     let a model (OpenAI-compatible or Anthropic) drive the server's tools; print the transcript
  mcpscope fuzz ...     search a server for the inputs that break it; keep each, shrunk, as a repro bundle
  mcpscope lint <file>  lint a recorded transcript
  mcpscope open <file>  open a repro bundle (or a shared .html) in the inspector
  mcpscope replay <file> [--url <url> | -- <command>]   replay a bundle and diff the transcripts
  mcpscope export <session | file> --html   one HTML file that opens anywhere, offline: the session, read-only
  mcpscope tap -- <command>   sit between a host and its stdio server: pass every byte, record every frame
  mcpscope wrap <config> --all   make a host's MCP config run its servers through tap (--undo restores it)
  mcpscope export <session | bundle> --otlp <url> | --otlp-file <file>   write a session as OpenTelemetry spans
  mcpscope help [command]

Options:
${flagHelp(INSPECTOR_FLAGS)}`;

/** The relay's options from parsed relay flags, with their defaults and (unless only shown) the checks that keep it safe. */
export function relayOptions(v: FlagValues<typeof INSPECTOR_FLAGS>, env: NodeJS.ProcessEnv, check = true): RelayOptions {
  const o: RelayOptions = {
    port: v.port ?? DEFAULT_PORT,
    host: v.host ?? '127.0.0.1',
    allowRemote: v['allow-remote'] === true,
    token: v.token ?? (env.MCPSCOPE_TOKEN || null),
    dataDir: v['data-dir'] ?? defaultDataDir(env),
    open: v['no-open'] !== true,
    protocolVersion: v.protocol ?? DEFAULT_PROTOCOL_VERSION,
    maxLineBytes: v['max-line-bytes'] ?? DEFAULT_MAX_LINE_BYTES,
    trace: v.trace === true,
    export: otlpChoice(v),
  };
  if (!check) return o;
  if (!o.allowRemote && !isLoopback(o.host)) throw new UsageError(`--host ${o.host} is not a loopback address; add --allow-remote if you really mean it`);
  if (o.token !== null && o.token.length < 16) throw new UsageError('--token must be at least 16 characters');
  return o;
}

export function parseCliArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): CliOptions {
  const { values: v, command, help } = parseFlags(argv, INSPECTOR_FLAGS, { positionalHint: 'put the server command after --' });
  const rest = {
    demo: false,
    env: {},
    cwd: null,
    command: [],
    url: null,
    config: null,
    transport: 'auto' as const,
    headers: {},
    httpTimeoutMs: null,
    auth: null,
  };
  if (help || v.version) return { ...relayOptions({}, env, false), ...rest, help, version: !help };
  const cmd = command ?? [];
  if (v.demo && cmd.length > 0) throw new UsageError('--demo and a command after -- exclude each other');
  remoteOnlyWithUrl(v);
  urlOrCommand(v.url, command);
  if (v.url !== undefined && v.demo) throw new UsageError('--url and --demo exclude each other');
  const config = configChoice(v, command);
  if (config && v.demo) throw new UsageError('--config and --demo exclude each other');
  const auth = oauthConfig(v);
  if (auth && v.url === undefined) throw new UsageError('--auth and the OAuth options go with --url');
  if (auth?.callbackPort !== undefined) throw new UsageError("--callback-port is for mcpscope call: the inspector's redirect URI is its own port (--port)");
  const transport = v.url === undefined ? 'auto' : transportFor(v.url, v.transport);
  if (auth && transport === 'ws') throw new UsageError('--auth oauth goes with an http(s) URL (MCP authorization is defined for HTTP transports)');
  return {
    ...relayOptions(v, env),
    demo: v.demo === true,
    env: envOf(v) ?? {},
    cwd: v.cwd ?? null,
    command: cmd,
    url: v.url ?? null,
    config,
    transport,
    headers: headersOf(v) ?? {},
    httpTimeoutMs: v['http-timeout'] ?? null,
    auth,
    help: false,
    version: false,
  };
}
