// Runs fault presets one at a time, grades each with the shared verdict functions and keeps the results.
import { useCallback, useRef, useState } from 'react';
import type { FaultPayload, FaultPreset } from '../../../shared/fault-lab/index.js';
import { useRelay } from '../../lib/relay/relay-context.js';
import { SendError } from '../../lib/relay/relay-socket.js';
import { probePreset, type FaultRun, type ProbeContext } from './probe-preset.js';

export type { FaultRun } from './probe-preset.js';

export function useFaultRunner(sessionId: string, ctx: ProbeContext) {
  const client = useRelay();
  const [runs, setRuns] = useState<FaultRun[]>([]);
  const [running, setRunning] = useState<string | null>(null);
  // Probes run strictly one after another: replies from two faults in flight could not be told apart.
  const queue = useRef<Promise<void>>(Promise.resolve());
  const { waitMs, protocolVersion, negotiated, overHttp } = ctx;

  const runOne = useCallback(
    async (preset: FaultPreset, payload?: FaultPayload): Promise<void> => {
      setRunning(preset.id);
      let run: FaultRun;
      try {
        run = await probePreset(client, sessionId, preset, payload, { waitMs, protocolVersion, negotiated, overHttp });
      } catch (err) {
        const why = err instanceof SendError ? `${err.code}: ${err.message}` : err instanceof Error ? err.message : String(err);
        run = { presetId: preset.id, title: preset.title, spec: preset.spec, sent: '', verdict: { outcome: 'no-reply', explanation: `Not sent (made locally, not by the server): ${why}` }, firstReply: null, waitedMs: 0, sentSeq: null };
      }
      setRuns((prev) => [...prev.filter((r) => r.presetId !== preset.id), run]);
      setRunning(null);
    },
    [client, sessionId, waitMs, protocolVersion, negotiated, overHttp],
  );

  const run = useCallback(
    (preset: FaultPreset, payload?: FaultPayload): Promise<void> => {
      const next = queue.current.then(() => runOne(preset, payload));
      queue.current = next.catch(() => undefined);
      return next;
    },
    [runOne],
  );

  const clear = useCallback(() => setRuns([]), []);
  return { runs, running, run, clear };
}
