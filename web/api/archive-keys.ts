// TanStack Query keys for the history and profile routes, apart from query-keys.ts so the two lists evolve separately.
export const archiveKeys = {
  history: (q: string, tag: string) => ['history', q, tag] as const,
  historyAll: ['history'] as const,
  stats: (id: string, lastSeq: number) => ['session-stats', id, lastSeq] as const,
  profiles: ['profiles'] as const,
  collections: ['collections'] as const,
  collection: (id: string) => ['collections', id] as const,
};
