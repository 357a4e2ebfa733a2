// `mcpscope open <bundle>`: imports a repro bundle into the data dir as a read-only session, reviews its recipe, then
// hands the relay options back to cli.ts, which starts the inspector on it.
import { createReadStream } from 'node:fs';
import { BundleError } from '../../shared/bundle/bundle-reader.js';
import { ProfileStore } from '../store/archive/profile-store.js';
import { SessionArchive } from '../store/archive/session-archive.js';
import { importBundle } from '../bundles/bundle-importer.js';
import { relayOptions, type RelayOptions } from '../cli/cli-args.js';
import { RELAY_FLAGS } from '../cli/common-flags.js';
import { UsageError, flagHelp, onOff, parseFlags } from '../cli/flags.js';
import { usageFailure } from '../cli/usage-failure.js';
import { SecretStore } from '../store/secret-store.js';
import { RelayError } from '../errors.js';
import { Recorder } from '../store/recorder.js';
import { replayTarget } from '../replay/replay-target.js';
import { escapeControls, escapeControlsKeepingLines } from '../../shared/trust/escape-controls.js';
import { confirmOnTerminal } from '../trust/confirm-on-terminal.js';
import { RecipeTrust } from '../trust/recipe-trust.js';
import type { RelayLaunch } from './index.js';

const FLAGS = {
  yes: onOff("confirm the bundle's recipe without asking", 'y'),
  ...RELAY_FLAGS,
};

export const USAGE = `usage: mcpscope open <bundle.json> [--yes] [--port <n>] [--host <h>] [--allow-remote] [--data-dir <dir>] [--token <t>] [--no-open]

Imports a repro bundle (exported from the Sessions page or GET /api/sessions/:id/bundle), or a share file (the HTML
file of Share → HTML file or mcpscope export --html, which carries its bundle), as a read-only session
in the data dir, starts mcpscope and opens the inspector on it. Nothing is spawned now; to run a bundle against a
server, use mcpscope replay. The bundle's recipe (a command, or a URL with its headers and auth settings) is printed;
unless it was confirmed on this machine before, it runs (from Replay) only after a yes: at the terminal now, with --yes, or in the inspector, which shows it first.
The relay options are those of mcpscope itself.

${flagHelp(FLAGS)}`;

/** Messages may quote the bundle (its names, a schema error's keys): its control characters are shown escaped. */
function fail(message: string): number {
  process.stderr.write(`mcpscope open: ${escapeControlsKeepingLines(message)}\n`);
  return 2;
}

/** Shows the recipe Replay would run, as the relay will resolve it, and asks for the confirmation it needs. */
async function reviewRecipe(recorder: Recorder, sessionId: string, trust: RecipeTrust, yes: boolean): Promise<void> {
  const stored = recorder.getSession(sessionId);
  if (!stored) return;
  let chosen;
  try {
    chosen = replayTarget(
      new SessionArchive(recorder.db),
      new ProfileStore(recorder.db, new SecretStore(recorder.dataDir)),
      { ...stored, live: false, handshakePending: false },
      {},
    );
  } catch (err) {
    if (!(err instanceof RelayError)) throw err;
    process.stderr.write(`mcpscope open: the bundle's recipe cannot run from here (${escapeControls(err.message)}); it opens read-only\n`);
    return;
  }
  if (chosen.recipeFrom === undefined) return;
  await confirmOnTerminal(trust, chosen.target, chosen.recipeFrom, {
    prog: 'mcpscope open',
    yes,
    refusal: 'not confirmed: the session opens read-only, and the inspector shows this recipe and asks before Replay runs it (or run open again with --yes)',
  });
}

export async function run(argv: string[]): Promise<number | RelayLaunch> {
  let file: string;
  let o: RelayOptions;
  let yes: boolean;
  try {
    const p = parseFlags(argv, FLAGS, { positionals: { min: 1, max: 1, what: 'a bundle file' } });
    if (p.help) {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    if (p.command !== null) throw new UsageError('open takes a bundle and relay options only; to run the bundle against a server use mcpscope replay');
    file = p.positionals[0]!;
    o = relayOptions(p.values, process.env);
    yes = p.values.yes === true;
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    const hint = /unknown option '--(url|demo|transport|header|env|cwd)'/.test(err.message)
      ? ' (open takes a bundle and relay options only; to run the bundle against a server use mcpscope replay)'
      : '';
    return usageFailure('open', `${err.message}${hint}`, USAGE);
  }

  const recorder = new Recorder(o.dataDir);
  try {
    const result = await importBundle(createReadStream(file), recorder, new SessionArchive(recorder.db));
    process.stderr.write(`mcpscope open: imported ${result.frames} frames of "${escapeControls(result.header.session.name)}" as session ${result.sessionId}\n`);
    await reviewRecipe(recorder, result.sessionId, new RecipeTrust(o.dataDir), yes);
    return { relay: o, sessionId: result.sessionId };
  } catch (err) {
    if (err instanceof BundleError) return fail(`${file}: not a valid bundle: ${err.message}`);
    const e = err as NodeJS.ErrnoException;
    if (e.code === 'ENOENT' || e.code === 'EISDIR' || e.code === 'EACCES') return fail(`cannot read ${file}: ${e.message}`);
    throw err;
  } finally {
    recorder.close();
  }
}
