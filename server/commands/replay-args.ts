// Parses `mcpscope replay`'s command line: the bundle, the target to run against, and the diff options.
import { COLOUR_FLAGS, type ColourChoice } from '../cli/colour.js';
import type { DiffOptionsInput } from '../../shared/replay/diff-options.js';
import type { RemoteTransport } from '../../shared/relay-protocol.js';
import { PROTOCOL_VERSIONS } from '../../shared/mcp-versions.js';
import { REMOTE_FLAGS, STDIO_FLAGS, envOf, headersOf, transportFor, urlOrCommand } from '../cli/common-flags.js';
import { UsageError, flagHelp, list, onOff, parseFlags, value } from '../cli/flags.js';
import { knownProtocol, milliseconds } from '../cli/validators.js';

const COMPARE: Record<string, keyof DiffOptionsInput> = {
  ids: 'ignoreIds',
  timestamps: 'ignoreTimestamps',
  'session-ids': 'ignoreSessionIds',
  cursors: 'ignoreCursors',
};

const compareList = (v: string, flag: string): (keyof DiffOptionsInput)[] =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((name) => {
      const key = Object.hasOwn(COMPARE, name) ? COMPARE[name] : undefined;
      if (!key) throw new UsageError(`${flag} takes ${Object.keys(COMPARE).join(', ')}; got "${name}"`);
      return key;
    });

const FLAGS = {
  url: { ...REMOTE_FLAGS.url, help: "run against this remote server instead of the bundle's recipe" },
  transport: REMOTE_FLAGS.transport,
  header: {
    ...REMOTE_FLAGS.header,
    help: "a header for the remote server, e.g. the Authorization the bundle redacted (repeatable;\nwithout --url it supplies a header to the bundle's own remote recipe)",
  },
  'header-file': REMOTE_FLAGS['header-file'],
  'http-timeout': REMOTE_FLAGS['http-timeout'],
  env: {
    ...STDIO_FLAGS.env,
    help: 'an environment variable for the stdio server (repeatable; e.g. a redacted secret, though\nother local users see it in ps: --env-file keeps it off the command line)',
  },
  'env-file': STDIO_FLAGS['env-file'],
  cwd: {
    ...STDIO_FLAGS.cwd,
    help: "where the recipe's relative paths live and the stdio server runs (default: the current\ndirectory; the bundle records paths relative to the directory it ran in)",
  },
  protocol: value('<version>', `protocol version to record the run under (${PROTOCOL_VERSIONS.join(', ')})`, knownProtocol),
  'preserve-pacing': onOff('send frames at their recorded times instead of each after the previous answer'),
  'fresh-ids': onOff('give requests new ids instead of the recorded ones'),
  compare: value('<list>', 'also compare: ids, timestamps, session-ids, cursors (comma-separated)', compareList),
  ignore: list('<path>', 'ignore a member, dotted from the message root, * for any one segment (repeatable)'),
  stderr: onOff("compare the server's stderr lines too"),
  timeout: value('<ms>', 'how long to wait for each answer (default 10000)', milliseconds(100)),
  json: onOff('print the diff as JSON'),
  ...COLOUR_FLAGS,
  yes: onOff(
    "run the bundle's own stdio recipe without asking, even if it was not confirmed on this\nmachine (it is printed first; without --yes a terminal asks, and anything else refuses)",
    'y',
  ),
  'data-dir': value('<dir>', "where confirmed recipes are remembered (default: mcpscope's data dir)"),
};

export const USAGE = `usage: mcpscope replay <bundle.json> [options] [--url <url> | -- <command> [args...]]

Runs a repro bundle's client frames against a server (the bundle's own recipe unless --url or a command is given),
prints the difference between the new transcript and the recorded one, and exits 0 when they match, 1 when they
differ, 2 on errors. Ids, timestamps, session ids and cursors are ignored unless --compare names them.
A stdio recipe runs from the current directory (or --cwd), so a bundle recorded at a checkout's root replays from
the root of another; a command or script that cannot be found there is named, with how to override it.

${flagHelp(FLAGS)}`;

export interface ReplayArgs {
  bundle: string;
  command: string[];
  url: string | null;
  transport: RemoteTransport | null;
  headers: Record<string, string>;
  /** --http-timeout for --url; null: the transports' defaults. */
  httpTimeoutMs: number | null;
  env: Record<string, string>;
  cwd: string | null;
  protocol: string | null;
  preservePacing: boolean;
  freshIds: boolean;
  timeoutMs: number;
  json: boolean;
  /** --color for the text diff (server/cli/colour.ts). */
  colour: ColourChoice;
  diff: DiffOptionsInput;
  yes: boolean;
  dataDir: string | null;
  help: boolean;
}

export function parseReplayArgs(argv: string[]): ReplayArgs {
  const p = parseFlags(argv, FLAGS, { positionals: { min: 1, max: 1, what: 'one bundle file' } });
  const v = p.values;
  const command = p.command ?? [];
  if (!p.help) {
    urlOrCommand(v.url, p.command);
    if (p.command !== null && command.length === 0) throw new UsageError('no command after --');
    if (v.url === undefined && (v.transport !== undefined || v['http-timeout'] !== undefined))
      throw new UsageError('--transport and --http-timeout go with --url');
  }
  const diff: Record<string, unknown> = { includeStderr: v.stderr === true, ignorePaths: v.ignore ?? [] };
  for (const key of v.compare ?? []) diff[key] = false;
  return {
    bundle: p.positionals[0] ?? '',
    command,
    url: v.url ?? null,
    transport: v.url === undefined || p.help ? null : transportFor(v.url, v.transport),
    headers: headersOf(v) ?? {},
    httpTimeoutMs: v['http-timeout'] ?? null,
    env: envOf(v) ?? {},
    cwd: v.cwd ?? null,
    protocol: v.protocol ?? null,
    preservePacing: v['preserve-pacing'] === true,
    freshIds: v['fresh-ids'] === true,
    timeoutMs: v.timeout ?? 10_000,
    json: v.json === true,
    colour: v.color ?? 'auto',
    diff: diff as DiffOptionsInput,
    yes: v.yes === true,
    dataDir: v['data-dir'] ?? null,
    help: p.help,
  };
}
