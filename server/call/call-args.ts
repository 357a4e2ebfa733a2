// Parses `mcpscope call` arguments into options; pure, so every flag and usage error can be checked without a server.
import { DEFAULT_PROTOCOL_VERSION } from '../../shared/mcp-versions.js';
// fault-presets, not the index: the index loads the verdict functions and the probe result's schema (zod).
import { FAULT_PRESETS, faultPreset } from '../../shared/fault-lab/fault-presets.js';
import { parseJson } from '../../shared/jsonrpc.js';
import type { Target } from '../../shared/relay-protocol.js';
import type { Era } from '../../shared/engine/index.js';
import {
  CONFIG_FLAGS,
  REMOTE_FLAGS,
  STDIO_FLAGS,
  configChoice,
  defaultDataDir,
  envOf,
  headersOf,
  remoteOnlyWithUrl,
  transportFor,
  urlOrCommand,
} from '../cli/common-flags.js';
import type { ConfigChoice } from '../cli/config-target.js';
import { UsageError, onOff, parseFlags, value, type FlagValues } from '../cli/flags.js';
import { listOf, milliseconds, nonEmpty, oneOf } from '../cli/validators.js';
// answer-kinds, not the index or answers-file: those load the answers' JSON Schema validator and zod, which a call
// without --answers never uses.
import { ANSWER_CAPABILITIES, type AnswerCapability } from '../../shared/answers/answer-kinds.js';
import { MIN_HANDSHAKE_TIMEOUT_MS } from './call-handshake.js';
import { COLLECT_MS } from './collect-replies.js';
import { OAUTH_FLAGS, oauthConfig } from '../cli/oauth-args.js';
import { REQUEST_TIMEOUT_MS } from './run-request.js';
import { TRACE_FLAGS, otlpChoice, type OtlpChoice } from '../cli/trace-flags.js';

type CallMode =
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
  /** Write the call's transcript as a repro bundle to this file (--bundle). */
  bundle: string | null;
  /** The answers file for the server's requests (--answers); null: every server request gets -32601. */
  answers: string | null;
  /** The client capabilities to declare (--capabilities); null: the answers file's (or none). */
  capabilities: AnswerCapability[] | null;
  /** --trace: mcpscope's own requests carry W3C trace context. */
  trace: boolean;
  /** --otlp / --otlp-file: where the call's spans go when it ends. */
  export: OtlpChoice;
}

const ERAS = ['legacy', 'modern', 'auto'] as const;

export const CALL_FLAGS = {
  method: value('<m>', 'the request to send; its result is printed as JSON on stdout'),
  params: value("'<json>'", 'its params, any JSON, sent as given'),
  raw: value(
    "'<text>'",
    'send this exact text as one frame (even if not JSON) and print what came back as JSON lines;\nframes that do not answer it (the server\'s own traffic) are marked "unsolicited": true',
  ),
  batch: value('<file.json>', 'send the JSON array in the file as one frame; print each element with its reply or "missing"'),
  fault: value(
    '<preset>',
    'send one fault-lab preset (invalid-json, null-id, http-accept-missing…) and print its verdict as\nJSON; a comma-separated list or "all" runs several, one JSON line each (HTTP presets need\n--url); exit 0 as the spec says, 1 deviates, 3 no reply (the worst of them for a list)',
  ),
  'no-handshake': onOff('send before (instead of after) initialize'),
  'no-list': onOff(
    "with --method tools/call: skip the tools/list (every page) sent first, which gives the linter\nthe tool's inputSchema/outputSchema and a 2026-07-28 HTTP transport its Mcp-Param-* headers",
  ),
  protocol: value(
    '<version>',
    `the version to offer, sent as given (default ${DEFAULT_PROTOCOL_VERSION}; 2026-07-28 picks the modern era)`,
    nonEmpty('a version such as 2025-11-25'),
  ),
  era: value('<e>', 'legacy (initialize), modern (server/discover + _meta) or auto (probe, fall back)', oneOf(ERAS)),
  'strict-version': onOff('stop (exit 2) when the server answers a version that was not offered or is unknown'),
  timeout: value(
    '<ms>',
    `how long to wait for the reply (default ${REQUEST_TIMEOUT_MS}; --raw and --batch collect\nfor ${COLLECT_MS}); the handshake always gets at least ${MIN_HANDSHAKE_TIMEOUT_MS / 1000} s`,
    milliseconds(1),
  ),
  answers: value(
    '<file.json>',
    "answer the server's sampling, elicitation and roots requests from this file (see docs/command-line.md);\nelicitation values get the requested schema's defaults and are checked against it",
  ),
  capabilities: value(
    '<list>',
    `the client capabilities to declare, comma-separated (${ANSWER_CAPABILITIES.join(', ')}); default: the\nanswers file's; a declared kind with no scripted answer is refused, declined or an empty list`,
    listOf(ANSWER_CAPABILITIES),
  ),
  progress: onOff('ask for progress, print it on stderr, and let it extend the timeout'),
  lint: onOff('lint every frame of the call; findings go to stderr as JSON lines'),
  strict: onOff(
    'with --lint (implies it): exit 4 when a finding is a warning or an error (info never fails),\nin place of 0, 1 or 3 (an unanswered request is itself a finding); a usage or transport error stays 2',
  ),
  ...REMOTE_FLAGS,
  ...OAUTH_FLAGS,
  'data-dir': value('<dir>', `where OAuth tokens are cached and a stdio run is noted for cleanup (default: ${defaultDataDir()})`),
  ...STDIO_FLAGS,
  ...CONFIG_FLAGS,
  bundle: value('<file>', "also write the call's transcript as a repro bundle (for mcpscope replay or open)"),
  ...TRACE_FLAGS,
};

