// `mcpscope replay <bundle>`: runs a bundle's client frames against a server and prints how the answers differ.
// Exit codes: 0 identical, 1 different, 2 errors (usage, unreadable bundle, a server that would not start).
import { constants } from 'node:os';
import { BundleError } from '../../shared/bundle/bundle-reader.js';
import { runnableTarget } from '../../shared/redaction/redact-target.js';
import { formatDiff } from '../../shared/replay/format-diff.js';
import type { BundleHeader } from '../../shared/bundle/bundle-format.js';
import type { Target } from '../../shared/relay-protocol.js';
import { loadBundleFile } from '../bundles/bundle-stream.js';
import { defaultDataDir } from '../cli/common-flags.js';
import { UsageError } from '../cli/flags.js';
import { usageFailure } from '../cli/usage-failure.js';
import { colourDiff, painter, wantsColour } from '../cli/colour.js';
import { RelayError } from '../errors.js';
import { Recorder } from '../store/recorder.js';
import { CLI_OVERRIDE, RecipeError, resolveRecipe } from '../replay/recipe-resolver.js';
import { replayAndDiff, sourceFromBundle } from '../relay/replay-source.js';
import { SessionManager } from '../relay/session-manager.js';
import { DEFAULT_MAX_LINE_BYTES } from '../transports/line-buffer.js';
import { escapeControls, escapeControlsKeepingLines } from '../../shared/trust/escape-controls.js';
import { enterDataDir } from '../transports/orphan-reaper.js';
import { killAllProcessGroups } from '../transports/stdio-transport.js';
import { confirmOnTerminal } from '../trust/confirm-on-terminal.js';
import { RecipeTrust } from '../trust/recipe-trust.js';
import { USAGE, parseReplayArgs, type ReplayArgs } from './replay-args.js';

export { USAGE };

export const EXIT_IDENTICAL = 0;
export const EXIT_DIFFERENT = 1;
export const EXIT_ERROR = 2;

/** Messages may quote the bundle (its names, paths, a schema error's keys): its control characters are shown escaped. */
function fail(message: string): number {
  process.stderr.write(`mcpscope replay: ${escapeControlsKeepingLines(message)}\n`);
  return EXIT_ERROR;
}

/**
 * The target to run: the one on the command line (typed), else the bundle's recipe with the secrets it lacks supplied
 * (`fromBundle`: a recipe from a file, which runs only once confirmed).
 */
function chooseTarget(a: ReplayArgs, header: BundleHeader, warn: (m: string) => void): { target: Target; fromBundle: boolean } {
  const recipe = header.target;
  if (a.command.length > 0) {
    const [command, ...args] = a.command;
    return { target: { transport: 'stdio', command: command!, args, env: a.env, ...(a.cwd ? { cwd: a.cwd } : {}) }, fromBundle: false };
  }
  if (a.url)
    return {
      target: { transport: a.transport ?? 'auto', url: a.url, headers: a.headers, ...(a.httpTimeoutMs === null ? {} : { timeoutMs: a.httpTimeoutMs }) },
      fromBundle: false,
    };
  const { target, missing } = runnableTarget(recipe);
  const supplied = (m: string) =>
    m.startsWith('env.') ? m.slice(4) in a.env : m.startsWith('header.') && Object.keys(a.headers).some((h) => h.toLowerCase() === m.slice(7).toLowerCase());
  const lacking = missing.filter((m) => !supplied(m));
  if (lacking.length > 0)
    warn(
      `the bundle redacted ${lacking.join(', ')}; running without (supply env with --env and headers with --header; a redacted argument runs as it is, so give the server after -- to set it)`,
    );
  if (target.transport === 'stdio') {
    // --cwd says where the recipe's relative paths live, overriding any directory an older bundle recorded.
    const { cwd: recorded, ...rest } = target;
    const resolved = resolveRecipe(
      { ...rest, ...(a.cwd || recorded === undefined ? {} : { cwd: recorded }), env: { ...target.env, ...a.env } },
      header.origin,
      a.cwd ?? process.cwd(),
    );
    for (const w of resolved.warnings) warn(w);
    return { target: resolved.target, fromBundle: true };
  }
  return { target: { ...target, headers: { ...target.headers, ...a.headers } }, fromBundle: true };
}

