// The TanStack Query keys for relay data, in one place so socket updates and hooks agree on them.
export const queryKeys = {
  config: ['config'] as const,
  sessions: ['sessions'] as const,
  /** Answers from one server process: the epoch changes with every new handshake, so a restart never sees stale lists. */
  mcp: (sessionId: string, epoch: string, ...rest: unknown[]) => ['mcp', sessionId, epoch, ...rest] as const,
};
