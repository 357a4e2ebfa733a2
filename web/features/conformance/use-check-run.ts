// Runs `mcpscope check` in the relay on scratch connections to this session's target (POST /api/sessions/:id/check) and
// keeps the latest report; the session under test never sees a check frame.
import { useCallback, useState } from 'react';
import type { CheckReport, CheckRunBody } from '../../../shared/check/check-types.js';
import { useRelay } from '../../lib/relay/relay-context.js';

export type CheckRunInput = Partial<Pick<CheckRunBody, 'allowTools' | 'robustness' | 'only'>>;

export function useCheckRun(sessionId: string) {
  const client = useRelay();
  const [report, setReport] = useState<CheckReport | null>(null);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = useCallback(
    async (input: CheckRunInput) => {
      setRunning(true);
      setError(null);
      try {
        // The same era as this session's handshake, so the check meets the server as the inspector did.
        const era = client.engines.get(sessionId).connection?.era;
        setReport(await client.http.call('runCheck', { params: { id: sessionId }, body: { ...input, ...(era ? { era } : {}) } }));
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
