// Makes a stdio recipe portable before it leaves the machine: paths under the directory the server ran in are written
// relative to it, the relay's own Node becomes `node`, and that directory is kept aside, so a bundle recorded in one
// checkout replays from the root of another (see server/replay/recipe-resolver.ts for the other half).
import { basename, isAbsolute, relative, sep } from 'node:path';
import type { RecipeOrigin } from '../../shared/bundle/bundle-format.js';
import type { Target } from '../../shared/relay-protocol.js';
import { iterateFrames } from '../store/archive/frame-cursor.js';
import type { Recorder } from '../store/recorder.js';

/** The directory the session's server was spawned in, as the relay's `spawned` event recorded it. */
export async function spawnedCwd(recorder: Recorder, sessionId: string): Promise<string | null> {
  for await (const f of iterateFrames(recorder, sessionId, { dir: 'relay', kinds: ['event'] })) {
    if (f.method !== 'spawned') continue;
    try {
      const cwd = (JSON.parse(f.text) as { cwd?: unknown }).cwd;
      return typeof cwd === 'string' ? cwd : null;
    } catch {
      return null;
    }
  }
  return null;
}

/** `p` written relative to `base` when it lies inside it (`./server.js`, `demo/server.js`), else null. */
function under(base: string, p: string): string | null {
  if (!isAbsolute(p)) return null;
  const rel = relative(base, p);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return null;
  return rel.split(sep).join('/');
}

/** `--flag=/abs/path` with the path under `base`: `--flag=rel/path`, else null. */
function flagValueUnder(base: string, arg: string): string | null {
  const eq = FLAG_WITH_VALUE.exec(arg);
  if (!eq) return null;
  const rel = under(base, arg.slice(eq[0].length));
  return rel === null ? null : eq[0] + rel;
}

/** The `--name=` of an argument that carries its value after an equals sign (the value is then the path). */
export const FLAG_WITH_VALUE = /^-{1,2}[^=\s]+=/;

export interface PortableRecipe {
  target: Target;
  origin: RecipeOrigin | null;
}

/**
 * The recipe with machine-specific paths taken out. `base` is the directory the server ran in (its cwd, or the relay's
 * when none was given). Remote targets have no paths and pass through unchanged.
 */
export function portableRecipe(target: Target, base: string | null, nodePath: string = process.execPath): PortableRecipe {
  if (target.transport !== 'stdio' || base === null || !isAbsolute(base)) return { target, origin: null };
  const relativeArgs: number[] = [];
  const args = target.args.map((a, i) => {
    const rel = under(base, a) ?? flagValueUnder(base, a);
    if (rel === null) return a;
    relativeArgs.push(i);
    return rel;
  });
  let command = target.command;
  // The relay's own Node (the demo, or `process.execPath` in a script) means "node" to whoever replays it.
  if (command === nodePath) command = basename(nodePath).replace(/\.exe$/i, '') === 'node' ? 'node' : command;
  else {
    const rel = under(base, command);
    // A command with no slash would be looked up on PATH; `./` keeps it a path relative to the directory.
    if (rel !== null) command = rel.includes('/') ? rel : `./${rel}`;
  }
  // The recorded directory goes to `origin`; the recipe itself runs wherever the replay is started (or --cwd).
  const { cwd: _dropped, ...rest } = target;
  return {
    target: { ...rest, command, args },
    origin: { cwd: base, command: target.command, relativeArgs, commandRelative: command !== target.command && command !== 'node' },
  };
}
