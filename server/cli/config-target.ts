// `--config <file> --server <name>`: the server a Claude Desktop, Claude Code (.mcp.json), Cursor or VS Code (mcp.json,
// settings.json) config file describes, with its variables expanded, as the target `mcpscope` and `mcpscope call` run.
// A server that cannot be read is an error that says why, never silently skipped; the file is the user's own, named on
// their command line, so its recipe runs like a typed one (imported profiles and bundles go through recipe trust),
// except that the variables it sets which change how code loads are named in a warning first. Every name and value
// from the file that a message or warning quotes has its control characters escaped: the file cannot rewrite what the
// terminal shows.
import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { basename, dirname, resolve } from 'node:path';
import { isPlainObject } from '../../shared/jsonrpc.js';
import { ConfigVariableError, expandVariables, inputIds } from '../../shared/profiles/config-variables.js';
import { McpConfigError, parseConfigRoot, profileOfEntry, serversOf } from '../../shared/profiles/parse-mcp-config.js';
import type { Target } from '../../shared/relay-protocol.js';
import { quoteEscaped } from '../../shared/trust/env-names.js';
import { isDangerousEnv } from '../../shared/trust/recipe-review.js';
import { UsageError } from './flags.js';
import { escapeControls as e } from '../../shared/trust/escape-controls.js';

export interface ConfigChoice {
  file: string;
  /** Which server; may be left out when the file has exactly one. */
  server: string | undefined;
  /** --input id=value: VS Code `${input:id}` values. */
  inputs: Record<string, string>;
  /** --env and --cwd from the command line: added over the server's env, in place of its directory. */
  env: Record<string, string>;
  cwd: string | null;
}

/** A VS Code `inputs` entry, as `${input:id}` asks for it. */
export interface InputSpec {
  id: string;
  description: string;
  password: boolean;
  default: string | undefined;
}

export interface ConfigContext {
  env: Record<string, string | undefined>;
  /** Asks for an input at a terminal; absent when there is none (then --input or the input's default must do). */
  ask?: (input: InputSpec) => Promise<string>;
}

/** VS Code and Cursor keep project configs in `.vscode/` and `.cursor/`: the workspace is the folder above. */
function workspaceOf(file: string): string {
  const dir = dirname(resolve(file));
  return ['.vscode', '.cursor'].includes(basename(dir)) ? dirname(dir) : dir;
}

function inputSpecs(root: unknown): Map<string, InputSpec> {
  const list = isPlainObject(root) && Array.isArray(root.inputs) ? root.inputs : [];
  const specs = new Map<string, InputSpec>();
  for (const i of list) {
    if (!isPlainObject(i) || typeof i.id !== 'string') continue;
    specs.set(i.id, {
      id: i.id,
      description: typeof i.description === 'string' ? i.description : i.id,
      password: i.password === true,
      default: typeof i.default === 'string' ? i.default : undefined,
    });
  }
  return specs;
}

export async function configTarget(choice: ConfigChoice, ctx: ConfigContext): Promise<{ name: string; target: Target; warnings: string[] }> {
  const where = `--config ${e(choice.file)}`;
  let text: string;
  try {
    text = await readFile(choice.file, 'utf8');
  } catch (err) {
    throw new UsageError(`${where}: cannot read it (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  let root: unknown;
  let servers: Record<string, unknown>;
  try {
    root = parseConfigRoot(text);
    servers = serversOf(root).servers;
  } catch (err) {
    if (err instanceof McpConfigError) throw new UsageError(`${where}: ${err.message}`);
    throw err;
  }
  const names = Object.keys(servers);
  const name = choice.server ?? (names.length === 1 ? names[0]! : null);
  if (name === null)
    throw new UsageError(`${where}: say which server with --server <name>; the file has ${names.length === 0 ? 'none' : names.map(e).join(', ')}`);
  if (!Object.hasOwn(servers, name)) throw new UsageError(`${where}: no server "${e(name)}"; the file has ${names.map(e).join(', ') || 'none'}`);

  const entry = servers[name];
  const inputs = { ...choice.inputs };
  const specs = inputSpecs(root);
  for (const id of inputIds(entry)) {
    if (id in inputs) continue;
    const spec = specs.get(id) ?? { id, description: id, password: true, default: undefined };
    if (ctx.ask) inputs[id] = await ctx.ask(spec);
    else if (spec.default !== undefined) inputs[id] = spec.default;
  }
  let expanded: unknown;
  try {
    expanded = expandVariables(entry, { env: ctx.env, home: homedir(), workspaceFolder: workspaceOf(choice.file), inputs });
  } catch (err) {
    if (err instanceof ConfigVariableError) throw new UsageError(`${where}: server "${e(name)}": ${e(err.message)}`);
    throw err;
  }
  const warnings: string[] = [];
  const profile = profileOfEntry(name, expanded, (m) => warnings.push(m));
  if (!profile) throw new UsageError(`${where}: server ${warnings.map(e).join('; ')}`);
  // The file runs like a typed recipe, but a project's config comes with a clone: what it sets that can make the
  // server run code of the file's choosing is said out loud, on one line, before anything is spawned.
  const dangerous = profile.target.transport === 'stdio' ? Object.keys(profile.target.env).filter(isDangerousEnv) : [];
  if (dangerous.length > 0)
    warnings.push(
      `server ${quoteEscaped(name)} in ${choice.file} sets ${dangerous.join(', ')}, which can make it run code the file chose; run it only if you trust the file`,
    );
  return { name, target: withOverrides(profile.target, choice.env, choice.cwd), warnings: warnings.map(e) };
}

/** The config's target with the command line's --env added over its env and --cwd in place of its directory. */
function withOverrides(target: Target, env: Record<string, string>, cwd: string | null): Target {
  if (target.transport !== 'stdio') {
    if (Object.keys(env).length > 0 || cwd !== null)
      throw new UsageError(`--env and --cwd go with a stdio server; this one is ${target.transport} ${e(target.url)}`);
    return target;
  }
  return { ...target, env: { ...target.env, ...env }, ...(cwd === null ? {} : { cwd }) };
}
