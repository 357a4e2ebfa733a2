// How a server command is started and its tree ended on each platform. Windows runs npx and other .cmd shims only
// through cmd.exe (cross-spawn does the lookup and quoting), has no process groups (taskkill /T ends the tree), and
// would flash a console window for each server without windowsHide.
import type { SpawnOptions } from 'node:child_process';

/** The spawn options for a stdio server: its own process group on POSIX, so the tree can be signalled at once. */
export function serverSpawnOptions(cwd: string | undefined, env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): SpawnOptions {
  return { cwd, env, stdio: 'pipe', windowsHide: true, detached: platform !== 'win32' };
}

/** The command that kills a process and all its descendants on Windows; POSIX signals the group instead. */
export function treeKillCommand(pid: number): { command: string; args: string[] } {
  return { command: 'taskkill', args: ['/pid', String(pid), '/T', '/F'] };
}
