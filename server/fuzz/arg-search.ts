// Argument fuzzing: a tool's arguments generated from its inputSchema (fitting, at the edges, breaking it), each sent
// as one tools/call; a failing input is shrunk by fast-check, then members it does not need are dropped one by one.
import { isPlainObject } from '../../shared/jsonrpc.js';
import type { CallSession } from '../call/call-session.js';
import type { ToolInfo } from './fuzz-connection.js';
import type { Search } from './fuzz-context.js';
import { argumentsArb } from './schema-arbitrary.js';

/** Sends one tools/call with these arguments and waits for its answer (or the timeout, which the hang oracle reads). */
function callTool(name: string, args: unknown, timeoutMs: number): (session: CallSession) => Promise<unknown> {
  // A progress token (onProgress) lets a long-running tool show it is working: the hang oracle then leaves it be.
  return (session) => session.engine.request('tools/call', { name, arguments: args }, { timeoutMs, onProgress: () => undefined });
}

/**
 * Cuts fast-check's shrinking does not make: `args` without one of its members, each in turn (the members a failure
 * does not need go), and each string member as plain spaces of the same length (a length threshold then reads as one).
 */
function simplerArguments(args: unknown): unknown[] {
  if (!isPlainObject(args)) return [];
  const dropped = Object.keys(args).map((k) => Object.fromEntries(Object.entries(args).filter(([key]) => key !== k)));
  const plain = Object.entries(args).flatMap(([k, v]) => (typeof v === 'string' && /[^ ]/.test(v) ? [{ ...args, [k]: ' '.repeat(v.length) }] : []));
  return [...dropped, ...plain];
}

export function argumentSearch(tool: ToolInfo, timeoutMs: number): Search<unknown> {
  return {
    mode: 'args',
    subject: tool.name,
    arb: argumentsArb(tool.inputSchema),
    act: (args) => callTool(tool.name, args, timeoutMs),
    simpler: simplerArguments,
    overlap: true,
  };
}
