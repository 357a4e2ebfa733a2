// Parses `mcpscope call` arguments into options; pure, so every flag and usage error can be checked without a server.
import { DEFAULT_PROTOCOL_VERSION } from '../../shared/mcp-versions.js';
import { FAULT_PRESETS, faultPreset } from '../../shared/fault-lab/index.js';
import { parseJson } from '../../shared/jsonrpc.js';
import { REMOTE_TRANSPORTS, type RemoteTransport, type Target } from '../../shared/relay-protocol.js';
import type { Era } from '../../shared/engine/index.js';
import { UsageError, header, httpTimeout, remoteUrl } from '../cli-args.js';
import { oauthConfig, oauthFlag, type OAuthDraft } from '../oauth/oauth-args.js';

export type CallMode =
  | { kind: 'method'; method: string; params: unknown }
  | { kind: 'raw'; text: string }
  | { kind: 'batch'; file: string }
  /** One preset, a list, or every preset that applies to the target ("all"). */
  | { kind: 'fault'; presetIds: string[] };

export interface CallOptions {
  mode: CallMode;
  target: Target;
  protocolVersion: string;
  era: Era | undefined;
  /** null: the mode's default (a request waits 30 s; --raw and --batch collect replies for 3 s). */
  timeoutMs: number | null;
  handshake: boolean;
  strictVersion: boolean;
  progress: boolean;
  lint: boolean;
  strict: boolean;
  /** tools/call: send a tools/list first for the tool's schemas (--no-list turns it off). */
  listFirst: boolean;
  /** Where OAuth tokens are cached (--data-dir); null: the default data directory. */
  dataDir: string | null;
}

const ERAS = ['legacy', 'modern', 'auto'] as const;

interface Draft {
  method?: string;
  params?: string;
  raw?: string;
  batch?: string;
  fault?: string;
  url?: string;
  transport?: string;
  headers: Record<string, string>;
  httpTimeoutMs?: number;
  env: Record<string, string>;
  cwd?: string;
  command: string[];
  oauth: OAuthDraft;
}

/** True when -h or --help comes before any `--` (after it, they belong to the server command). */
export function wantsHelp(argv: string[]): boolean {
  const end = argv.indexOf('--');
  return (end === -1 ? argv : argv.slice(0, end)).some((a) => a === '-h' || a === '--help');
}

export function parseCallArgs(argv: string[]): CallOptions {
  const d: Draft = { headers: {}, env: {}, command: [], oauth: {} };
  const o: Omit<CallOptions, 'mode' | 'target'> = { protocolVersion: DEFAULT_PROTOCOL_VERSION, era: undefined, timeoutMs: null, handshake: true, strictVersion: false, progress: false, lint: false, strict: false, listFirst: true, dataDir: null };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') {
      d.command = argv.slice(i + 1);
      break;
    }
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const flag = eq === -1 ? arg : arg.slice(0, eq);
    const value = (): string => {
      if (eq !== -1) return arg.slice(eq + 1);
      const v = argv[++i];
      if (v === undefined) throw new UsageError(`${flag} needs a value`);
      return v;
    };
    switch (flag) {
      case '--method': d.method = value(); break;
      case '--params': d.params = value(); break;
      case '--raw': d.raw = value(); break;
      case '--batch': d.batch = value(); break;
      case '--fault': d.fault = value(); break;
      case '--protocol': o.protocolVersion = value(); break;
      case '--era': o.era = oneOf(flag, value(), ERAS); break;
      case '--timeout': o.timeoutMs = positiveInt(flag, value()); break;
      case '--url': d.url = remoteUrl(value()); break;
      case '--transport': d.transport = value(); break;
      case '--header': {
        const [name, v] = header(value());
        d.headers[name] = v;
        break;
      }
      case '--env': {
        const v = value();
        const at = v.indexOf('=');
        if (at < 1) throw new UsageError(`--env needs KEY=VALUE, got "${v}"`);
        d.env[v.slice(0, at)] = v.slice(at + 1);
        break;
      }
      case '--http-timeout': d.httpTimeoutMs = httpTimeout(value()); break;
      case '--cwd': d.cwd = value(); break;
      case '--no-handshake': o.handshake = false; break;
      case '--no-list': o.listFirst = false; break;
      case '--strict-version': o.strictVersion = true; break;
      case '--progress': o.progress = true; break;
      case '--lint': o.lint = true; break;
      case '--strict': o.strict = o.lint = true; break;
      case '--data-dir': o.dataDir = value(); break;
      default:
        if (oauthFlag(d.oauth, flag, value)) break;
        throw new UsageError(`unknown option ${arg}${arg.startsWith('-') ? '' : ' (put the server command after --)'}`);
    }
  }
  if (o.protocolVersion.trim() === '') throw new UsageError('--protocol needs a version such as 2025-11-25');
  return { ...o, mode: modeOf(d), target: targetOf(d) };
}

