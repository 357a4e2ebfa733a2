// Runs the built mcpscope CLI (or one of the repository's Node scripts) once to completion and collects its exit code and output.
import { spawn } from 'node:child_process';
import { BIN } from './relay-process.js';

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `node <script> ...args`, with this test's Node. */
export function runScript(script: string, args: string[], env: Record<string, string> = {}, cwd?: string): Promise<CliRun> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, [script, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], ...(cwd ? { cwd } : {}) });
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
