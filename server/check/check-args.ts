// Parses `mcpscope check` arguments into options; pure, so every flag and usage error can be checked without a server.
import { TRACE_FLAGS, otlpChoice, type OtlpChoice } from '../cli/trace-flags.js';
import { CHECKS } from '../../shared/check/index.js';
import type { Era } from '../../shared/engine/index.js';
import { DEFAULT_PROTOCOL_VERSION } from '../../shared/mcp-versions.js';
import type { Target } from '../../shared/relay-protocol.js';
import { targetOf } from '../call/call-args.js';
import { CONFIG_FLAGS, REMOTE_FLAGS, STDIO_FLAGS, configChoice } from '../cli/common-flags.js';
import type { ConfigChoice } from '../cli/config-target.js';
import { UsageError, onOff, parseFlags, value } from '../cli/flags.js';
import { milliseconds, nonEmpty, oneOf, wholeNumber } from '../cli/validators.js';
import { defaultDataDir } from '../cli/data-dir.js';
import { COLOUR_FLAGS, type ColourChoice } from '../cli/colour.js';
import { OAUTH_FLAGS, oauthConfig } from '../cli/oauth-args.js';

const CHECK_TIMEOUT_MS = 10_000;
const ERAS = ['legacy', 'modern', 'auto'] as const;
const FAIL_ON = ['fail', 'warn'] as const;

/** `--markdown` names a file (or `-`): a flag taken as its value (`--markdown --junit x`, the old switch) is refused. */
const markdownFile = (v: string, flag: string): string => {
  if (v.startsWith('-') && v !== '-') throw new UsageError(`${flag} takes a file to write the job summary to (or - for stdout), got "${v}"`);
  return v;
};

export const CHECK_FLAGS = {
  'allow-tools': value(
    '<names|all>',
    'also call these tools (comma-separated), or every tool ("all"); by default only tools\nannotated readOnlyHint: true are called, and never one annotated destructiveHint: true unless named',
  ),
  only: value('<ids>', 'run only these checks or groups, comma-separated (lifecycle, tools, http/origin-403…)'),
  'no-robustness': onOff("skip the fault lab's presets (they run on a scratch connection of their own)"),
  lanes: value(
    '<n>',
    "run the fault lab's presets on n connections side by side (default 1): faster, as most presets\nwait out a 2 s window, but each connection starts its own server process (or HTTP session), so a\nserver that cannot run twice at once (a lock, a port) would fail for mcpscope's sake",
    wholeNumber(1, 8),
  ),
  answers: value(
    '<file.json>',
    "answer the server's sampling, elicitation and roots requests on every connection from this file (the\nformat of call --answers), declaring those capabilities, so tools that sample or elicit are graded",
  ),
  json: onOff('print the report as JSON on stdout instead of the summary'),
  markdown: value(
    '<file>',
    'also write a job summary in Markdown to this file (the verdict, the counts, the failures and\nwarnings with their spec sentence, the baseline delta), e.g. "$GITHUB_STEP_SUMMARY"; - prints it on\nstdout instead of the summary',
    markdownFile,
  ),
  junit: value('<file>', 'also write the results as JUnit XML to this file, for CI'),
  baseline: value(
    '<file>',
    'accepted failures and warnings (check id → status and reason): a known one does not fail the\nrun, a new one does, and one that passes now is reported as fixed',
  ),
  'update-baseline': onOff('write the --baseline file from this run: every failure and warning accepted, reasons kept'),
  'fail-on': value('fail|warn', 'what makes the run exit 1: a failed check (default), or a warning too', oneOf(FAIL_ON)),
  record: onOff(
    "keep each connection's frames in the inspector's store as a session of its own, so each result\nlinks to its frames (#session=<id>&seq=<n> after the inspector's URL)",
  ),
  ...TRACE_FLAGS,
  'data-dir': value('<dir>', `with --record: the store to record into; with --auth oauth: where tokens are cached (default:\n${defaultDataDir()})`),
  protocol: value('<version>', `the version to offer (default ${DEFAULT_PROTOCOL_VERSION})`, nonEmpty('a version such as 2025-11-25')),
  era: value('<e>', 'legacy (initialize), modern (server/discover + _meta) or auto (probe, fall back)', oneOf(ERAS)),
  timeout: value('<ms>', `how long each request waits (default ${CHECK_TIMEOUT_MS})`, milliseconds(100)),
  ...COLOUR_FLAGS,
  ...REMOTE_FLAGS,
  ...OAUTH_FLAGS,
  ...STDIO_FLAGS,
  ...CONFIG_FLAGS,
};