/** The command line as parsed: the target is null when --config names it (the file is read by the caller). */
export type ParsedCallArgs = Omit<CallOptions, 'target'> & { target: Target | null; config: ConfigChoice | null };

/** Ask `wantsHelp(argv, CALL_FLAGS)` first: with -h this would report what is missing instead. */
export function parseCallArgs(argv: string[]): ParsedCallArgs {
  const p = parseFlags(argv, CALL_FLAGS, { positionalHint: 'put the server command after --' });
  const v = p.values;
  const o: Omit<CallOptions, 'mode' | 'target'> = {
    protocolVersion: v.protocol ?? DEFAULT_PROTOCOL_VERSION,
    era: v.era,
    timeoutMs: v.timeout ?? null,
    handshake: v['no-handshake'] !== true,
    strictVersion: v['strict-version'] === true,
    progress: v.progress === true,
    lint: v.lint === true || v.strict === true,
    strict: v.strict === true,
    listFirst: v['no-list'] !== true,
    dataDir: v['data-dir'] ?? null,
    bundle: v.bundle ?? null,
    answers: v.answers ?? null,
    capabilities: v.capabilities ?? null,
    trace: v.trace === true,
    export: otlpChoice(v),
  };
  const config = configChoice(v, p.command);
  if (config && oauthConfig(v)) throw new UsageError('--auth and the OAuth options go with --url');
  return { ...o, mode: modeOf(v), target: config ? null : targetOf(v, p.command), config };
}

type Values = FlagValues<typeof CALL_FLAGS>;

function modeOf(v: Values): CallMode {
  const given = (['method', 'raw', 'batch', 'fault'] as const).filter((k) => v[k] !== undefined).map((k) => `--${k}`);
  if (given.length !== 1)
    throw new UsageError(
      given.length === 0
        ? 'say what to send: --method <m>, --raw <text>, --batch <file.json> or --fault <preset>'
        : `${given.join(' and ')} exclude each other`,
    );
  if (v.params !== undefined && v.method === undefined) throw new UsageError('--params goes with --method');
  if (v.raw !== undefined) return { kind: 'raw', text: v.raw };
  if (v.batch !== undefined) return { kind: 'batch', file: v.batch };
  if (v.fault !== undefined) {
    const ids = v.fault === 'all' ? FAULT_PRESETS.map((p) => p.id) : v.fault.split(',').map((s) => s.trim());
    const bad = ids.find((id) => !faultPreset(id));
    if (bad !== undefined)
      throw new UsageError(`--fault must be "all" or one or more (comma-separated) of ${FAULT_PRESETS.map((p) => p.id).join(', ')}, got "${bad}"`);
    return { kind: 'fault', presetIds: v.fault === 'all' ? ['all'] : ids };
  }
  if (v.method === '') throw new UsageError('--method needs a method name');
  let params: unknown;
  if (v.params !== undefined) {
    const parsed = parseJson(v.params);
    // Any JSON is sent as given (a string or a number too): the server's reaction to odd params is worth seeing.
    if (!parsed.ok) throw new UsageError(`--params is not JSON: ${parsed.error.message} (use --raw to send text that is not JSON)`);
    params = parsed.value;
  }
  return { kind: 'method', method: v.method!, params };
}

/** The server a command names: --url (with its remote and OAuth flags) or the command after -- (with --env, --cwd). */
export function targetOf(
  v: Pick<Values, 'url' | 'env' | 'env-file' | 'cwd' | 'http-timeout' | 'transport' | 'header' | 'header-file' | keyof typeof OAUTH_FLAGS>,
  command: string[] | null,
): Target {
  urlOrCommand(v.url, command);
  remoteOnlyWithUrl(v);
  if (v.url !== undefined) {
    if (envOf(v) !== null || v.cwd !== undefined) throw new UsageError('--env, --env-file and --cwd go with a command after --, not with --url');
    const timeout = v['http-timeout'];
    const transport = transportFor(v.url, v.transport);
    const auth = oauthConfig(v);
    if (auth && transport === 'ws') throw new UsageError('--auth oauth goes with an http(s) URL (MCP authorization is defined for HTTP transports)');
    return { transport, url: v.url, headers: headersOf(v) ?? {}, ...(timeout === undefined ? {} : { timeoutMs: timeout }), ...(auth ? { auth } : {}) };
  }
  if (oauthConfig(v)) throw new UsageError('--auth and the OAuth options go with --url');
  const [cmd, ...args] = command ?? [];
  if (!cmd) throw new UsageError('say which server: --url <url>, --config <file> [--server <name>], or the command after --, e.g. -- node server.js');
  return { transport: 'stdio', command: cmd, args, env: envOf(v) ?? {}, ...(v.cwd === undefined ? {} : { cwd: v.cwd }) };
}
