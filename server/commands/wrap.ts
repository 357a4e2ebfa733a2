// `mcpscope wrap <config>`: makes a host's MCP config run chosen stdio servers through `mcpscope tap`, keeping a backup
// of the original that `--undo` puts back byte for byte. Only the wrapped servers' "command" and "args" change.
import { copyFileSync, existsSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { wrapConfig } from '../../shared/profiles/wrap-config.js';
import { UsageError, flagHelp, list, onOff, parseFlags, value } from '../cli/flags.js';
import { nonEmpty } from '../cli/validators.js';
import { packageRoot } from '../package-root.js';

const FLAGS = {
  server: list('<name>', 'a server to wrap, by its name in the file (repeatable)', nonEmpty('a server name')),
  all: onOff('wrap every stdio server in the file'),
  undo: onOff('put the original file back from the backup, byte for byte, and remove the backup'),
  'data-dir': value('<dir>', "the store the taps record into (default: the inspector's)"),
};

export const USAGE = `usage: mcpscope wrap <config file> (--server <name>... | --all) [--data-dir <dir>]
       mcpscope wrap <config file> --undo

Rewrites a host's MCP config (Claude Desktop, Claude Code, Cursor, VS Code's mcp.json or settings.json) so the chosen
stdio servers run through mcpscope tap: their "command" becomes this Node and their "args" mcpscope's script, tap,
--name <server>, --, then the original command and arguments. Nothing else in the file changes: comments (JSONC),
formatting and every other value are kept. The first wrap saves the original as <config file>.mcpscope-backup; running
wrap again changes nothing for servers already wrapped. Remote servers (a "url") are not wrapped: run
mcpscope tap --url <url> and point the entry at the address it prints. Restart the host to pick the change up.

${flagHelp(FLAGS)}

Exit codes: 0 done (or nothing to do), 1 a named server is not in the file or there is no backup to undo, 2 usage
errors and files that cannot be read or parsed.`;

/** The script this mcpscope runs from: hosts start it with this Node, so neither PATH nor a global install matters. */
const BIN = join(packageRoot(), 'bin', 'mcpscope.js');

function say(line: string): void {
  process.stderr.write(`mcpscope wrap: ${line}\n`);
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
    if (v.undo === true && (v.server !== undefined || v.all === true || v['data-dir'] !== undefined)) throw new UsageError('--undo takes the config file alone');
    if (v.undo !== true && (v.server === undefined) === (v.all !== true)) throw new UsageError('name the servers to wrap with --server, or wrap them all with --all');
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    say(`${err.message}\n\n${USAGE}`);
    return 2;
  }
  const backup = `${file}.mcpscope-backup`;
  if (v.undo === true) {
    if (!existsSync(backup)) {
      say(`no backup ${backup}: nothing to undo`);
      return 1;
    }
    copyFileSync(backup, file);
    rmSync(backup);
    say(`restored ${file} from ${backup}`);
    return 0;
  }
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (err) {
    say(`cannot read ${file}: ${(err as Error).message}`);
    return 2;
  }
  const text = bytes.toString('utf8');
  if (!Buffer.from(text, 'utf8').equals(bytes)) {
    say(`${file} is not valid UTF-8: left as it is`);
    return 2;
  }
  let result;
  try {
    result = wrapConfig(text, {
      servers: v.server ?? null,
      runner: { command: process.execPath, args: [BIN] },
      tapFlags: v['data-dir'] !== undefined ? ['--data-dir', resolve(v['data-dir'])] : [],
    });
  } catch (err) {
    say(`${file} is not an MCP config this can read: ${(err as Error).message}`);
    return 2;
  }
  const missing = result.skipped.filter((s) => s.why.startsWith('no server named'));
  for (const s of result.skipped) say(`${s.name}: ${s.why}`);
  if (missing.length > 0) {
    say('nothing was changed');
    return 1;
  }
  if (result.wrapped.length === 0) {
    say(`nothing to change in ${file}`);
    return 0;
  }
  // The first wrap keeps the original; a later one (more servers) must not overwrite it with a wrapped file.
  if (!existsSync(backup)) copyFileSync(file, backup);
  const tmp = `${file}.mcpscope-tmp`;
  writeFileSync(tmp, result.text, { mode: statSync(file).mode });
  renameSync(tmp, file);
  say(`wrapped ${result.wrapped.join(', ')} in ${file} (original kept in ${backup}; comments and formatting unchanged). Restart the host to use it.`);
  return 0;
}
