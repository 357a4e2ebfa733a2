// Turns a bundle's stdio recipe into something this machine can start: relative paths resolve against the directory the
// replay runs in (or --cwd), the command is looked up the way a shell would, and when it cannot be found the error
// names what was looked for and how to override it, instead of a spawn error about a file nobody typed.
import { accessSync, constants, statSync } from 'node:fs';
import { basename, delimiter, isAbsolute, join, resolve } from 'node:path';
import type { RecipeOrigin } from '../../shared/bundle/bundle-format.js';
import type { StdioTarget } from '../../shared/relay-protocol.js';
import { FLAG_WITH_VALUE } from '../bundles/portable-recipe.js';

/** What could not be found and where it was looked for; the caller adds how to override, which differs by caller. */
export class RecipeError extends Error {}

/** How `mcpscope replay` overrides a recipe that does not resolve here. */
export const CLI_OVERRIDE =
  'pass --cwd <dir> (the directory the paths are relative to), or give the server yourself: mcpscope replay <bundle> -- <command> [args...]';

function isFile(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

function isExecutable(p: string): boolean {
  if (!isFile(p)) return false;
  if (process.platform === 'win32') return true;
  try {
    accessSync(p, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Where PATH finds `name`, or null; the list of directories tried goes into the error. */
function onPath(name: string, env: NodeJS.ProcessEnv): string | null {
  const exts = process.platform === 'win32' ? ['', ...(env.PATHEXT ?? '.EXE;.CMD;.BAT').split(';')] : [''];
  for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
    for (const ext of exts) if (isExecutable(join(dir, name + ext))) return join(dir, name + ext);
  }
  return null;
}

export interface ResolvedRecipe {
  target: StdioTarget;
  warnings: string[];
}

/**
 * The recipe ready to spawn in `cwd`. `origin` is the bundle's note of where it was recorded (absent in bundles written
 * before recipes were portable: their absolute paths are used as they are, falling back to PATH for the command).
 */
export function resolveRecipe(recipe: StdioTarget, origin: RecipeOrigin | undefined, cwd: string, env: NodeJS.ProcessEnv = process.env): ResolvedRecipe {
  const warnings: string[] = [];
  const recorded = origin ? ` (recorded in ${origin.cwd})` : '';
  // An old bundle's absolute cwd wins when it exists here; otherwise the replay's own directory stands in for it.
  let dir = resolve(cwd);
  if (recipe.cwd !== undefined) {
    const given = resolve(cwd, recipe.cwd);
    if (isDirectory(given)) dir = given;
    else warnings.push(`the recorded working directory ${recipe.cwd} does not exist here; running in ${dir}`);
  }
  let command = recipe.command;
  if (command.includes('/') || command.includes('\\')) {
    const full = resolve(dir, command);
    if (isExecutable(full) || (isFile(full) && process.platform === 'win32')) command = full;
    else if (isAbsolute(command) && onPath(basename(command), env)) {
      // An absolute path from another machine (its own Node, say): the same program on this PATH is the best guess.
      warnings.push(`${command} does not exist here; using ${basename(command)} from PATH`);
      command = basename(command);
    } else
      throw new RecipeError(
        `cannot find the server command "${recipe.command}"${recorded}: looked for ${full}${isAbsolute(command) ? ` and for ${basename(command)} on PATH` : ''}`,
      );
  } else if (!onPath(command, env)) {
    throw new RecipeError(`cannot find the server command "${command}" on PATH (${env.PATH ?? ''})`);
  }
  for (const i of origin?.relativeArgs ?? []) {
    const arg = recipe.args[i];
    if (arg === undefined) continue;
    // `--config=conf/a.json`: the path is the value after the equals sign.
    const eq = FLAG_WITH_VALUE.exec(arg);
    const full = resolve(dir, eq ? arg.slice(eq[0].length) : arg);
    if (!statOk(full)) throw new RecipeError(`cannot find ${arg}${recorded}, the server's argument ${i + 1}: looked for ${full}`);
  }
  return { target: { ...recipe, command, cwd: dir }, warnings };
}

function isDirectory(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

function statOk(p: string): boolean {
  try {
    statSync(p);
    return true;
  } catch {
    return false;
  }
}
