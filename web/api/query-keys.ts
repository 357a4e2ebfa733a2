// The TanStack Query keys for relay data, in one place so socket updates and hooks agree on them.
export const queryKeys = {
  config: ['config'] as const,
  sessions: ['sessions'] as const,
};
