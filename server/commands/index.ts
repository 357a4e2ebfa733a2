// The registry of `mcpscope <command>` subcommands; each module exports run(argv) resolving to the exit code.

export interface Subcommand {
  run(argv: string[]): Promise<number>;
}

export const SUBCOMMANDS: Record<string, () => Promise<Subcommand>> = {
  lint: () => import('./lint.js'),
  open: () => import('./open.js'),
  replay: () => import('./replay.js'),
  call: () => import('./call.js'),
};
