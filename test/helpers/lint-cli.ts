// Runs the built `mcpscope lint` as a real process and parses the JSON lines it prints.
import { spawn } from 'node:child_process';
import { BIN } from './relay-process.js';

export interface LintRun {
  code: number | null;
  stdout: string;
  stderr: string;
  lines: Array<{ ruleId: string; severity: string; seq: number; message: string; related?: number[] }>;
}

export function runLint(args: string[], stdin?: string): Promise<LintRun> {
  const proc = spawn(process.execPath, [BIN, 'lint', ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  proc.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  proc.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  proc.stdin.end(stdin ?? '');
  return new Promise((ok) =>
    proc.on('close', (code) =>
      ok({
        code,
        stdout,
        stderr,
        lines: stdout
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l) as LintRun['lines'][number]),
      }),
    ),
  );
}