export interface CheckOptions {
  target: Target;
  /** null: read-only tools only; 'all': every tool; else these names too. */
  allowTools: 'all' | string[] | null;
  only: string[];
  robustness: boolean;
  /** --lanes: connections the robustness presets are spread over, side by side (1: one after another on one). */
  robustnessLanes: number;
  /** --answers: the file the connections answer the server's requests from; null: they declare nothing and answer -32601. */
  answers: string | null;
  output: 'summary' | 'json' | 'markdown';
  junit: string | null;
  /** --markdown <file>: the job summary (shared/check/check-summary.ts) written there; `-` is output 'markdown' instead. */
  markdown: string | null;
  /** --fail-on: what exits 1 (and is a <failure> in the JUnit): a failed check, or a warning as well. */
  failOn: (typeof FAIL_ON)[number];
  /** --baseline: the file of accepted problems; null: none. */
  baseline: string | null;
  /** --update-baseline: rewrite that file from this run. */
  updateBaseline: boolean;
  /** --record: the store (data dir) to keep each connection in; null: nothing is recorded. */
  record: string | null;
  /** Where --auth oauth caches its tokens (--data-dir, else the default data dir, where `call --auth oauth` keeps them). */
  dataDir: string;
  protocolVersion: string;
  era: Era | undefined;
  timeoutMs: number;
  /** --color: whether the summary is coloured (server/cli/colour.ts); undefined is auto. */
  colour?: ColourChoice;
  /** --trace: each connection's own requests carry W3C trace context. */
  trace?: boolean;
  /** --otlp / --otlp-file: where every connection's spans go when the run ends. */
  export?: OtlpChoice;
}

/** The command line as parsed: the target is null when --config names it (the caller reads the file). */
export type ParsedCheckArgs = Omit<CheckOptions, 'target'> & { target: Target | null; config: ConfigChoice | null };

export function parseCheckArgs(argv: string[]): ParsedCheckArgs {
  const p = parseFlags(argv, CHECK_FLAGS, { positionalHint: 'put the server command after --' });
  const v = p.values;
  if (v.json === true && v.markdown === '-') throw new UsageError('--json and --markdown - exclude each other (both print on stdout); give --markdown a file');
  const only = (v.only ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const known = new Set(CHECKS.flatMap((c) => [c.id, c.group]).concat(['robustness', 'transcript']));
  const unknown = only.find((o) => !known.has(o));
  if (unknown !== undefined)
    throw new UsageError(`--only takes check ids or groups (${[...new Set(CHECKS.map((c) => c.group))].join(', ')}, robustness), got "${unknown}"`);
  if (v['update-baseline'] === true && v.baseline === undefined) throw new UsageError('--update-baseline needs --baseline <file>: the file to write');
  if (v['data-dir'] !== undefined && v.record !== true && v.auth === undefined) throw new UsageError('--data-dir goes with --record or --auth oauth');
  const allow = v['allow-tools'];
  const config = configChoice(v, p.command);
  if (config && oauthConfig(v)) throw new UsageError('--auth and the OAuth options go with --url');
  return {
    // --auth oauth and its options become the target's `auth`, as for call: every scratch connection authorizes with it.
    target: config ? null : targetOf(v as Parameters<typeof targetOf>[0], p.command),
    config,
    allowTools:
      allow === undefined
        ? null
        : allow === 'all'
          ? 'all'
          : allow
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean),
    only,
    robustness: v['no-robustness'] !== true && (only.length === 0 || only.includes('robustness')),
    robustnessLanes: v.lanes ?? 1,
    answers: v.answers ?? null,
    output: v.json === true ? 'json' : v.markdown === '-' ? 'markdown' : 'summary',
    junit: v.junit ?? null,
    markdown: v.markdown === undefined || v.markdown === '-' ? null : v.markdown,
    failOn: v['fail-on'] ?? 'fail',
    baseline: v.baseline ?? null,
    updateBaseline: v['update-baseline'] === true,
    record: v.record === true ? (v['data-dir'] ?? defaultDataDir()) : null,
    dataDir: v['data-dir'] ?? defaultDataDir(),
    protocolVersion: v.protocol ?? DEFAULT_PROTOCOL_VERSION,
    era: v.era,
    timeoutMs: v.timeout ?? CHECK_TIMEOUT_MS,
    ...(v.color ? { colour: v.color } : {}),
    trace: v.trace === true,
    export: otlpChoice(v),
  };
}

/** Whether the run may call a tool: named (or all) with --allow-tools, else only read-only and never destructive. */
export function toolPolicy(allow: CheckOptions['allowTools']): (tool: Record<string, unknown>) => boolean {
  return (tool) => {
    if (allow === 'all') return true;
    if (allow !== null && allow.includes(String(tool.name))) return true;
    const a = tool.annotations && typeof tool.annotations === 'object' ? (tool.annotations as Record<string, unknown>) : {};
    return a.readOnlyHint === true && a.destructiveHint !== true;
  };
}
