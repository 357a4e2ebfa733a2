// Runs the built mcpscope CLI (or one of the repository's Node scripts) once to completion and collects its exit code and output.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { BIN, ROOT } from './relay-process.js';

/**
 * A data home of each test file's own: a CLI run never reads or writes the user's data dir (confirmed recipes), nor
 * what another file's runs left there. Keyed by the file, since a worker runs several files on one copy of this
 * module (`isolate: false`).
 */
const homes = new Map<string, string>();
function dataHome(): string {
  const file = expect.getState().testPath ?? '';
  let home = homes.get(file);
  if (home === undefined) {
    home = mkdtempSync(join(tmpdir(), 'mcpscope-cli-home-'));
    homes.set(file, home);
  }
  return home;
}

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `node <script> ...args`, with this test's Node. */
export function runScript(script: string, args: string[], env: Record<string, string> = {}, cwd?: string): Promise<CliRun> {
  return runNode([script, ...args], env, cwd);
}

/** `node ...argv` (Node's own flags first, then the script and its arguments), with this test's Node. */
export function runNode(argv: string[], env: Record<string, string> = {}, cwd?: string): Promise<CliRun> {
  return new Promise((resolve) => {
    // Colour is the test's to ask for: a FORCE_COLOR or NO_COLOR in the shell that runs the tests must not change output.
    const { FORCE_COLOR: _force, NO_COLOR: _none, ...inherited } = process.env;
    const p = spawn(process.execPath, argv, {
      env: { ...inherited, XDG_DATA_HOME: dataHome(), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(cwd ? { cwd } : {}),
    });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    p.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    void exitedAndRead(p).then((code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * A child's exit code once its output has been read: 'close', not 'exit', since a process can exit before its last
 * output is read from the pipes (a loaded CI once saw exit code 0 and empty stdout). A grandchild that keeps a pipe
 * open must not hang a test, so after the exit the pipes get five seconds more, then the code is returned anyway.
 */
export function exitedAndRead(p: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    p.on('exit', (code) => setTimeout(() => resolve(code), 5_000).unref());
    p.on('close', (code) => resolve(code));
  });
}

export function runCli(args: string[], env: Record<string, string> = {}, cwd?: string): Promise<CliRun> {
  return runScript(BIN, args, env, cwd);
}

/** Runs `mcpscope <args>` on a pseudo-terminal (util-linux `script`), typing `answer` at its prompt. */
export function runOnTerminal(args: string[], answer: string, dataHome: string): Promise<{ code: number | null; output: string }> {
  const line = [process.execPath, BIN, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  return new Promise((resolve) => {
    const p = spawn('script', ['-qec', line, '/dev/null'], { cwd: ROOT, env: { ...process.env, XDG_DATA_HOME: dataHome }, stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    let answered = false;
    const onData = (c: Buffer) => {
      output += c.toString();
      // Answer once the question is on screen: typed earlier, the pty would echo it before the prompt exists.
      if (!answered && output.includes('Run it? [y/N]')) {
        answered = true;
        p.stdin.write(`${answer}\n`);
      }
    };
    p.stdout.on('data', onData);
    p.stderr.on('data', onData);
    void exitedAndRead(p).then((code) => resolve({ code, output }));
  });
}