export async function run(argv: string[]): Promise<number> {
  let a: ReplayArgs;
  try {
    a = parseReplayArgs(argv);
  } catch (err) {
    if (err instanceof UsageError) return usageFailure('replay', err.message, USAGE);
    throw err;
  }
  if (a.help) {
    process.stdout.write(`${USAGE}\n`);
    return EXIT_IDENTICAL;
  }
  let bundle;
  try {
    bundle = await loadBundleFile(a.bundle);
  } catch (err) {
    if (err instanceof BundleError) return fail(`${a.bundle}: not a valid bundle: ${err.message}`);
    return fail(`cannot read ${a.bundle}: ${(err as Error).message}`);
  }
  const source = sourceFromBundle(bundle);
  if (source.clientFrames.length === 0) return fail(`${a.bundle} holds no client frames to replay`);
  if (a.protocol) source.protocolVersion = a.protocol;
  let chosen: { target: Target; fromBundle: boolean };
  try {
    chosen = chooseTarget(a, bundle.header, (m) => process.stderr.write(`mcpscope replay: ${escapeControls(m)}\n`));
  } catch (err) {
    if (err instanceof RecipeError) return fail(`${err.message}; ${CLI_OVERRIDE}`);
    throw err;
  }
  const { target } = chosen;
  const trust = new RecipeTrust(a.dataDir ?? defaultDataDir());
  // A bundle's recipe, stdio or remote, is shown and confirmed before anything is spawned or sent.
  const recipeFrom = chosen.fromBundle ? `the bundle ${a.bundle}` : undefined;
  if (recipeFrom !== undefined && !(await confirmOnTerminal(trust, target, recipeFrom, { prog: 'mcpscope replay', yes: a.yes }))) {
    return EXIT_ERROR;
  }

  if (target.transport === 'stdio') {
    // Whatever way this process goes, the server it starts goes with it (Ctrl-C included: the server leads a group of
    // its own, which the terminal's SIGINT does not reach); a SIGKILL runs nothing, so this run is noted in the data
    // dir for the next launch to clean up after.
    process.on('exit', killAllProcessGroups);
    for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(sig, () => process.exit(128 + constants.signals[sig]));
    for (const note of enterDataDir(a.dataDir ?? defaultDataDir(), 'replay')) process.stderr.write(`mcpscope replay: ${note}\n`);
  }
  const made = originCounts(source.clientFrames);
  if (made) process.stderr.write(`mcpscope replay: sending ${source.clientFrames.length} client frames, as recorded: ${made}\n`);
  const recorder = new Recorder(null);
  const manager = new SessionManager({ recorder, maxLineBytes: DEFAULT_MAX_LINE_BYTES, graceMs: 2000, trust });
  try {
    const { diff, outcome } = await replayAndDiff(manager, source, target, {
      preserveIds: !a.freshIds,
      preservePacing: a.preservePacing,
      answerTimeoutMs: a.timeoutMs,
      diff: a.diff,
      ...(recipeFrom !== undefined ? { recipeFrom } : {}),
    });
    for (const w of outcome.warnings) process.stderr.write(`mcpscope replay: ${escapeControls(w)}\n`);
    // The diff quotes the bundle's recorded messages: a terminal shows their control characters, it does not obey them.
    // Colour goes on after the escaping, by each line's own mark: none of it comes from the bundle or the server.
    const text = () => colourDiff(escapeControlsKeepingLines(formatDiff(diff)), painter(wantsColour(a.colour, process.stdout, process.env)));
    process.stdout.write(a.json ? `${JSON.stringify(diff, null, 2)}\n` : text());
    return diff.identical ? EXIT_IDENTICAL : EXIT_DIFFERENT;
  } catch (err) {
    if (err instanceof RelayError) return fail(err.message);
    throw err;
  } finally {
    await manager.stopAll('replay finished');
    recorder.close();
  }
}

/** "3 bookkeeping, 1 panel, 1 user": who made the recording's client frames, when the bundle kept it; '' when not. */
export function originCounts(frames: readonly { origin?: string }[]): string {
  const counts = new Map<string, number>();
  for (const f of frames) if (f.origin !== undefined) counts.set(f.origin, (counts.get(f.origin) ?? 0) + 1);
  return [...counts].map(([origin, n]) => `${n} ${origin}`).join(', ');
}
