// Runs a kept collection in the relay against this session's target (POST /api/sessions/:id/run-collection) and keeps
// the latest report; the run is its own recorded session, linked to this one.
import { useCallback, useState } from 'react';
import type { RunReport } from '../../../shared/collections/collection-schema.js';
import { useRelay } from '../../lib/relay/relay-context.js';

export function useCollectionRun(sessionId: string) {
  const client = useRelay();
  const [report, setReport] = useState<RunReport | null>(null);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(
    async (collectionId: string) => {
      setRunning(true);
      setError(null);
      try {
        setReport(await client.http.call('runCollection', { params: { id: sessionId }, body: { collectionId, timeoutMs: 30_000 } }));
      } catch (err) {
        setError(err instanceof Error ? err.message : String(err));
      } finally {
        setRunning(false);
      }
    },
    [client, sessionId],
  );
  return { report, running, error, run };
}
