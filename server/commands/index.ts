// The registry of `mcpscope <command>` subcommands; each module exports its USAGE and run(argv), which resolves to the
// exit code, or to the relay options for cli.ts to start the inspector with (the only module that listens).
import type { RelayOptions } from '../cli/cli-args.js';

export interface RelayLaunch {
  relay: RelayOptions;
  /** The session the inspector opens on. */
  sessionId: string;
}

export interface Subcommand {
  USAGE: string;
  run(argv: string[]): Promise<number | RelayLaunch>;
}

export function isRelayLaunch(result: number | RelayLaunch): result is RelayLaunch {
  return typeof result === 'object';
}

export const SUBCOMMANDS: Record<string, () => Promise<Subcommand>> = {
  lint: () => import('./lint.js'),
  open: () => import('./open.js'),
  replay: () => import('./replay.js'),
  call: () => import('./call.js'),
  tap: () => import('./tap.js'),
  wrap: () => import('./wrap.js'),
  check: () => import('./check.js'),
  export: () => import('./export.js'),
};