function modeOf(d: Draft): CallMode {
  const given = [d.method !== undefined && '--method', d.raw !== undefined && '--raw', d.batch !== undefined && '--batch', d.fault !== undefined && '--fault'].filter(Boolean);
  if (given.length !== 1) throw new UsageError(given.length === 0 ? 'say what to send: --method <m>, --raw <text>, --batch <file.json> or --fault <preset>' : `${given.join(' and ')} exclude each other`);
  if (d.params !== undefined && d.method === undefined) throw new UsageError('--params goes with --method');
  if (d.raw !== undefined) return { kind: 'raw', text: d.raw };
  if (d.batch !== undefined) return { kind: 'batch', file: d.batch };
  if (d.fault !== undefined) {
    const ids = d.fault === 'all' ? FAULT_PRESETS.map((p) => p.id) : d.fault.split(',').map((s) => s.trim());
    const bad = ids.find((id) => !faultPreset(id));
    if (bad !== undefined) throw new UsageError(`--fault must be "all" or one or more (comma-separated) of ${FAULT_PRESETS.map((p) => p.id).join(', ')}, got "${bad}"`);
    return { kind: 'fault', presetIds: d.fault === 'all' ? ['all'] : ids };
  }
  if (d.method === '') throw new UsageError('--method needs a method name');
  let params: unknown;
  if (d.params !== undefined) {
    const parsed = parseJson(d.params);
    // Any JSON is sent as given (a string or a number too): the server's reaction to odd params is worth seeing.
    if (!parsed.ok) throw new UsageError(`--params is not JSON: ${parsed.error.message} (use --raw to send text that is not JSON)`);
    params = parsed.value;
  }
  return { kind: 'method', method: d.method!, params };
}

function targetOf(d: Draft): Target {
  if (d.url !== undefined) {
    if (d.command.length > 0) throw new UsageError('--url and a command after -- exclude each other');
    if (Object.keys(d.env).length > 0 || d.cwd !== undefined) throw new UsageError('--env and --cwd go with a command after --, not with --url');
    const isWs = /^wss?:/.test(d.url);
    const transport = d.transport === undefined ? (isWs ? 'ws' : 'auto') : oneOf('--transport', d.transport, REMOTE_TRANSPORTS);
    if ((transport === 'ws') !== isWs) throw new UsageError(`--transport ${transport} does not go with a ${isWs ? 'ws' : 'http'} URL`);
    const auth = oauthConfig(d.oauth);
    if (auth && transport === 'ws') throw new UsageError('--auth oauth goes with an http(s) URL (MCP authorization is defined for HTTP transports)');
    return { transport: transport as RemoteTransport, url: d.url, headers: d.headers, ...(d.httpTimeoutMs === undefined ? {} : { timeoutMs: d.httpTimeoutMs }), ...(auth ? { auth } : {}) };
  }
  if (d.transport !== undefined || Object.keys(d.headers).length > 0 || d.httpTimeoutMs !== undefined) throw new UsageError('--transport, --header and --http-timeout go with --url');
  if (oauthConfig(d.oauth)) throw new UsageError('--auth and the OAuth options go with --url');
  const [command, ...args] = d.command;
  if (!command) throw new UsageError('say which server: --url <url>, or the command after --, e.g. -- node server.js');
  return { transport: 'stdio', command, args, env: d.env, ...(d.cwd === undefined ? {} : { cwd: d.cwd }) };
}

function oneOf<T extends string>(flag: string, v: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(v)) throw new UsageError(`${flag} must be one of ${allowed.join(', ')}, got "${v}"`);
  return v as T;
}

function positiveInt(flag: string, v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > 2 ** 31 - 1) throw new UsageError(`${flag} needs a whole number of milliseconds, got "${v}"`);
  return n;
}
