// `mcpscope open <bundle>`: imports a repro bundle into the data dir as a read-only session, then hands the relay
// options back to cli.ts, which starts the inspector on it.
import { createReadStream } from 'node:fs';
import { BundleError } from '../../shared/bundle/bundle-reader.js';
import { SessionArchive } from '../archive/session-archive.js';
import { importBundle } from '../bundles/bundle-importer.js';
import { relayOptions, type RelayOptions } from '../cli-args.js';
import { RELAY_FLAGS } from '../cli/common-flags.js';
import { UsageError, flagHelp, parseFlags } from '../cli/flags.js';
import { Recorder } from '../recorder.js';
import type { RelayLaunch } from './index.js';

export const USAGE = `usage: mcpscope open <bundle.json> [--port <n>] [--host <h>] [--allow-remote] [--data-dir <dir>] [--token <t>] [--no-open]

Imports a repro bundle (exported from the Sessions page or GET /api/sessions/:id/bundle) as a read-only session
in the data dir, starts mcpscope and opens the inspector on it. Nothing is spawned; to run a bundle against a
server, use mcpscope replay. The relay options are those of mcpscope itself:

${flagHelp(RELAY_FLAGS)}`;

function fail(message: string): number {
  process.stderr.write(`mcpscope open: ${message}\n`);
  return 2;
}

export async function run(argv: string[]): Promise<number | RelayLaunch> {
  let file: string;
  let o: RelayOptions;
  try {
    const p = parseFlags(argv, RELAY_FLAGS, { positionals: { min: 1, max: 1, what: 'a bundle file' } });
    if (p.help) {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    if (p.command !== null) throw new UsageError('open takes a bundle and relay options only; to run the bundle against a server use mcpscope replay');
    file = p.positionals[0]!;
    o = relayOptions(p.values, process.env);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    const hint = /unknown option --(url|demo|transport|header|env|cwd)\b/.test(err.message) ? ' (open takes a bundle and relay options only; to run the bundle against a server use mcpscope replay)' : '';
    return fail(`${err.message}${hint}\n\n${USAGE}`);
  }

  const recorder = new Recorder(o.dataDir);
  try {
    const result = await importBundle(createReadStream(file), recorder, new SessionArchive(recorder.db));
    process.stderr.write(`mcpscope open: imported ${result.frames} frames of "${result.header.session.name}" as session ${result.sessionId}\n`);
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
