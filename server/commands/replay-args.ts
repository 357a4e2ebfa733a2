// Parses `mcpscope replay`'s command line: the bundle, the target to run against, and the diff options.
import { parseArgs } from 'node:util';
import type { DiffOptionsInput } from '../../shared/replay/diff-options.js';
import { REMOTE_TRANSPORTS, type RemoteTransport } from '../../shared/relay-protocol.js';
import { PROTOCOL_VERSIONS } from '../../shared/mcp-versions.js';
import { UsageError } from '../cli-args.js';

export const REPLAY_USAGE = `usage: mcpscope replay <bundle.json> [options] [--url <url> | -- <command> [args...]]

Runs a repro bundle's client frames against a server (the bundle's own recipe unless --url or a command is given),
prints the difference between the new transcript and the recorded one, and exits 0 when they match, 1 when they
differ, 2 on errors. Ids, timestamps, session ids and cursors are ignored unless --compare names them.
A stdio recipe runs from the current directory (or --cwd), so a bundle recorded at a checkout's root replays from
the root of another; a command or script that cannot be found there is named, with how to override it.

  --url <url>              run against this remote server instead
  --transport <t>          with --url: auto (default for http URLs), http, sse, or ws
  --header 'K: V'          a header for the remote server (repeatable; e.g. the Authorization the bundle redacted)
  --env KEY=VALUE          an environment variable for the stdio server (repeatable; e.g. a redacted secret)
  --cwd <dir>              where the recipe's relative paths live and the stdio server runs (default: the
                           current directory; the bundle records paths relative to the directory it ran in)
  --protocol <version>     protocol version to record the run under (${PROTOCOL_VERSIONS.join(', ')})
  --preserve-pacing        send frames at their recorded times instead of each after the previous answer
  --fresh-ids              give requests new ids instead of the recorded ones
  --compare <list>         also compare: ids, timestamps, session-ids, cursors (comma-separated)
  --ignore <path>          ignore a member, dotted from the message root, * for any one segment (repeatable)
  --stderr                 compare the server's stderr lines too
  --timeout <ms>           how long to wait for each answer (default 10000)
  --json                   print the diff as JSON
  -y, --yes                run the bundle's own stdio recipe without asking, even if it was not confirmed on this
                           machine (it is printed first; without --yes a terminal asks, and anything else refuses)
  --data-dir <dir>         where confirmed recipes are remembered (default: mcpscope's data dir)`;

export interface ReplayArgs {
  bundle: string;
  command: string[];
  url: string | null;
  transport: RemoteTransport | null;
  headers: Record<string, string>;
  env: Record<string, string>;
  cwd: string | null;
  protocol: string | null;
  preservePacing: boolean;
  freshIds: boolean;
  timeoutMs: number;
  json: boolean;
  diff: DiffOptionsInput;
  yes: boolean;
  dataDir: string | null;
  help: boolean;
}

const COMPARE: Record<string, keyof DiffOptionsInput> = { ids: 'ignoreIds', timestamps: 'ignoreTimestamps', 'session-ids': 'ignoreSessionIds', cursors: 'ignoreCursors' };

function pairs(list: string[] | undefined, sep: string, what: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const v of list ?? []) {
    const at = v.indexOf(sep);
    if (at < 1) throw new UsageError(`${what} needs ${sep === '=' ? 'KEY=VALUE' : "'Name: value'"}, got "${v}"`);
    out[v.slice(0, at).trim()] = sep === ':' ? v.slice(at + 1).trim() : v.slice(at + 1);
  }
  return out;
}

export function parseReplayArgs(argv: string[]): ReplayArgs {
  const dash = argv.indexOf('--');
  const own = dash === -1 ? argv : argv.slice(0, dash);
  const command = dash === -1 ? [] : argv.slice(dash + 1);
  let parsed;
  try {
    parsed = parseArgs({
      args: own,
      allowPositionals: true,
      options: {
        url: { type: 'string' }, transport: { type: 'string' }, header: { type: 'string', multiple: true }, env: { type: 'string', multiple: true },
        cwd: { type: 'string' }, protocol: { type: 'string' }, 'preserve-pacing': { type: 'boolean' }, 'fresh-ids': { type: 'boolean' },
        compare: { type: 'string' }, ignore: { type: 'string', multiple: true }, stderr: { type: 'boolean' }, timeout: { type: 'string' },
        json: { type: 'boolean' }, yes: { type: 'boolean', short: 'y' }, 'data-dir': { type: 'string' }, help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const v = parsed.values;
  const help = v.help === true;
  if (!help && parsed.positionals.length !== 1) throw new UsageError('expected one bundle file');
  if (v.url !== undefined && command.length > 0) throw new UsageError('--url and a command after -- exclude each other');
  if (dash !== -1 && command.length === 0) throw new UsageError('no command after --');
  if (v.transport !== undefined && !(REMOTE_TRANSPORTS as readonly string[]).includes(v.transport)) throw new UsageError(`--transport must be one of ${REMOTE_TRANSPORTS.join(', ')}`);
  if (v.protocol !== undefined && !(PROTOCOL_VERSIONS as readonly string[]).includes(v.protocol)) throw new UsageError(`--protocol must be one of ${PROTOCOL_VERSIONS.join(', ')}`);
  const timeoutMs = v.timeout === undefined ? 10_000 : Number(v.timeout);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 100) throw new UsageError('--timeout needs a whole number of milliseconds, at least 100');
  const diff: Record<string, unknown> = { includeStderr: v.stderr === true, ignorePaths: v.ignore ?? [] };
  for (const name of (v.compare ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    const key = COMPARE[name];
    if (!key) throw new UsageError(`--compare takes ${Object.keys(COMPARE).join(', ')}; got "${name}"`);
    diff[key] = false;
  }
  return {
    bundle: parsed.positionals[0] ?? '',
    command,
    url: v.url ?? null,
    transport: (v.transport as RemoteTransport | undefined) ?? null,
    headers: pairs(v.header, ':', '--header'),
    env: pairs(v.env, '=', '--env'),
    cwd: v.cwd ?? null,
    protocol: v.protocol ?? null,
    preservePacing: v['preserve-pacing'] === true,
    freshIds: v['fresh-ids'] === true,
    timeoutMs,
    json: v.json === true,
    diff: diff as DiffOptionsInput,
    yes: v.yes === true,
    dataDir: v['data-dir'] ?? null,
    help,
  };
}
