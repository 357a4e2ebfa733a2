// Runs the built mcpscope CLI (or one of the repository's Node scripts) once to completion and collects its exit code and output.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN } from './relay-process.js';

/** A data home of this test file's own: a CLI run never reads or writes the user's data dir (confirmed recipes). */
const dataHome = mkdtempSync(join(tmpdir(), 'mcpscope-cli-home-'));

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `node <script> ...args`, with this test's Node. */
export function runScript(script: string, args: string[], env: Record<string, string> = {}, cwd?: string): Promise<CliRun> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, [script, ...args], { env: { ...process.env, XDG_DATA_HOME: dataHome, ...env }, stdio: ['ignore', 'pipe', 'pipe'], ...(cwd ? { cwd } : {}) });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    p.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    p.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

export function runCli(args: string[], env: Record<string, string> = {}, cwd?: string): Promise<CliRun> {
  return runScript(BIN, args, env, cwd);
}
