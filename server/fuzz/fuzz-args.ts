// Parses `mcpscope fuzz` arguments into campaign options; pure, so every flag and usage error can be checked alone.
import { FUZZ_MODES, type FuzzMode } from '../../shared/fuzz/fuzz-report.js';
import { DEFAULT_PROTOCOL_VERSION } from '../../shared/mcp-versions.js';
import { targetOf } from '../call/call-args.js';
import { REMOTE_FLAGS, STDIO_FLAGS } from '../cli/common-flags.js';
import { defaultDataDir } from '../cli/data-dir.js';
import { UsageError, onOff, parseFlags, value } from '../cli/flags.js';
import { milliseconds, nonEmpty, oneOf, wholeNumber } from '../cli/validators.js';
import { OTLP_FLAGS, otlpChoice, type OtlpChoice } from '../cli/trace-flags.js';
import type { CampaignOptions } from './fuzz-campaign.js';

const FUZZ_TIMEOUT_MS = 5000;
const DEFAULT_RUNS = 300;
const DEFAULT_REPLY_WAIT_MS = 300;

/** "90s", "2m", "500ms" or a bare number of seconds. */
function duration(v: string, flag: string): number {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(v.trim());
  if (!m) throw new UsageError(`${flag} takes a duration such as 60s, 5m or 500ms; got "${v}"`);
  const n = Number(m[1]) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[(m[2] ?? 's') as 'ms' | 's' | 'm' | 'h'];
  if (n < 100) throw new UsageError(`${flag} must be at least 100ms`);
  return Math.round(n);
}

const names = (v: string) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export const FUZZ_FLAGS = {
  tools: value('<names|all>', 'fuzz these tools (comma-separated) or all (default: every tool the safety rule allows)', nonEmpty('a tool name')),
  'allow-tools': value(
    '<names|all>',
    'also call these tools (comma-separated), or every tool ("all"); by default only tools\nannotated readOnlyHint: true are called, and never one annotated destructiveHint: true unless named',
  ),
  runs: value(
    '<n>',
    `inputs to try over the whole campaign, split over the tools (default ${DEFAULT_RUNS}, or unlimited with --time)`,
    wholeNumber(1, 10_000_000),
  ),
  time: value('<duration>', 'a global time limit: 60s, 5m… (shrinking and keeping the failures found come after it)', duration),
  seed: value('<n>', 'the seed: the same seed gives the same campaign (default: random, printed)', wholeNumber(-(2 ** 31), 2 ** 31 - 1)),
  mode: value('<m>', 'args (tool arguments from each inputSchema, default), protocol (mutated frames and the\nfault lab presets) or both', oneOf(FUZZ_MODES)),
  out: value('<dir>', 'where each failure is saved as a repro bundle (default: mcpscope-fuzz)'),
  json: onOff('print the report as JSON: failures, inputs tried, time and seed'),
  timeout: value('<ms>', `how long each request waits before the hang oracle speaks (default ${FUZZ_TIMEOUT_MS})`, milliseconds(50)),
  rate: value('<n>', 'at most n inputs a second (default: as fast as the server answers)', wholeNumber(1, 100_000)),
  'reply-wait': value('<ms>', `protocol mode: how long to gather replies to a mutation (default ${DEFAULT_REPLY_WAIT_MS})`, milliseconds(10)),
  protocol: value('<version>', `the version to offer (default ${DEFAULT_PROTOCOL_VERSION})`, nonEmpty('a version such as 2025-11-25')),
  'no-record': onOff("do not keep the failures' repro connections as sessions in the inspector's store"),
  'data-dir': value('<dir>', `the store the repro sessions go to (default: ${defaultDataDir()})`),
  ...OTLP_FLAGS,
  ...REMOTE_FLAGS,
  ...STDIO_FLAGS,
};

export interface FuzzOptions extends CampaignOptions {
  out: string;
  json: boolean;
  /** The store for the repro sessions; null with --no-record. */
  dataDir: string | null;
  /** Whether --seed was given (else the random one is printed, so the campaign can be run again). */
  seedGiven: boolean;
  /** --otlp / --otlp-file: the campaign's exchanges as spans, sent as they are answered. */
  export: OtlpChoice;
}

export function parseFuzzArgs(argv: string[], random: () => number = Math.random): FuzzOptions {
  const p = parseFlags(argv, FUZZ_FLAGS, { positionalHint: 'put the server command after --' });
  const v = p.values;
  if (v['no-record'] === true && v['data-dir'] !== undefined)
    throw new UsageError('--data-dir names the store to record into; it does not go with --no-record');
  const tools = v.tools === undefined || v.tools === 'all' ? null : names(v.tools);
  const allow = v['allow-tools'];
  return {
    target: targetOf(v as Parameters<typeof targetOf>[0], p.command),
    tools,
    allowTools: allow === undefined ? null : allow === 'all' ? 'all' : names(allow),
    runs: v.runs ?? (v.time === undefined ? DEFAULT_RUNS : null),
    timeMs: v.time ?? null,
    seed: v.seed ?? Math.floor(random() * 2 ** 31),
    seedGiven: v.seed !== undefined,
    mode: (v.mode ?? 'args') as FuzzMode,
    timeoutMs: v.timeout ?? FUZZ_TIMEOUT_MS,
    protocolVersion: v.protocol ?? DEFAULT_PROTOCOL_VERSION,
    ratePerSecond: v.rate ?? null,
    replyWaitMs: v['reply-wait'] ?? DEFAULT_REPLY_WAIT_MS,
    out: v.out ?? 'mcpscope-fuzz',
    json: v.json === true,
    dataDir: v['no-record'] === true ? null : (v['data-dir'] ?? defaultDataDir()),
    export: otlpChoice(v),
  };
}
