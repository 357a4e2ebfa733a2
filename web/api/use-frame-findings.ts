// The relay's lint of a windowed session (one too large for the page to hold, so to lint): a summary grouped by
// rule, read again every second while the relay is still linting, then kept.
import { useQuery } from '@tanstack/react-query';
import type { FindingsSummary } from '../../shared/frame-window-api.js';
import type { Severity } from '../../shared/lint/index.js';
import { useRelay } from '../lib/relay/relay-context.js';

const POLL_MS = 1_000;

/** null for a session the page holds whole (its findings come from the browser's linter) or before the first answer. */
export function useFrameFindings(sessionId: string | null, windowed: boolean): FindingsSummary | null {
  const { http } = useRelay();
  const { data } = useQuery({
    queryKey: ['frame-findings', sessionId],
    queryFn: () => http.call('findingsSummary', { params: { id: sessionId! } }),
    enabled: windowed && sessionId !== null,
    // A live session keeps growing: look again now and then even after a lint caught up.
    refetchInterval: (q) => (q.state.data?.done ? POLL_MS * 5 : POLL_MS),
  });
  return windowed && data ? data : null;
}

export function summaryCounts(summary: FindingsSummary): Record<Severity, number> {
  const out: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  for (const r of summary.rules) out[r.severity] += r.count;
  return out;
}
