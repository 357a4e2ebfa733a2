// Parses `mcpscope run` arguments into options; pure, so every flag and usage error can be checked without a server.
import type { Era } from '../../shared/engine/index.js';
import { DEFAULT_PROTOCOL_VERSION } from '../../shared/mcp-versions.js';
import type { Target } from '../../shared/relay-protocol.js';
import { targetOf } from '../call/call-args.js';
import { CONFIG_FLAGS, REMOTE_FLAGS, STDIO_FLAGS, configChoice } from '../cli/common-flags.js';
import type { ConfigChoice } from '../cli/config-target.js';
import { defaultDataDir } from '../cli/data-dir.js';
import { UsageError, onOff, parseFlags, value } from '../cli/flags.js';
import { OAUTH_FLAGS, oauthConfig } from '../cli/oauth-args.js';
import { milliseconds, nonEmpty, oneOf } from '../cli/validators.js';

const RUN_TIMEOUT_MS = 30_000;
const ERAS = ['legacy', 'modern', 'auto'] as const;

export const RUN_FLAGS = {
  json: onOff('print the report as JSON on stdout (schemas/run-report.v1.json) instead of the summary'),
  junit: value('<file>', 'also write the results as JUnit XML to this file, for CI (one testcase per step)'),
  bail: onOff('stop at the first step that does not pass; the rest are reported as skipped'),
  answers: value(
    '<file>',
    'answer the server\'s requests (sampling, elicitation, roots) from this file, as call --answers\ndoes; instead of the collection\'s own "answers"',
  ),
  record: onOff(
    "keep the run's frames in the inspector's store as a session, so each step links to its frames\n(#session=<id>&seq=<n> after the inspector's URL)",
  ),
  'data-dir': value('<dir>', `the store --record writes into, and where --auth oauth caches tokens (default:\n${defaultDataDir()})`),
  protocol: value('<version>', `the version to offer (default ${DEFAULT_PROTOCOL_VERSION})`, nonEmpty('a version such as 2025-11-25')),
  era: value('<e>', 'legacy (initialize), modern (server/discover + _meta) or auto (probe, fall back)', oneOf(ERAS)),
  timeout: value('<ms>', `how long each step waits for its answer (default ${RUN_TIMEOUT_MS})`, milliseconds(100)),
  ...REMOTE_FLAGS,
  ...OAUTH_FLAGS,
  ...STDIO_FLAGS,
  ...CONFIG_FLAGS,
};

export interface RunOptions {
  file: string;
  target: Target;
  json: boolean;
  junit: string | null;
  bail: boolean;
  answers: string | null;
  record: boolean;
  dataDir: string;
  protocolVersion: string;
  era: Era | undefined;
  timeoutMs: number;
}

export type ParsedRunArgs = Omit<RunOptions, 'target'> & { target: Target | null; config: ConfigChoice | null };

export function parseRunArgs(argv: string[]): ParsedRunArgs {
  const p = parseFlags(argv, RUN_FLAGS, {
    positionals: { min: 1, max: 1, what: 'a collection file: mcpscope run <collection.json> (-- <command> | --url <url>)' },
    positionalHint: 'one collection file; put the server command after --',
  });
  const v = p.values;
  const config = configChoice(v, p.command);
  if (config && oauthConfig(v)) throw new UsageError('--auth and the OAuth options go with --url');
  return {
    file: p.positionals[0]!,
    target: config ? null : targetOf(v as Parameters<typeof targetOf>[0], p.command),
    config,
    json: v.json === true,
    junit: v.junit ?? null,
    bail: v.bail === true,
    answers: v.answers ?? null,
    record: v.record === true,
    dataDir: v['data-dir'] ?? defaultDataDir(),
    protocolVersion: v.protocol ?? DEFAULT_PROTOCOL_VERSION,
    era: v.era,
    timeoutMs: v.timeout ?? RUN_TIMEOUT_MS,
  };
}
