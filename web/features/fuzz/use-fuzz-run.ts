// Runs a `mcpscope fuzz` campaign in the relay on scratch connections to this session's target
// (POST /api/sessions/:id/fuzz) and polls its progress until it is done; the session under test sees none of it.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FuzzRunBody, FuzzRunStatus } from '../../../shared/fuzz/fuzz-report.js';
import { useRelay } from '../../lib/relay/relay-context.js';

/** How often a running campaign's progress is read. */
const POLL_MS = 400;

export function useFuzzRun(sessionId: string) {
  const client = useRelay();
  const [status, setStatus] = useState<FuzzRunStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // A tab closed mid-campaign stops polling (the campaign itself goes on in the relay).
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimeout(timer.current);
    };
  }, []);

  const poll = useCallback(
    (runId: string) => {
      timer.current = setTimeout(() => {
        client.http
          .call('fuzzRun', { params: { runId } })
          .then((s) => {
            if (!mounted.current) return;
            setStatus(s);
            if (s.state === 'running' || s.state === 'keeping') poll(runId);
          })
          .catch((err: unknown) => setError(err instanceof Error ? err.message : String(err)));
      }, POLL_MS);
    },
    [client],
  );

  const start = useCallback(
    async (body: FuzzRunBody) => {
      setError(null);
      try {
        const s = await client.http.call('startFuzz', { params: { id: sessionId }, body });
        setStatus(s);
        poll(s.runId);
      } catch (err) {
        setError(err instanceof Error ? err.message : String(err));
      }
    },
    [client, sessionId, poll],
  );

  const stop = useCallback(async () => {
    if (status) await client.http.call('stopFuzz', { params: { runId: status.runId } }).catch(() => undefined);
  }, [client, status]);

  const running = status?.state === 'running' || status?.state === 'keeping';
  return { status, running, error, start, stop };
}
