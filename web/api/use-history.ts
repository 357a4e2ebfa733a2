// The session history: search, stats, rename and tag, delete, bundle import and replay. Every change refreshes both the
// history and the connection bar's session list.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReplayBody, SessionPatch } from '../../shared/archive-api.js';
import { useRelay } from '../lib/relay/relay-context.js';
import { archiveKeys } from './archive-keys.js';
import { queryKeys } from './query-keys.js';

function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: archiveKeys.historyAll });
    void queryClient.invalidateQueries({ queryKey: queryKeys.sessions });
  };
}

/** Sessions per page of the history list; "Load more" fetches the next. */
const HISTORY_PAGE = 50;

/** The history a page at a time: each asks for one more than it shows, so the list knows whether more follow. */
export function useHistory(q: string, tag: string) {
  const { http } = useRelay();
  return useInfiniteQuery({
    queryKey: archiveKeys.history(q, tag),
    queryFn: ({ pageParam }) => http.call('history', { query: { q, tag, offset: pageParam, limit: HISTORY_PAGE + 1 } }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.sessions.length > HISTORY_PAGE ? pages.length * HISTORY_PAGE : undefined),
    select: (data) => ({
      sessions: data.pages.flatMap((p) => p.sessions.slice(0, HISTORY_PAGE)),
      tags: data.pages[data.pages.length - 1]?.tags ?? [],
    }),
    staleTime: 2_000,
    placeholderData: (prev) => prev,
  });
}

/** Stats for one session; keyed on its last seq, so a session that grew is counted again. */
export function useSessionStats(id: string, lastSeq: number, enabled: boolean) {
  const { http } = useRelay();
  return useQuery({ queryKey: archiveKeys.stats(id, lastSeq), queryFn: () => http.call('sessionStats', { params: { id } }), enabled, staleTime: Infinity });
}

export function usePatchSession() {
  const { http } = useRelay();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: SessionPatch }) => http.call('patchSession', { params: { id }, body: patch }),
    onSuccess: refresh,
  });
}

export function useDeleteSession() {
  const { http } = useRelay();
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: string) => http.call('deleteSession', { params: { id } }), onSuccess: refresh });
}

export function useImportBundle() {
  const { http } = useRelay();
  const refresh = useRefresh();
  return useMutation({ mutationFn: (file: Blob) => http.call('importBundle', { body: file }), onSuccess: refresh });
}

export function useReplaySession() {
  const { http } = useRelay();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ReplayBody }) => http.call('replaySession', { params: { id }, body }),
    onSuccess: refresh,
  });
}
