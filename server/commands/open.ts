// `mcpscope open <bundle>`: imports a repro bundle into the data dir as a read-only session, then starts the relay
// and opens the inspector on it.
import { createReadStream } from 'node:fs';
import { BundleError } from '../../shared/bundle/bundle-reader.js';
import { SessionArchive } from '../archive/session-archive.js';
import { importBundle } from '../bundles/bundle-importer.js';
import { USAGE, UsageError, parseCliArgs, type CliOptions } from '../cli-args.js';
import { ProfileStore } from '../archive/profile-store.js';
import { SecretStore } from '../secret-store.js';
import { RelayError } from '../errors.js';
import { Recorder } from '../recorder.js';
import { replayTarget } from '../replay/replay-target.js';
import { confirmOnTerminal } from '../trust/confirm-on-terminal.js';
import { RecipeTrust } from '../trust/recipe-trust.js';

export const OPEN_USAGE = `usage: mcpscope open <bundle.json> [--yes] [--port <n>] [--host <h>] [--data-dir <dir>] [--token <t>] [--no-open]

Imports a repro bundle (exported from the Sessions page or GET /api/sessions/:id/bundle) as a read-only session
in the data dir, starts mcpscope and opens the inspector on it. The bundle's stdio recipe is printed; unless it was
confirmed on this machine before, it runs (from Replay) only after a yes: at the terminal now, with --yes, or in the
inspector, which shows it first.

  -y, --yes             confirm the bundle's recipe without asking

${USAGE.split('\n').filter((l) => /--(port|host|allow-remote|token|data-dir|no-open)\b/.test(l)).join('\n')}`;

function fail(message: string): number {
  process.stderr.write(`mcpscope open: ${message}\n`);
  return 2;
}

/** Shows the recipe Replay would run, as the relay will resolve it, and asks for the confirmation it needs. */
async function reviewRecipe(recorder: Recorder, sessionId: string, trust: RecipeTrust, yes: boolean): Promise<void> {
  const stored = recorder.getSession(sessionId);
  if (!stored || stored.target.transport !== 'stdio') return;
  let chosen;
  try {
    chosen = replayTarget(new SessionArchive(recorder.db), new ProfileStore(recorder.db, new SecretStore(recorder.dataDir)), { ...stored, live: false, handshakePending: false }, {});
  } catch (err) {
    if (!(err instanceof RelayError)) throw err;
    process.stderr.write(`mcpscope open: the bundle's recipe cannot run from here (${err.message}); it opens read-only\n`);
    return;
  }
  if (chosen.target.transport !== 'stdio' || chosen.recipeFrom === undefined) return;
  await confirmOnTerminal(trust, chosen.target, chosen.recipeFrom, {
    prog: 'mcpscope open',
    yes,
    refusal: 'not confirmed: the session opens read-only, and the inspector shows this recipe and asks before Replay runs it (or run open again with --yes)',
  });
}

export async function run(argv: string[]): Promise<number> {
  const [file, ...given] = argv;
  const yes = given.includes('--yes') || given.includes('-y');
  const rest = given.filter((a) => a !== '--yes' && a !== '-y');
  if (file === '-h' || file === '--help') {
    process.stdout.write(`${OPEN_USAGE}\n`);
    return 0;
  }
  if (file === undefined || file.startsWith('-')) return fail(`expected a bundle file\n\n${OPEN_USAGE}`);
  let o: CliOptions;
  try {
    o = parseCliArgs(rest);
  } catch (err) {
    if (err instanceof UsageError) return fail(`${err.message}\n\n${OPEN_USAGE}`);
    throw err;
  }
  if (o.command.length > 0 || o.url || o.demo) return fail('open takes a bundle and relay options only; to run the bundle against a server use mcpscope replay');

  const recorder = new Recorder(o.dataDir);
  let sessionId: string;
  try {
    const result = await importBundle(createReadStream(file), recorder, new SessionArchive(recorder.db));
    sessionId = result.sessionId;
    process.stderr.write(`mcpscope open: imported ${result.frames} frames of "${result.header.session.name}" as session ${sessionId}\n`);
    await reviewRecipe(recorder, sessionId, new RecipeTrust(o.dataDir), yes);
  } catch (err) {
    if (err instanceof BundleError) return fail(`${file}: not a valid bundle: ${err.message}`);
    const e = err as NodeJS.ErrnoException;
    if (e.code === 'ENOENT' || e.code === 'EISDIR' || e.code === 'EACCES') return fail(`cannot read ${file}: ${e.message}`);
    throw err;
  } finally {
    recorder.close();
  }
  // The relay keeps the process alive after run() resolves; the CLI's signal handlers end it.
  const { run: startRelay } = await import('../cli.js');
  try {
    await startRelay(o, { sessionId });
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    return fail(e.code === 'EADDRINUSE' ? `port ${o.port} is in use; pick another with --port, or --port 0 for any free one` : `failed to start: ${e.message}`);
  }
  return 0;
}
