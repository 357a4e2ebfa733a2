// Runs `mcpscope check` in the relay on scratch connections to this session's target (POST /api/sessions/:id/check) and
// keeps the latest report; the session under test never sees a check frame. Until this page runs one, the report is the
// last one the relay kept for the session (a reload brings it back).
import { useCallback, useState } from 'react';
import type { CheckReport, CheckRunBody } from '../../../shared/check/check-types.js';
import { useSavedCheck } from '../../api/use-saved-results.js';
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
  const saved = useSavedCheck(sessionId).data;
  const kept = report === null && saved?.report ? { report: saved.report, savedAt: saved.savedAt } : null;
  return { report: report ?? kept?.report ?? null, savedAt: kept?.savedAt ?? null, running, error, run };
}
