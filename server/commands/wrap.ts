// `mcpscope wrap <config>`: makes a host's MCP config run chosen stdio servers through `mcpscope tap`, recording beside
// it what it changed, so that `--undo` puts back exactly that and keeps every edit the user made since. Only the wrapped
// servers' "command" and "args" change; the file is written atomically, through a symlink, with its mode kept.
import { realpathSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { escapeControls, escapeControlsKeepingLines } from '../../shared/trust/escape-controls.js';
import { volatileReason } from '../../shared/profiles/volatile-paths.js';
import { DuplicateKeysError, unwrapConfig, wrapConfig, type WrapRecord } from '../../shared/profiles/wrap-config.js';
import { UsageError, flagHelp, list, onOff, parseFlags, value } from '../cli/flags.js';
import { nonEmpty } from '../cli/validators.js';
import { usageFailure } from '../cli/usage-failure.js';
import { packageRoot } from '../package-root.js';
import { readState, replaceFile, statePath, writeState } from './wrap-files.js';

const FLAGS = {
  server: list('<name>', 'a server to wrap, by its name in the file (repeatable)', nonEmpty('a server name')),
  all: onOff('wrap every stdio server in the file'),
  undo: onOff('put back the original command and args of the servers wrap changed, keeping every other edit'),
  force: onOff('with --undo: put them back even for servers whose command or args were edited since the wrap'),
  'data-dir': value('<dir>', "the store the taps record into (default: the inspector's)"),
};

export const USAGE = `usage: mcpscope wrap <config file> (--server <name>... | --all) [--data-dir <dir>]
       mcpscope wrap <config file> --undo [--force]

Rewrites a host's MCP config (Claude Desktop, Claude Code, Cursor, VS Code's mcp.json or settings.json) so the chosen
stdio servers run through mcpscope tap: their "command" becomes this Node and their "args" mcpscope's script, tap,
--name <server>, --, then the original command and arguments. Nothing else in the file changes: comments (JSONC),
formatting, line endings and every other value are kept, and a symlinked config stays a link. A file with the same key
twice in one object is refused. Each wrap records the original values in <config file>.mcpscope-backup; running wrap
again changes nothing for servers already wrapped. --undo puts back those values for the servers whose command and args
are still what wrap wrote, and keeps every other edit made since; if one was edited, it shows the difference and
changes nothing (--force puts the originals back anyway). Remote servers (a "url") are not wrapped: run
mcpscope tap --url <url> and point the entry at the address it prints. Restart the host to pick the change up.

${flagHelp(FLAGS)}

Exit codes: 0 done (or nothing to do), 1 a named server is not in the file, there is no record to undo, or --undo found
a wrapped server edited since, 2 usage errors, files that cannot be read, parsed or written, and keys given twice.`;

/** The script this mcpscope runs from: hosts start it with this Node, so neither PATH nor a global install matters. */
const BIN = join(packageRoot(), 'bin', 'mcpscope.js');

function say(line: string): void {
  process.stderr.write(`mcpscope wrap: ${line}\n`);
}

/** The config's real path (a symlink is written through, not replaced) and its text; null after saying why not. */
function readConfig(file: string): { path: string; text: string } | null {
  let path: string;
  let bytes: Buffer;
  try {
    path = realpathSync(file);
    bytes = readFileSync(path);
  } catch (err) {
    say(`cannot read ${file}: ${(err as Error).message}`);
    return null;
  }
  const text = bytes.toString('utf8');
  if (!Buffer.from(text, 'utf8').equals(bytes)) {
    say(`${file} is not valid UTF-8: left as it is`);
    return null;
  }
  return { path, text };
}

/** Runs an edit of the config's text; a file that is not a config, or has keys twice, is named and left as it is. */
function edit<T>(file: string, fn: () => T): T | null {
  try {
    return fn();
  } catch (err) {
    if (err instanceof DuplicateKeysError) say(`${file} is left as it is: ${escapeControls(err.message)}`);
    else if (err instanceof SyntaxError) say(`${file} is not an MCP config this can read: ${err.message}`);
    else say(`${file} is left as it is: ${(err as Error).message}`);
    return null;
  }
}

export async function run(argv: string[]): Promise<number> {
  let file: string;
  let v;
  try {
    const p = parseFlags(argv, FLAGS, { positionals: { min: 1, max: 1, what: 'a config file' } });
    if (p.help) {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    file = p.positionals[0]!;
    v = p.values;
    if (v.undo === true && (v.server !== undefined || v.all === true || v['data-dir'] !== undefined))
      throw new UsageError('--undo takes the config file alone (and --force)');
    if (v.undo !== true && v.force === true) throw new UsageError('--force goes with --undo');
    if (v.undo !== true && (v.server === undefined) === (v.all !== true))
      throw new UsageError('name the servers to wrap with --server, or wrap them all with --all');
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    return usageFailure('wrap', err.message, USAGE);
  }
  const config = readConfig(file);
  if (config === null) return 2;
  let records: WrapRecord[] | null;
  try {
    records = readState(statePath(config.path));
  } catch (err) {
    say(`${(err as Error).message}; ${file} is left as it is`);
    return 2;
  }
  return v.undo === true ? undo(file, config, records, v.force === true) : wrap(file, config, records, { servers: v.server ?? null, dataDir: v['data-dir'] });
}

function wrap(
  file: string,
  config: { path: string; text: string },
  before: WrapRecord[] | null,
  o: { servers: string[] | null; dataDir: string | undefined },
): number {
  const runner = { command: process.execPath, args: [BIN] };
  const result = edit(file, () =>
    wrapConfig(config.text, { servers: o.servers, runner, tapFlags: o.dataDir !== undefined ? ['--data-dir', resolve(o.dataDir)] : [] }),
  );
  if (result === null) return 2;
  const missing = result.skipped.filter((s) => s.why.startsWith('no server named'));
  for (const s of result.skipped) say(`${escapeControls(s.name)}: ${escapeControls(s.why)}`);
  if (missing.length > 0) {
    say('nothing was changed');
    return 1;
  }
  if (result.wrapped.length === 0) {
    say(`nothing to change in ${file}`);
    return 0;
  }
  warnVolatile(runner, result.records);
  // A server wrapped, unwrapped by hand and wrapped again: its newest original is the one to put back.
  const records = [...(before ?? []).filter((r) => !result.wrapped.includes(r.name)), ...result.records];
  const state = statePath(config.path);
  try {
    writeState(config.path, records);
  } catch (err) {
    say(`cannot write ${state}: ${(err as Error).message}; ${file} is left as it is`);
    return 2;
  }
  try {
    replaceFile(config.path, result.text);
  } catch (err) {
    // The record must not claim a wrap that did not happen: back to what it said before.
    if (before === null) rmSync(state, { force: true });
    else writeState(config.path, before);
    say(`cannot write ${config.path}: ${(err as Error).message}; it is left as it was`);
    return 2;
  }
  const via = config.path === resolve(file) ? '' : ` (through the link, into ${config.path})`;
  say(
    `wrapped ${result.wrapped.map(escapeControls).join(', ')} in ${file}${via}; the original values are kept in ${state}, comments and formatting unchanged. Restart the host to use it.`,
  );
  return 0;
}

/** The paths the wrapped entries will start that may vanish on their own: the host would then fail to start them. */
function warnVolatile(runner: { command: string; args: string[] }, records: WrapRecord[]): void {
  const tmp = [tmpdir()];
  for (const path of [runner.command, ...runner.args]) {
    const why = volatileReason(path, tmp);
    if (why)
      say(
        `warning: the wrapped entries start ${escapeControls(path)}, which is in ${why}: when it goes, the host cannot start these servers. Run wrap from an mcpscope installed to stay (npm install -g mcpscope, or a project's node_modules) and a Node that stays, or --undo before it goes.`,
      );
  }
  for (const r of records) {
    const why = volatileReason(r.wrote.args[r.wrote.args.indexOf('--') + 1] ?? '', tmp);
    if (why)
      say(
        `warning: ${escapeControls(r.name)} starts ${escapeControls(r.wrote.args[r.wrote.args.indexOf('--') + 1]!)}, which is in ${why}: it was wrapped as it is.`,
      );
  }
}

function undo(file: string, config: { path: string; text: string }, records: WrapRecord[] | null, force: boolean): number {
  const state = statePath(config.path);
  if (records === null) {
    say(`no record ${state}: nothing to undo`);
    return 1;
  }
  const result = edit(file, () => unwrapConfig(config.text, records, { force }));
  if (result === null) return 2;
  for (const c of result.changed)
    say(
      `${escapeControls(c.name)} was edited since the wrap${force ? ' (--force: its original values go back anyway)' : ''}:\n${escapeControlsKeepingLines(c.diff)}`,
    );
  if (result.changed.length > 0 && !force) {
    say(
      `nothing was changed. Edit ${result.changed.length === 1 ? 'that server' : 'those servers'} back, or run --undo --force to put the original command and args back anyway (every other edit is kept either way).`,
    );
    return 1;
  }
  for (const u of result.untouched) say(`${escapeControls(u.name)}: ${u.why}`);
  if (result.text !== config.text) {
    try {
      replaceFile(config.path, result.text);
    } catch (err) {
      say(`cannot write ${config.path}: ${(err as Error).message}; it is left as it was, and so is ${state}`);
      return 2;
    }
  }
  rmSync(state, { force: true });
  say(
    `${result.restored.length > 0 ? `put back the original command and args of ${result.restored.map(escapeControls).join(', ')} in ${file}` : `nothing to put back in ${file}`}; removed ${state}`,
  );
  return 0;
}
